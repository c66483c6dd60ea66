// How many alerts of the worst severity fire above the list's viewport, from the rows the window
// holds (the core sends 1,200 px of rows above what is shown). A walk-through scrolled 92 px
// down while acknowledging, a new critical sorted to the top, its toast went, and nothing on
// screen showed it: the list says "↑ 1 critical above" instead.
import type { ListRow } from '$core/list/list-query.ts';

export interface FiringAbove {
  count: number;
  /** Rows above the ones held may hold more (the first held row is of that severity). */
  more: boolean;
}

/**
 * Alerts of `severity` firing (active: not silenced, acknowledged or inhibited) in the held
 * rows that end above `viewTop`. An alert row counts one; a group row counts its active alerts
 * only when none of its alert rows follow it (collapsed), and only when `severity` is its worst.
 */
export function firingAbove(
  rows: readonly ListRow[],
  start: number,
  firstTop: number,
  viewTop: number,
  severity: string,
): FiringAbove {
  let count = 0;
  let y = firstTop;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    // Hidden only when wholly above the viewport (a row peeking at its top is seen).
    if (y + r.height > viewTop + 1) break;
    if (r.kind === 'alert') {
      if (r.alert.state === 'active' && r.alert.severity === severity) count++;
    } else if (r.kind === 'group' && r.severity === severity) {
      const next = rows[i + 1];
      const expanded = next?.kind === 'alert' && next.groupKey === r.key;
      if (!expanded) count += Math.min(r.shown, r.counts.active);
    }
    y += r.height;
  }
  const first = rows[0];
  const more =
    start > 0 &&
    first !== undefined &&
    (first.kind === 'alert'
      ? first.alert.severity === severity
      : first.kind === 'group' && first.severity === severity);
  return { count, more };
}
