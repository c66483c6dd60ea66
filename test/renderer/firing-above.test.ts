// Counting what fires of the worst severity above the viewport (lib/alerts/firing-above.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ListRow } from '../../main/core/list/list-query.ts';
import { firingAbove } from '../../renderer/src/lib/alerts/firing-above.ts';

const group = (key: string, severity: string, active: number, shown = active) =>
  ({ kind: 'group', key, severity, shown, counts: { active }, height: 30 }) as unknown as ListRow;
const alert = (groupKey: string, severity: string, state = 'active') =>
  ({ kind: 'alert', groupKey, alert: { severity, state }, height: 28 }) as unknown as ListRow;

describe('firing above', () => {
  const rows = [
    group('g1', 'critical', 2),
    alert('g1', 'critical'),
    alert('g1', 'critical', 'suppressed'),
    group('g2', 'critical', 3), // collapsed: no alert rows follow
    group('g3', 'warning', 5),
    alert('g3', 'warning'),
  ];

  it('counts alert rows, and collapsed groups by their active alerts, wholly above only', () => {
    // Rows end at 30, 58, 86, 116, 146, 174.
    assert.deepEqual(firingAbove(rows, 0, 0, 0, 'critical'), { count: 0, more: false });
    assert.equal(firingAbove(rows, 0, 0, 58, 'critical').count, 1);
    assert.equal(firingAbove(rows, 0, 0, 86, 'critical').count, 1, 'a silenced one is handled');
    assert.equal(firingAbove(rows, 0, 0, 116, 'critical').count, 4);
    assert.equal(firingAbove(rows, 0, 0, 100, 'critical').count, 1, 'g2 only peeks out');
    assert.equal(firingAbove(rows, 0, 0, 1000, 'warning').count, 1, 'g3 is expanded');
  });

  it('more may be above the rows held when the first held row is of that severity', () => {
    assert.equal(firingAbove(rows, 5, 300, 500, 'critical').more, true);
    assert.equal(firingAbove(rows.slice(4), 5, 300, 500, 'critical').more, false);
    assert.equal(firingAbove(rows, 0, 0, 500, 'critical').more, false);
  });
});
