// Merge and delta on hand-written API payloads (shapes as the real server returns them).
// Real-server behaviour is covered by single/cluster tests; random poll sequences against the
// spec by merge-property.test.ts; cluster detection by clusters.test.ts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AlertGroup, GettableAlert, GettableSilence } from '../../../main/core/api/types.ts';
import { diffViews } from '../../../main/core/engine/delta.ts';
import { Merger, type MergeInput, type MergeInstance } from '../../../main/core/engine/merge.ts';
import type { HealthState } from '../../../main/core/model/view.ts';
// What a delta means (the window's own reader is checked in test/renderer/view-stream.test.ts).
import { applyDelta } from './spec/apply-delta.ts';
import { T, copy, rawAlert as alert } from './merge-fixtures.ts';

function silence(id: string): GettableSilence {
  return {
    id,
    matchers: [{ name: 'a', value: 'b', isRegex: false, isEqual: true }],
    startsAt: T,
    endsAt: '2026-11-21T05:00:00.000Z',
    updatedAt: T,
    createdBy: 'me',
    comment: 'c',
    status: { state: 'active' },
  };
}

function inst(
  id: string,
  clusterId: string,
  health: HealthState,
  groups: AlertGroup[] | undefined,
  silences: GettableSilence[] = [],
): MergeInstance {
  return {
    view: { id, name: id, url: `http://${id}`, clusterId, enabled: true, health },
    data: groups ? { groups, silences } : undefined,
  };
}

function input(instances: MergeInstance[]): MergeInput {
  return {
    instances,
    clusterNames: {},
    severityLabel: 'severity',
    severityOrder: ['critical', 'error', 'warning', 'info'],
  };
}

const disk = alert('f1', { alertname: 'Disk', severity: 'warning' });
const cpu = alert(
  'f2',
  { alertname: 'Cpu', severity: 'critical' },
  {
    receivers: [{ name: 'pager' }, { name: 'team-a' }],
  },
);
const odd = alert('f3', { alertname: 'Odd', severity: 'sev-x' });
const groupsOf = (...alerts: GettableAlert[]): AlertGroup[] =>
  [
    {
      labels: { alertname: 'Disk' },
      receiver: { name: 'team-a' },
      alerts: alerts.filter((a) => a.labels.alertname === 'Disk'),
    },
    {
      labels: { alertname: 'Cpu' },
      receiver: { name: 'pager' },
      alerts: alerts.filter((a) => a.labels.alertname === 'Cpu'),
    },
    {
      labels: { alertname: 'Cpu' },
      receiver: { name: 'team-a' },
      alerts: alerts.filter((a) => a.labels.alertname === 'Cpu'),
    },
    {
      labels: { alertname: 'Odd' },
      receiver: { name: 'team-a' },
      alerts: alerts.filter((a) => a.labels.alertname === 'Odd'),
    },
  ].filter((g) => g.alerts.length > 0);

describe('Merger', () => {
  it('de-duplicates peers: alerts by fingerprint, groups and silences once per cluster', () => {
    const m = new Merger();
    const v = m.merge(
      input([
        inst('a', 'c1', 'ok', copy(groupsOf(disk, cpu, odd)), [silence('s1')]),
        inst('b', 'c1', 'ok', copy(groupsOf(disk, cpu, odd)), [silence('s1')]),
        inst('c', 'c1', 'ok', copy(groupsOf(disk, cpu)), [silence('s1')]),
      ]),
      undefined,
    ).view;
    assert.deepEqual(Object.keys(v.alerts).sort(), ['f1', 'f2', 'f3']);
    assert.deepEqual(v.alerts.f1!.instances, ['a', 'b', 'c']);
    assert.deepEqual(v.alerts.f3!.instances, ['a', 'b']);
    assert.deepEqual(v.alerts.f2!.clusters, ['c1']);
    assert.deepEqual(v.alerts.f2!.receivers, ['pager', 'team-a']);
    // Cpu is listed under pager and team-a (a route with `continue`): one group naming both.
    assert.deepEqual(Object.keys(v.groups).sort(), [
      'c1|alertname="Cpu"',
      'c1|alertname="Disk"',
      'c1|alertname="Odd"',
    ]);
    assert.deepEqual(v.groups['c1|alertname="Cpu"']!.receivers, ['pager', 'team-a']);
    assert.deepEqual(v.groups['c1|alertname="Cpu"']!.alerts, ['f2']);
    assert.deepEqual(v.groups['c1|alertname="Disk"']!.alerts, ['f1']);
    assert.deepEqual(Object.keys(v.silences), ['c1/s1']);
    assert.deepEqual(v.summary.bySeverity, { warning: 1, critical: 1, 'sev-x': 1 });
    assert.equal(v.summary.worst, 'critical');
    assert.equal(v.groups['c1|alertname="Odd"']!.severity, 'sev-x');
  });

  it('de-duplicates an alert or a group a broken server repeats', () => {
    const m = new Merger();
    const groups = groupsOf(disk, cpu);
    for (const g of groups) g.alerts = [...g.alerts, ...g.alerts];
    const v = m.merge(
      input([
        inst('a', 'c1', 'ok', [...copy(groups), ...copy(groups)]),
        inst('b', 'c1', 'ok', [...copy(groups), ...copy(groups)]),
      ]),
      undefined,
    ).view;
    assert.deepEqual(Object.keys(v.groups).length, 2);
    for (const g of Object.values(v.groups)) assert.equal(g.alerts.length, 1, g.key);
    assert.equal(v.groups['c1|alertname="Disk"']!.counts.active, 1);
    assert.deepEqual(v.alerts.f1!.instances, ['a', 'b']);
    assert.equal(v.summary.firing, 2);
  });

  it('keeps per-cluster status and maps silence ids to cluster silence keys', () => {
    const m = new Merger();
    const silenced = alert('f1', disk.labels, {
      status: { state: 'suppressed', silencedBy: ['s1'], inhibitedBy: [] },
    });
    const v = m.merge(
      input([inst('a', 'c1', 'ok', groupsOf(silenced)), inst('x', 'c2', 'ok', groupsOf(disk))]),
      undefined,
    ).view;
    const a = v.alerts.f1!;
    assert.equal(a.state, 'active', 'active in any cluster wins');
    assert.deepEqual(a.statusByCluster.c1, {
      state: 'suppressed',
      silencedBy: ['c1/s1'],
      inhibitedBy: [],
    });
    assert.equal(a.statusByCluster.c2!.state, 'active');
    assert.deepEqual(a.silencedBy, ['c1/s1']);
    assert.deepEqual(a.clusters, ['c1', 'c2']);
  });

  it('keeps only what a dead peer alone lists, stale, until its end; all of it when none answers', () => {
    const m = new Merger();
    // Cpu's end, as Prometheus set it on its last send to b: 05:00.
    const before = Date.parse('2026-11-21T04:00:00.000Z');
    const after = Date.parse('2026-11-21T05:00:01.000Z');
    const at = (now: number, instances: MergeInstance[]): MergeInput => ({
      ...input(instances),
      now,
    });
    // b is dead; Disk is on both peers, Cpu (critical) only on b: peers do not share alerts.
    let v = m.merge(
      at(before, [
        inst('a', 'c1', 'ok', groupsOf(disk)),
        inst('b', 'c1', 'unreachable', groupsOf(disk, cpu)),
      ]),
      undefined,
    ).view;
    assert.deepEqual(Object.keys(v.alerts).sort(), ['f1', 'f2']);
    // Disk is a's (fresh); Cpu is b's last known: stale, and still the worst state.
    assert.deepEqual(v.alerts.f1!.instances, ['a']);
    assert.equal(v.alerts.f1!.stale, false);
    assert.equal(v.alerts.f2!.stale, true);
    assert.equal(v.summary.worst, 'critical');
    assert.equal(v.clusters.c1!.stale, false);
    assert.equal(v.clusters.c1!.health, 'ok');
    // Past its end, b itself would have resolved it: it goes.
    v = m.merge(
      at(after, [
        inst('a', 'c1', 'ok', groupsOf(disk)),
        inst('b', 'c1', 'unreachable', groupsOf(disk, cpu)),
      ]),
      v,
    ).view;
    assert.deepEqual(Object.keys(v.alerts), ['f1']);
    // b answers again, listing Cpu (re-sent, a later end): fresh, not stale any more.
    const resent = { ...cpu, endsAt: '2026-11-21T06:00:00.000Z' };
    v = m.merge(
      at(before, [
        inst('a', 'c1', 'ok', groupsOf(disk)),
        inst('b', 'c1', 'unreachable', groupsOf(disk, resent)),
      ]),
      v,
    ).view;
    assert.equal(v.alerts.f2!.stale, true);
    v = m.merge(
      at(before, [
        inst('a', 'c1', 'ok', groupsOf(disk)),
        inst('b', 'c1', 'ok', groupsOf(disk, resent)),
      ]),
      v,
    ).view;
    assert.equal(v.alerts.f2!.stale, false);
    assert.deepEqual(v.alerts.f2!.instances, ['b']);
    // Both dead: the last good data of both, the cluster stale.
    v = m.merge(
      input([
        inst('a', 'c1', 'unreachable', groupsOf(disk)),
        inst('b', 'c1', 'unreachable', groupsOf(disk, cpu)),
      ]),
      v,
    ).view;
    assert.equal(v.clusters.c1!.stale, true);
    assert.deepEqual(Object.keys(v.alerts).sort(), ['f1', 'f2']);
    assert.ok(Object.values(v.alerts).every((a) => a.stale));
    assert.ok(Object.values(v.groups).every((g) => g.stale));
    // Firing alerts (last known) stay the first signal; no data from the cluster the second.
    assert.equal(v.summary.worst, 'critical');
    assert.deepEqual(v.summary.staleClusters, ['c1']);
    assert.deepEqual(v.summary.unreachableInstances, ['a', 'b']);
    assert.deepEqual(v.summary.missingData, ['a', 'b']);
  });

  it('decides the worst state: unknown before any answer, ok, warning, critical', () => {
    const m = new Merger();
    assert.equal(
      m.merge(input([inst('a', 'c1', 'unknown', undefined)]), undefined).view.summary.worst,
      'unknown',
    );
    assert.equal(m.merge(input([inst('a', 'c1', 'ok', [])]), undefined).view.summary.worst, 'ok');
    assert.equal(
      m.merge(input([inst('a', 'c1', 'ok', groupsOf(odd))]), undefined).view.summary.worst,
      'warning',
    );
    assert.equal(
      m.merge(input([inst('a', 'c1', 'ok', groupsOf(odd, cpu))]), undefined).view.summary.worst,
      'critical',
    );
    const noSeverity = alert('f9', { alertname: 'Disk' });
    const v = m.merge(input([inst('a', 'c1', 'ok', groupsOf(noSeverity))]), undefined).view;
    assert.deepEqual(v.summary.bySeverity, { '': 1 });
    assert.equal(v.alerts.f9!.severity, '');
  });
});

describe('Merger: fingerprints Object.prototype has', () => {
  // Real Alertmanager sends hex; a proxy or another server may not. Each is an alert like any
  // other: "__proto__" once set the collection's prototype instead (the alert vanished), and a
  // resolved "constructor" still found a record (Object.prototype.constructor).
  const ODD = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];
  const odd = (fps: string[]): AlertGroup[] => [
    {
      labels: { alertname: 'Odd' },
      receiver: { name: 'team-a' },
      alerts: fps.map((fp) => alert(fp, { alertname: 'Odd', severity: 'critical', id: fp })),
    },
  ];

  it('merges, diffs and applies them as records, and none is found once it resolved', () => {
    const m = new Merger();
    const a = m.merge(input([inst('a', 'c1', 'ok', copy(odd(['f0', ...ODD])))]), undefined).view;
    assert.deepEqual(Object.keys(a.alerts).sort(), ['f0', ...ODD].sort());
    for (const fp of ODD) assert.equal(a.alerts[fp]?.fingerprint, fp);
    assert.equal(a.summary.firing, 6);
    assert.deepEqual([...a.groups['c1|alertname="Odd"']!.alerts].sort(), ['f0', ...ODD].sort());

    const kept = ODD.filter((fp) => fp !== '__proto__' && fp !== 'constructor');
    const b = m.merge(input([inst('a', 'c1', 'ok', copy(odd(['f0', ...kept])))]), a).view;
    assert.equal(b.alerts['__proto__'], undefined);
    assert.equal(b.alerts['constructor'], undefined, 'resolved: no record, none inherited');
    assert.equal(b.summary.firing, 4);
    const d = diffViews(a, b, 2)!;
    assert.deepEqual(d.remove.alerts?.sort(), ['__proto__', 'constructor']);
    // Through JSON, as the window receives it.
    const wire = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
    const applied = applyDelta({ seq: 1, ...wire(a) }, wire(d));
    assert.deepEqual(Object.keys(applied.alerts).sort(), Object.keys(b.alerts).sort());
    assert.equal(applied.summary.firing, 4);
  });
});

describe('diffViews', () => {
  it('gives no delta for fresh but identical payloads and reuses record objects', () => {
    const m = new Merger();
    const a = m.merge(
      input([inst('a', 'c1', 'ok', copy(groupsOf(disk, cpu)), [silence('s1')])]),
      undefined,
    ).view;
    const b = m.merge(
      input([inst('a', 'c1', 'ok', copy(groupsOf(disk, cpu)), [silence('s1')])]),
      a,
    ).view;
    assert.equal(diffViews(a, b, 1), undefined);
    assert.equal(b.alerts.f1, a.alerts.f1);
    assert.equal(b.groups['c1|alertname="Disk"'], a.groups['c1|alertname="Disk"']);
    assert.equal(b.summary, a.summary);
  });

  it('carries exactly the changed records, removals and the summary', () => {
    const m = new Merger();
    const a = m.merge(
      input([inst('a', 'c1', 'ok', copy(groupsOf(disk, cpu)), [silence('s1')])]),
      undefined,
    ).view;
    const diskLater = alert('f1', disk.labels, { updatedAt: '2026-11-21T01:01:00.000Z' });
    const b = m.merge(input([inst('a', 'c1', 'ok', copy(groupsOf(diskLater)), [])]), a).view;
    const d = diffViews(a, b, 7)!;
    assert.equal(d.seq, 7);
    assert.deepEqual(
      d.upsert.alerts?.map((x) => x.fingerprint),
      ['f1'],
    );
    assert.equal(d.upsert.groups, undefined, 'the Disk group did not change');
    assert.deepEqual(d.remove.alerts, ['f2']);
    assert.deepEqual(d.remove.groups, ['c1|alertname="Cpu"']);
    assert.deepEqual(d.remove.silences, ['c1/s1']);
    assert.equal(d.summary?.firing, 1);
    // Applying the delta to the old snapshot gives the new one.
    const applied = applyDelta({ seq: 6, ...a }, d);
    assert.deepEqual(applied, { seq: 7, ...b });
  });
});
