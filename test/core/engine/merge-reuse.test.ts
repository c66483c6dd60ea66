// The merger's reuse between merges (records, group keys, positional hints, representative-only
// comparisons) must never show something a merge from scratch would not: hand-written cases
// for each shortcut (random poll sequences against the spec: merge-property.test.ts; what it
// holds in memory: merge-memory.test.ts).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AlertGroup, GettableAlert } from '../../../main/core/api/types.ts';
import { diffViews } from '../../../main/core/engine/delta.ts';
import { Merger, type MergedView, type MergeInstance } from '../../../main/core/engine/merge.ts';
import { LATER, alert, copy, group, input, inst } from './merge-fixtures.ts';

describe('Merger reuse between merges', () => {
  it("shows the representative copy's annotation text when it changes alone; other copies' text does not reach the record", () => {
    const m = new Merger();
    const a1 = alert('f1', 'Disk');
    const v1 = m.merge(
      input([inst('a', [group('Disk', [copy(a1)])]), inst('b', [group('Disk', [copy(a1)])])]),
      undefined,
    ).view;
    assert.equal(v1.alerts.f1!.annotations.summary, 'about f1');

    // Peer b (not the representative: same updatedAt, listed second) has other text: the record
    // shows a's copy, as a merge from scratch would; nothing to send.
    const other = alert('f1', 'Disk', { annotations: { summary: 'b says' } });
    const v2 = m.merge(
      input([inst('a', [group('Disk', [copy(a1)])]), inst('b', [group('Disk', [copy(other)])])]),
      v1,
    ).view;
    assert.equal(diffViews(v1, v2, 1), undefined);
    assert.equal(v2.alerts.f1!.annotations.summary, 'about f1');

    // The representative's text changes without updatedAt moving (a proxy rewrote it): shown.
    const proxied = alert('f1', 'Disk', { annotations: { summary: 'rewritten' } });
    const v3 = m.merge(
      input([
        inst('a', [group('Disk', [copy(proxied)])]),
        inst('b', [group('Disk', [copy(other)])]),
      ]),
      v2,
    ).view;
    const d3 = diffViews(v2, v3, 2);
    assert.deepEqual(
      d3?.upsert.alerts?.map((x) => x.annotations.summary),
      ['rewritten'],
    );

    // b's copy is updated later: it becomes the representative and its text is shown.
    const newer = alert('f1', 'Disk', { annotations: { summary: 'b newer' }, updatedAt: LATER });
    const v4 = m.merge(
      input([
        inst('a', [group('Disk', [copy(proxied)])]),
        inst('b', [group('Disk', [copy(newer)])]),
      ]),
      v3,
    ).view;
    assert.equal(v4.alerts.f1!.annotations.summary, 'b newer');
    assert.equal(v4.alerts.f1!.updatedAt, LATER);

    // Now a is not the representative: a's text changing alone sends nothing; b's does.
    const v5 = m.merge(
      input([inst('a', [group('Disk', [copy(a1)])]), inst('b', [group('Disk', [copy(newer)])])]),
      v4,
    ).view;
    assert.equal(diffViews(v4, v5, 3), undefined);
    const newerText = { ...newer, annotations: { summary: 'b rewritten' } };
    const v6 = m.merge(
      input([
        inst('a', [group('Disk', [copy(a1)])]),
        inst('b', [group('Disk', [copy(newerText)])]),
      ]),
      v5,
    ).view;
    assert.equal(v6.alerts.f1!.annotations.summary, 'b rewritten');
  });

  it('still compares every copy: a status or receivers change on any peer is shown', () => {
    const m = new Merger();
    const a1 = alert('f1', 'Disk');
    const peers = (b: GettableAlert): MergeInstance[] => [
      inst('a', [group('Disk', [copy(a1)])]),
      inst('b', [group('Disk', [copy(b)])]),
    ];
    const v1 = m.merge(input(peers(a1)), undefined).view;
    const silencedOnB = alert('f1', 'Disk', {
      status: { state: 'suppressed', silencedBy: ['s1'], inhibitedBy: [] },
    });
    const v2 = m.merge(input(peers(silencedOnB)), v1).view;
    assert.deepEqual(v2.alerts.f1!.silencedBy, ['c1/s1']);
    assert.equal(v2.alerts.f1!.state, 'suppressed');
    assert.equal(v2.groups['c1|alertname="Disk"']!.counts.suppressed, 1);
    const moreReceivers = alert('f1', 'Disk', {
      receivers: [{ name: 'team-a' }, { name: 'pager' }],
    });
    const v3 = m.merge(input(peers(moreReceivers)), v2).view;
    assert.deepEqual(v3.alerts.f1!.receivers, ['pager', 'team-a']);
    assert.equal(v3.alerts.f1!.state, 'active');
    assert.equal(v3.groups['c1|alertname="Disk"']!.counts.active, 1);
  });

  it('de-duplicates peers that list a group in different orders or with extra alerts', () => {
    const m = new Merger();
    const [x, y, z] = [alert('f1', 'Disk'), alert('f2', 'Disk'), alert('f3', 'Disk')];
    const v = m.merge(
      input([
        inst('a', [group('Disk', [copy(x), copy(y)])]),
        inst('b', [group('Disk', [copy(y), copy(x)])]),
        inst('c', [group('Disk', [copy(z), copy(x), copy(y)])]),
      ]),
      undefined,
    ).view;
    assert.deepEqual(v.groups['c1|alertname="Disk"']!.alerts, ['f1', 'f2', 'f3']);
    assert.deepEqual(v.alerts.f1!.instances, ['a', 'b', 'c']);
    assert.deepEqual(v.alerts.f3!.instances, ['c']);
    // Orders swap on the next poll: same view, nothing to send.
    const w = m.merge(
      input([
        inst('a', [group('Disk', [copy(x), copy(y)])]),
        inst('b', [group('Disk', [copy(x), copy(y)])]),
        inst('c', [group('Disk', [copy(x), copy(y), copy(z)])]),
      ]),
      v,
    ).view;
    assert.equal(diffViews(v, w, 1), undefined);
  });

  it('keeps a group record while its members are unchanged and rebuilds it when one changes', () => {
    const m = new Merger();
    const [x, y] = [alert('f1', 'Disk'), alert('f2', 'Disk')];
    const payload = (b: GettableAlert): MergeInstance[] => [inst('a', [group('Disk', [x, b])])];
    const v1 = m.merge(input(payload(copy(y))), undefined).view;
    const v2 = m.merge(input(payload(copy(y))), v1).view;
    const key = 'c1|alertname="Disk"';
    assert.equal(v2.groups[key], v1.groups[key]);
    const critical = alert('f2', 'Disk', {
      labels: { alertname: 'Disk', severity: 'critical', fp: 'f2' },
      updatedAt: LATER,
    });
    const v3 = m.merge(input(payload(copy(critical))), v2).view;
    assert.notEqual(v3.groups[key], v2.groups[key]);
    assert.equal(v3.groups[key]!.severity, 'critical');
    // A merge without the previous view (as on start) builds every group record again.
    const v4 = m.merge(input(payload(copy(critical))), undefined).view;
    assert.deepEqual(v4.groups[key], v3.groups[key]);
    // The severity order changes: records are rebuilt with the new ranks.
    const v5 = m.merge(input(payload(copy(critical)), ['warning', 'critical']), v4).view;
    assert.equal(v5.groups[key]!.severity, 'warning');
  });

  it('rebuilds groups and alerts that disappear and come back, at other positions', () => {
    const m = new Merger();
    const [x, y, z] = [alert('f1', 'Disk'), alert('f2', 'Cpu'), alert('f3', 'Net')];
    const steps: AlertGroup[][] = [
      [group('Disk', [x]), group('Cpu', [y])],
      [group('Cpu', [y])],
      [group('Net', [z]), group('Disk', [x]), group('Cpu', [y])],
      [group('Disk', [x], 'pager'), group('Disk', [x])],
      [],
      [group('Disk', [x, y])],
    ];
    let prev: MergedView | undefined;
    for (const [i, groups] of steps.entries()) {
      const next = m.merge(input([inst('a', copy(groups))]), prev).view;
      const fresh = new Merger().merge(input([inst('a', copy(groups))]), undefined).view;
      assert.deepEqual(next, fresh, `step ${i}`);
      prev = next;
    }
  });
});
