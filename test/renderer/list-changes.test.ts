// The alert list re-sorts only the groups the view says changed (list-changes.ts). Whatever
// the stream does, the incremental result must equal preparing every group from scratch, and
// the groups it did not touch must keep their prepared objects (that is the point).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AlertView, GroupView, ViewDelta, ViewSnapshot } from '../../main/core/model/view.ts';
import { ListChanges } from '../../renderer/src/lib/alerts/list-changes.ts';
import { prepareGroups, type PreparedGroups } from '../../main/core/list/prepared-groups.ts';
import { ViewStreamReader } from '../../renderer/src/lib/view/apply.ts';
import { snapshotOf as snapshotFrom } from '../support/views.ts';
import { prng as random } from '../bench/lib/fixtures.ts';

const STATES = ['active', 'suppressed', 'unprocessed'] as const;

/** While `loading`, the snapshot has no groups or alerts yet. */
const snapshotOf = (
  seq: number,
  groups: GroupView[],
  alerts: AlertView[],
  loading = false,
): ViewSnapshot => snapshotFrom(seq, loading ? {} : { groups, alerts });

/** What the list is made of, without object identity. */
function plain(p: PreparedGroups) {
  return {
    groups: p.groups.map((g) => ({
      key: g.group.key,
      group: g.group,
      sorted: g.sorted.map((a) => a.fingerprint),
      counts: g.counts,
    })),
    multi: [...p.multi].sort(),
    total: p.total,
  };
}

describe('list changes', () => {
  it('re-sorting only the changed groups equals preparing every group, through 800 updates', () => {
    const rnd = random(3);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    const fps = Array.from({ length: 24 }, (_, i) => `f${i}`);
    const keys = Array.from({ length: 10 }, (_, i) => `g${i}`);
    const order = ['critical', 'warning'];
    const makeAlert = (fp: string): AlertView =>
      ({
        fingerprint: fp,
        labels: { alertname: fp },
        annotations: {},
        startsAt: new Date(Date.UTC(2026, 0, 1, 0, Math.floor(rnd() * 60))).toISOString(),
        endsAt: '2026-01-02T00:00:00Z',
        updatedAt: '2026-01-01T00:00:00Z',
        state: pick(STATES),
        silencedBy: rnd() < 0.3 ? ['s1'] : [],
        inhibitedBy: [],
        statusByCluster: {},
        receivers: ['r'],
        instances: ['i1'],
        clusters: ['c1'],
        severity: pick(['critical', 'warning', 'info']),
        stale: false,
      }) as unknown as AlertView;
    // Some alerts in two groups, some listed before they arrive, some groups empty.
    const makeGroup = (key: string): GroupView =>
      ({
        key,
        labels: { alertname: key },
        receiver: 'r',
        clusterId: 'c1',
        alerts: fps.filter(() => rnd() < 0.2),
      }) as unknown as GroupView;

    const changes = new ListChanges();
    const reader = new ViewStreamReader();
    reader.watch(changes);
    let seq = 1;
    reader.read({
      type: 'snapshot',
      snapshot: snapshotOf(seq, keys.map(makeGroup), fps.map(makeAlert)),
    });
    let incremental: PreparedGroups | null = null;
    let seen = 0;
    let reused = 0;
    for (let step = 0; step < 800; step++) {
      const r = rnd();
      if (r < 0.02) {
        reader.read({
          type: 'snapshot',
          snapshot: snapshotOf(
            ++seq,
            keys.map(makeGroup),
            fps.filter(() => rnd() < 0.7).map(makeAlert),
          ),
        });
      } else if (r < 0.04) {
        // A streamed snapshot: head, then parts (groups with their alerts).
        const groups = keys.filter(() => rnd() < 0.8).map(makeGroup);
        const alerts = fps.filter(() => rnd() < 0.8).map(makeAlert);
        reader.read({
          type: 'snapshot',
          snapshot: snapshotOf(++seq, [], [], true),
          loading: { alerts: alerts.length, groups: groups.length },
        });
        const half = Math.floor(groups.length / 2);
        reader.read({
          type: 'snapshot-part',
          part: { seq, groups: groups.slice(0, half), alerts: alerts.slice(0, 10), last: false },
        });
        reader.read({
          type: 'snapshot-part',
          part: { seq, groups: groups.slice(half), alerts: alerts.slice(10), last: true },
        });
      } else {
        const delta: ViewDelta = { seq: ++seq, upsert: {}, remove: {} };
        const upAlerts = fps.filter(() => rnd() < 0.1);
        const rmAlerts = fps.filter((f) => !upAlerts.includes(f) && rnd() < 0.05);
        const upGroups = keys.filter(() => rnd() < 0.08);
        const rmGroups = keys.filter((k) => !upGroups.includes(k) && rnd() < 0.03);
        if (upAlerts.length) delta.upsert.alerts = upAlerts.map(makeAlert);
        if (rmAlerts.length) delta.remove.alerts = rmAlerts;
        if (upGroups.length) delta.upsert.groups = upGroups.map(makeGroup);
        if (rmGroups.length) delta.remove.groups = rmGroups;
        assert.equal(reader.read({ type: 'delta', delta }).kind, 'view');
      }
      const view = reader.current!;
      const before = incremental;
      const version = changes.seal();
      const changed = changes.since(seen);
      // Asking again changes nothing (the list asks from inside a $derived).
      assert.deepEqual(changes.since(seen), changed);
      seen = version;
      incremental = prepareGroups(incremental, view.groups, view.alerts, order, {
        groups: changed,
        alertCount: changes.alertCount,
      });
      const reference = prepareGroups(null, view.groups, view.alerts, order);
      assert.deepEqual(plain(incremental), plain(reference), `step ${step}`);
      if (before)
        for (const p of incremental.groups) if (before.byKey.get(p.group.key) === p) reused++;
    }
    assert.ok(reused > 2000, `untouched groups kept their prepared objects (${reused})`);
  });

  it('says "all" after a new snapshot and when too much changed to track', () => {
    const changes = new ListChanges();
    let v = changes.version;
    changes.seal();
    assert.equal(changes.since(v), 'all');
    v = changes.version;
    changes.seal();
    assert.deepEqual([...(changes.since(v) as Set<string>)], []);
    v = changes.version;
    changes.group(undefined, { key: 'g', alerts: ['a'] } as unknown as GroupView);
    changes.alert(undefined, { fingerprint: 'a' } as unknown as AlertView);
    changes.seal();
    assert.deepEqual([...(changes.since(v) as Set<string>)], ['g']);
    assert.equal(changes.alertCount, 1);
    v = changes.version;
    changes.reset();
    changes.seal();
    assert.equal(changes.since(v), 'all');
    assert.equal(changes.alertCount, 0);
  });

  it('tells a reader that fell behind the versions kept "all", and unions the rest', () => {
    const changes = new ListChanges();
    changes.seal();
    const start = changes.version;
    for (const key of ['g1', 'g2']) {
      changes.group(undefined, { key, alerts: [] } as unknown as GroupView);
      changes.seal();
    }
    assert.deepEqual([...(changes.since(start) as Set<string>)].sort(), ['g1', 'g2']);
    for (let i = 0; i < 10; i++) changes.seal();
    assert.equal(changes.since(start), 'all');
    assert.deepEqual([...(changes.since(changes.version) as Set<string>)], []);
  });
});
