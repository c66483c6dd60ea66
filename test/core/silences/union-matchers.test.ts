// One silence for several selected groups or alerts of a cluster: the AND-ed matcher set that
// covers them all, and the plan that previews it against the cluster's alerts (what it would
// also match beyond the selection is said, never hidden).
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { LabelSet } from '../../../main/core/api/types.ts';
import { DEFAULT_VOLATILE_LABELS } from '../../../main/core/settings/defaults.ts';
import {
  MAX_ALTERNATION_CHARS,
  unionMatchers,
  type UnionItem,
} from '../../../main/core/silences/union-matchers.ts';
import { planSelection } from '../../../main/core/silences/selection-plan.ts';
import { matchesAlert } from '../../support/matches.ts';
import { alert, cluster, group, snapshot } from '../policy/view-fixtures.ts';

const item = (what: string, labels: LabelSet): UnionItem => ({
  what,
  labels: new Map(Object.entries(labels).map(([k, v]) => [k, [v]])),
});

function union(...items: UnionItem[]) {
  const r = unionMatchers(items);
  assert.ok(r.ok, r.ok ? '' : r.reason);
  return r;
}

describe('union matchers', () => {
  it('one group: its labels as equality matchers, alertname first', () => {
    const r = union(item('Disk', { severity: 'critical', alertname: 'DiskFull' }));
    assert.deepEqual(r.matchers, [
      { name: 'alertname', value: 'DiskFull', isRegex: false, isEqual: true },
      { name: 'severity', value: 'critical', isRegex: false, isEqual: true },
    ]);
    assert.deepEqual(r.notes, []);
  });

  it('groups differing in one label: the shared labels plus an alternation', () => {
    const r = union(
      item('a', { alertname: 'DiskFull', cluster: 'prod' }),
      item('b', { alertname: 'CpuHigh', cluster: 'prod' }),
    );
    assert.deepEqual(r.matchers, [
      { name: 'alertname', value: 'CpuHigh|DiskFull', isRegex: true, isEqual: true },
      { name: 'cluster', value: 'prod', isRegex: false, isEqual: true },
    ]);
    assert.ok(matchesAlert(r.matchers, { alertname: 'DiskFull', cluster: 'prod', x: '1' }));
    assert.ok(!matchesAlert(r.matchers, { alertname: 'DiskFull', cluster: 'dev' }));
    assert.ok(!matchesAlert(r.matchers, { alertname: 'MemLow', cluster: 'prod' }));
  });

  it('groups differing in several labels: an alternation for each, nothing else', () => {
    const r = union(
      item('a', { alertname: 'A', team: 'x', env: 'prod', only: 'a' }),
      item('b', { alertname: 'B', team: 'y', env: 'prod' }),
      item('c', { alertname: 'A', team: 'z', env: 'prod' }),
    );
    assert.deepEqual(r.matchers, [
      { name: 'alertname', value: 'A|B', isRegex: true, isEqual: true },
      { name: 'env', value: 'prod', isRegex: false, isEqual: true },
      { name: 'team', value: 'x|y|z', isRegex: true, isEqual: true },
    ]);
    // A label only one item pins is left out (the others do not have it).
    assert.ok(!r.matchers.some((m) => m.name === 'only'));
    // The AND of alternations matches every item...
    for (const l of [
      { alertname: 'A', team: 'x', env: 'prod', only: 'a' } as LabelSet,
      { alertname: 'B', team: 'y', env: 'prod' },
      { alertname: 'A', team: 'z', env: 'prod' },
    ])
      assert.ok(matchesAlert(r.matchers, l));
    // ...and may match a combination none of them is: the plan's preview says so.
    assert.ok(matchesAlert(r.matchers, { alertname: 'B', team: 'x', env: 'prod' }));
  });

  it('escapes regex metacharacters in values, so each matches only itself', () => {
    const weird = ['Disk.Full', 'a|b', 'x+(y)?', '[ok]', '^start$', 'back\\slash', 'brace{2}'];
    const r = union(...weird.map((v) => item(v, { alertname: v })));
    assert.equal(r.matchers.length, 1);
    const m = r.matchers[0]!;
    assert.equal(m.isRegex, true);
    for (const v of weird) assert.ok(matchesAlert([m], { alertname: v }), v);
    for (const near of [
      'DiskXFull',
      'a',
      'b',
      'xy',
      'x+y',
      'ok',
      'start',
      'back\\\\slash',
      'braceee',
    ])
      assert.ok(!matchesAlert([m], { alertname: near }), near);
  });

  it('explains when no label is pinned by every item', () => {
    const r = unionMatchers([
      item('DiskFull', { alertname: 'DiskFull' }),
      item('prod-eu', { cluster: 'prod-eu' }),
    ]);
    assert.equal(r.ok, false);
    assert.ok(!r.ok);
    assert.match(r.reason, /No label is set on every selected item/);
    assert.match(r.reason, /"DiskFull" \(alertname\)/);
    assert.match(r.reason, /"prod-eu" \(cluster\)/);
    assert.match(r.reason, /one at a time/);
  });

  it('an empty value is no label', () => {
    const r = unionMatchers([item('a', { alertname: 'A', team: '' }), item('b', { team: 'x' })]);
    assert.ok(!r.ok);
  });

  it('leaves out an alternation too long for one silence, and says so', () => {
    const many = Array.from({ length: 400 }, (_, i) =>
      item(`a${i}`, { alertname: 'Same', instance: `host-${'x'.repeat(10)}-${i}` }),
    );
    const r = union(...many);
    assert.deepEqual(r.matchers, [
      { name: 'alertname', value: 'Same', isRegex: false, isEqual: true },
    ]);
    assert.match(r.notes[0]!, /"instance" is left out: its 400 different values/);
    // With nothing else to match on, there is no silence.
    const only = unionMatchers(
      many.map((m) => item(m.what, { instance: m.labels.get('instance')![0]! })),
    );
    assert.ok(!only.ok);
    assert.ok(MAX_ALTERNATION_CHARS < 8192, 'previewable within the matching budget');
  });
});

describe('selection plan', () => {
  const disk1 = alert({ labels: { alertname: 'DiskFull', instance: 'a' } });
  const disk2 = alert({ labels: { alertname: 'DiskFull', instance: 'b' } });
  const cpu = alert({ labels: { alertname: 'CpuHigh', instance: 'a' } });
  const mem = alert({ labels: { alertname: 'MemLow', instance: 'c' } });
  const net = alert({ labels: { alertname: 'NetDown', instance: 'x' }, states: { c2: 'active' } });
  const gDisk = group('c1', { alertname: 'DiskFull' }, [disk1, disk2]);
  const gCpu = group('c1', { alertname: 'CpuHigh' }, [cpu]);
  const gMem = group('c1', { alertname: 'MemLow' }, [mem]);
  const gNet = group('c2', { alertname: 'NetDown' }, [net]);
  const snap = snapshot({
    clusters: [cluster('c1'), cluster('c2')],
    alerts: [disk1, disk2, cpu, mem, net],
    groups: [gDisk, gCpu, gMem, gNet],
  });

  it('one silence per cluster, matching exactly the selected groups', async () => {
    const plan = await planSelection(
      snap,
      [{ groupKey: gDisk.key }, { groupKey: gNet.key }, { groupKey: gCpu.key }],
      DEFAULT_VOLATILE_LABELS,
    );
    assert.equal(plan.gone, 0);
    assert.deepEqual(
      plan.clusters.map((c) => [c.clusterId, c.items, c.matchers, c.outside, c.missed]),
      [
        [
          'c1',
          2,
          [{ name: 'alertname', value: 'CpuHigh|DiskFull', isRegex: true, isEqual: true }],
          [],
          [],
        ],
        ['c2', 1, [{ name: 'alertname', value: 'NetDown', isRegex: false, isEqual: true }], [], []],
      ],
    );
    assert.deepEqual(
      [...plan.clusters[0]!.matched].sort(),
      [cpu.fingerprint, disk1.fingerprint, disk2.fingerprint].sort(),
    );
  });

  it('says which unselected alerts the union would also match', async () => {
    const diskC = alert({ labels: { alertname: 'DiskFull', instance: 'c' } });
    const memA = alert({ labels: { alertname: 'MemLow', instance: 'a' } });
    const s = snapshot({ alerts: [disk1, diskC, mem, memA], groups: [] });
    // Two alerts: DiskFull on a, MemLow on c: the union also matches DiskFull/c and MemLow/a.
    const plan = await planSelection(
      s,
      [
        { fingerprint: disk1.fingerprint, clusterId: 'c1' },
        { fingerprint: mem.fingerprint, clusterId: 'c1' },
      ],
      DEFAULT_VOLATILE_LABELS,
    );
    const c = plan.clusters[0]!;
    assert.deepEqual(c.matchers, [
      { name: 'alertname', value: 'DiskFull|MemLow', isRegex: true, isEqual: true },
      { name: 'instance', value: 'a|c', isRegex: true, isEqual: true },
    ]);
    assert.deepEqual([...c.outside].sort(), [diskC.fingerprint, memA.fingerprint].sort());
  });

  it('an alert inside a selected group is covered by it; vanished items are counted', async () => {
    const plan = await planSelection(
      snap,
      [
        { groupKey: gDisk.key },
        { fingerprint: disk1.fingerprint, clusterId: 'c1' },
        { groupKey: 'c1|alertname=Gone' },
        { fingerprint: net.fingerprint, clusterId: 'c1' },
      ],
      DEFAULT_VOLATILE_LABELS,
    );
    assert.equal(plan.gone, 2, 'an unknown group, and an alert not on that cluster');
    assert.equal(plan.clusters.length, 1);
    assert.equal(plan.clusters[0]!.items, 1);
    assert.deepEqual(plan.clusters[0]!.matchers, [
      { name: 'alertname', value: 'DiskFull', isRegex: false, isEqual: true },
    ]);
  });

  it('a cluster whose groups share no label gets a reason, the others their silence', async () => {
    const byTeam = alert({ labels: { alertname: 'X', team: 'b' } });
    const gTeam = group('c1', { team: 'b' }, [byTeam]);
    const s = snapshot({
      clusters: [cluster('c1'), cluster('c2')],
      alerts: [disk1, disk2, byTeam, net],
      groups: [gDisk, gTeam, gNet],
    });
    const plan = await planSelection(
      s,
      [{ groupKey: gDisk.key }, { groupKey: gTeam.key }, { groupKey: gNet.key }],
      DEFAULT_VOLATILE_LABELS,
    );
    const [c1, c2] = plan.clusters;
    assert.deepEqual(c1!.matchers, []);
    assert.match(c1!.problem ?? '', /No label is set on every selected item/);
    assert.deepEqual(c1!.matched, []);
    assert.equal(c2!.problem, undefined);
    assert.deepEqual(c2!.matched, [net.fingerprint]);
  });
});
