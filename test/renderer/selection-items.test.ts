// What a selected row of the alert list stands for: a view group by its key, an alert by its
// fingerprint on its group's cluster (never a row index); a range counts a group's alerts once
// (the group covers them); section headers are not selectable; items leave when their data does.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  infoOf,
  itemOf,
  keyOf,
  NONE,
  rangeItems,
  toggled,
  withAll,
} from '../../renderer/src/lib/alerts/selection-items.ts';
import { type GroupRow, type Row } from '../../main/core/list/rows.ts';
import type { ListRow } from '../../main/core/list/list-query.ts';
import { alert, group } from '../core/policy/view-fixtures.ts';
import { flattenRows, sectionRows } from '../support/list-steps.ts';

const a1 = alert({ labels: { alertname: 'A', instance: '1' } });
const a2 = alert({ labels: { alertname: 'A', instance: '2' } });
const b1 = alert({ labels: { alertname: 'B', instance: '1' }, states: { c2: 'active' } });
const gA = group('c1', { alertname: 'A' }, [a1, a2]);
const gB = group('c2', { alertname: 'B' }, [b1]);
function groupRow(g: typeof gA, alerts: (typeof a1)[]): GroupRow {
  return {
    kind: 'group',
    key: g.key,
    group: g,
    alerts,
    counts: { active: alerts.length, silenced: 0, inhibited: 0, unprocessed: 0 },
    severity: '',
    rank: 0,
    newest: 0,
    height: 32,
  };
}
const groups = [groupRow(gA, [a1, a2]), groupRow(gB, [b1])];
/** Rows as the core sends them (list-model.ts): a group row with its count and labels. */
function wire(list: Row[]): ListRow[] {
  return list.map((r) =>
    r.kind === 'group'
      ? {
          ...r,
          shown: r.alerts.length,
          common: {},
          silencedBy: [],
          allAckedByMe: false,
          acked: { alerts: 0, of: r.alerts.length },
        }
      : r.kind === 'alert'
        ? { ...r, groupCommon: {} }
        : r,
  );
}
const rows = wire(flattenRows(groups, new Set()));

describe('selection items', () => {
  it('a row stands for its view group, or its alert on the group cluster', () => {
    assert.deepEqual(itemOf(rows[0]!), { groupKey: gA.key });
    assert.deepEqual(itemOf(rows[1]!), { fingerprint: a1.fingerprint, clusterId: 'c1' });
    assert.deepEqual(itemOf(rows[4]!), { fingerprint: b1.fingerprint, clusterId: 'c2' });
  });

  it('a range counts a group once: its alerts in the range are covered by it', () => {
    // Group A, its two alerts, group B: two groups.
    assert.deepEqual(rangeItems(rows.slice(0, 4)), [{ groupKey: gA.key }, { groupKey: gB.key }]);
    // From A's second alert to B's alert: that alert, group B (which covers b1).
    assert.deepEqual(rangeItems(rows.slice(2)), [
      { fingerprint: a2.fingerprint, clusterId: 'c1' },
      { groupKey: gB.key },
    ]);
  });

  it('section headers are not selectable; a section part stands for the whole group', () => {
    const sections = wire(sectionRows(groups, 'instance', new Set()));
    assert.equal(sections[0]!.kind, 'section');
    assert.equal(itemOf(sections[0]!), null);
    const part = sections.find((r) => r.kind === 'group')!;
    assert.notEqual(part.key, gA.key);
    assert.deepEqual(itemOf(part), { groupKey: part.kind === 'group' ? part.group.key : '' });
  });

  it('toggles by stable key', () => {
    const one = toggled(NONE, { groupKey: gA.key });
    assert.deepEqual([...one.keys()], [keyOf({ groupKey: gA.key })]);
    assert.equal(toggled(one, { groupKey: gA.key }).size, 0);
    const both = withAll(one, [{ fingerprint: b1.fingerprint, clusterId: 'c2' }]);
    assert.equal(both.size, 2);
  });

  it('keeps what a row says of its item: name, cluster, silences', () => {
    assert.deepEqual(infoOf(rows[0]!), {
      name: 'A',
      clusterId: 'c1',
      silencedBy: [],
      allAckedByMe: false,
    });
    assert.equal(infoOf(rows[4]!)?.clusterId, 'c2');
    assert.equal(infoOf(rows[4]!)?.name, 'B');
  });
});
