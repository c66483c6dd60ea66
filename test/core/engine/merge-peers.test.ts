// HA peers that agree are taken in once per change, not once per peer per poll: a peer's group
// whose text did not change comes back from the client's reader as the same object
// (api/alert-groups-reader.ts), and the merger then takes its listing and copies as they were
// (merge-intake.ts `#keep`) without comparing any copy. Peers stamp `updatedAt` per peer (a real
// 2-peer cluster does), so their bodies never match each other; each peer's own polls do.
// The short cut must show exactly what a merge from scratch shows: checked against the spec
// for peers that agree and for a peer that differs in one alert.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AlertGroup, GettableAlert } from '../../../main/core/api/types.ts';
import { AlertGroupsReader } from '../../../main/core/api/alert-groups-reader.ts';
import { StringPool } from '../../../main/core/api/string-pool.ts';
import { Merger, type MergedView } from '../../../main/core/engine/merge.ts';
import { specMerge } from './spec/spec-merge.ts';
import { alert, group, inst, input } from './merge-fixtures.ts';

const PEERS = ['a', 'b', 'c'];
const GROUPS = 4;
const PER_GROUP = 5;

/**
 * Every peer's body: the same alerts, each peer with its own updatedAt. `from` moves the window
 * of alerts: from 1, group 0 is gone and every group lists its alerts 1..PER_GROUP (its first
 * one resolved, one new at the end).
 */
function bodies(
  change?: (peer: string, a: GettableAlert) => GettableAlert | undefined,
  from = 0,
): string[] {
  return PEERS.map((peer, p) => {
    const groups: AlertGroup[] = [];
    for (let g = from; g < GROUPS; g++) {
      const alerts: GettableAlert[] = [];
      for (let i = from; i < from + PER_GROUP; i++) {
        const fp = `f${g}-${i}`;
        const a = alert(fp, `Name${g}`, { updatedAt: `2026-11-21T01:00:0${p}.000Z` });
        const changed = change ? change(peer, a) : a;
        if (changed) alerts.push(changed);
      }
      groups.push(group(`Name${g}`, alerts));
    }
    return JSON.stringify(groups);
  });
}

class Cluster {
  readonly merger = new Merger();
  readonly readers = PEERS.map(() => new AlertGroupsReader(new StringPool()));
  view: MergedView | undefined;

  poll(texts: string[]): { view: MergedView; spec: MergedView } {
    const polled = input(PEERS.map((id, k) => inst(id, this.readers[k]!.readText(texts[k]!)!)));
    this.view = this.merger.merge(polled, this.view).view;
    return { view: this.view, spec: specMerge(polled) };
  }
}

/** A merged view as plain data (the spec's and the merger's compare structurally). */
const plain = (v: MergedView): unknown => JSON.parse(JSON.stringify(v));

describe('HA peers that agree are merged once', () => {
  it('takes unchanged peer groups whole, comparing no copy, and shows what the spec shows', () => {
    const c = new Cluster();
    const first = c.poll(bodies());
    assert.deepEqual(plain(first.view), plain(first.spec));
    assert.equal(Object.keys(first.view.alerts).length, GROUPS * PER_GROUP);
    assert.deepEqual(first.view.alerts['f0-0']!.instances, PEERS);
    c.merger.takeIntakeStats();

    // Every peer polled again, nothing changed: fresh bodies (new strings), same texts.
    const again = c.poll(bodies());
    assert.deepEqual(plain(again.view), plain(again.spec));
    assert.equal(again.view.alerts, first.view.alerts, 'no alert record changed');
    assert.deepEqual(c.merger.takeIntakeStats(), {
      keptGroups: GROUPS * PEERS.length,
      comparedCopies: 0,
    });
  });

  const differences: [string, (a: GettableAlert) => GettableAlert | undefined][] = [
    ['state', (a) => ({ ...a, status: { ...a.status, state: 'suppressed', inhibitedBy: ['f9'] } })],
    [
      'silencedBy',
      (a) => ({ ...a, status: { ...a.status, state: 'suppressed', silencedBy: ['s1'] } }),
    ],
    ['labels', (a) => ({ ...a, labels: { ...a.labels, extra: 'only-on-b' } })],
    ['receivers', (a) => ({ ...a, receivers: [{ name: 'team-b' }] })],
    [
      'annotations and a later updatedAt',
      (a) => ({ ...a, updatedAt: '2026-11-21T01:09:00.000Z', annotations: { summary: 'b says' } }),
    ],
    ['missing', () => undefined],
  ];
  for (const [what, differ] of differences) {
    it(`a peer that differs in one alert (${what}): only its changed group is compared, the view equals the spec`, () => {
      const c = new Cluster();
      c.poll(bodies());
      c.poll(bodies());
      c.merger.takeIntakeStats();
      const change = (peer: string, a: GettableAlert): GettableAlert | undefined =>
        peer === 'b' && a.fingerprint === 'f1-2' ? differ(a) : a;
      const changed = c.poll(bodies(change));
      assert.deepEqual(plain(changed.view), plain(changed.spec));
      const stats = c.merger.takeIntakeStats();
      assert.equal(stats.keptGroups, GROUPS * PEERS.length - 1);
      // The changed group's alerts of peer b (one fewer when missing), nothing else.
      assert.equal(stats.comparedCopies, what === 'missing' ? PER_GROUP - 1 : PER_GROUP);

      // Back to agreeing: the view is the spec's again, and every group is kept the poll after.
      const back = c.poll(bodies());
      assert.deepEqual(plain(back.view), plain(back.spec));
      c.merger.takeIntakeStats();
      c.poll(bodies());
      assert.deepEqual(c.merger.takeIntakeStats(), {
        keptGroups: GROUPS * PEERS.length,
        comparedCopies: 0,
      });
    });
  }

  it('follows groups and alerts that shifted by one without looking them up by key', () => {
    // A group that went, and in every other group the first alert resolved and a new one
    // added: every later group and alert sits one position earlier than in the last poll.
    // The positional hints follow the shift (merge-intake.ts): only the new alerts are looked
    // up, no group key is built. Looking up every shifted one cost ~15 ms a cycle at 50,000
    // alerts x 3 peers (bench case 2).
    const c = new Cluster();
    c.poll(bodies());
    c.merger.takeLookupStats();
    const { view, spec } = c.poll(bodies(undefined, 1));
    assert.deepEqual(plain(view), plain(spec));
    assert.equal(Object.keys(view.alerts).length, (GROUPS - 1) * PER_GROUP);
    assert.deepEqual(c.merger.takeLookupStats(), {
      slots: (GROUPS - 1) * PEERS.length,
      groupKeys: 0,
    });
    // And back: group 0 returns (its key and its alerts are new to the merger) and so does
    // every other group's first alert; the rest sit one position later again.
    const back = c.poll(bodies());
    assert.deepEqual(plain(back.view), plain(back.spec));
    assert.deepEqual(c.merger.takeLookupStats(), {
      slots: (PER_GROUP + GROUPS - 1) * PEERS.length,
      groupKeys: PEERS.length,
    });
  });

  for (const [order, reorder] of [
    ['rotated by two', (g: AlertGroup[]) => [...g.slice(2), ...g.slice(0, 2)]],
    ['reversed', (g: AlertGroup[]) => g.slice().reverse()],
  ] as const) {
    it(`groups listed in another order (${order}): found by group, kept whole, the view equals the spec`, () => {
      // A server is free to order its groups; the bench's generated fleet rotates them as its
      // window of alerts moves. Each group's previous listing is found by its state, so an
      // unchanged group is still taken whole and no alert is looked up by fingerprint (at
      // 100,000 alerts a rotated body cost ~5,000 lookups and copy comparisons per instance).
      const c = new Cluster();
      c.poll(bodies());
      c.poll(bodies());
      c.merger.takeIntakeStats();
      c.merger.takeLookupStats();
      const texts = bodies().map((t) => JSON.stringify(reorder(JSON.parse(t) as AlertGroup[])));
      const { view, spec } = c.poll(texts);
      assert.deepEqual(plain(view), plain(spec));
      assert.deepEqual(c.merger.takeIntakeStats(), {
        keptGroups: GROUPS * PEERS.length,
        comparedCopies: 0,
      });
      const lookups = c.merger.takeLookupStats();
      assert.equal(lookups.slots, 0);
      // A rotation is out of place twice per peer (its start and where it wraps round); a
      // reversal at most at every group.
      assert.ok(lookups.groupKeys <= GROUPS * PEERS.length, JSON.stringify(lookups));
      if (order === 'rotated by two') assert.equal(lookups.groupKeys, 2 * PEERS.length);
      // And back in the first order: the same again.
      const back = c.poll(bodies());
      assert.deepEqual(plain(back.view), plain(back.spec));
      assert.equal(c.merger.takeIntakeStats().comparedCopies, 0);
      assert.equal(c.merger.takeLookupStats().slots, 0);
    });
  }

  it('a peer repeating an alert in another group (a broken server) is not kept until it stops', () => {
    const c = new Cluster();
    const twice = (): string[] =>
      bodies().map((t, k) => {
        if (PEERS[k] !== 'b') return t;
        const groups = JSON.parse(t) as AlertGroup[];
        groups[3]!.alerts.push(groups[0]!.alerts[0]!);
        return JSON.stringify(groups);
      });
    for (let i = 0; i < 3; i++) {
      const { view, spec } = c.poll(twice());
      assert.deepEqual(plain(view), plain(spec));
    }
    // b's listings do not line up with its groups: none of b's groups is taken whole.
    assert.equal(c.merger.takeIntakeStats().keptGroups, 2 * GROUPS * (PEERS.length - 1));
  });
});
