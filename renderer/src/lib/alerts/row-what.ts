// What toasts call a row of the alert list: an alert by its name and the first labels its
// group does not share ("HighErrorRate (service=cart)"; the name alone read the same for every
// alert of a group, so `a` on two of them said the same thing twice), a group by its labels and
// how many alerts it shows ("NodeHighCPU (9 alerts)": `a` on a header acknowledges them all,
// and a walk-through's toast named the group without saying that it was nine).
import type { ListRow } from '$core/list/list-query.ts';

/** Labels an alert's name is followed by: what tells it from its group's others. */
const TELLING = 2;
const clip = (v: string, n = 40) => (v.length > n ? `${v.slice(0, n - 1)}…` : v);

export function alertWhat(row: Extract<ListRow, { kind: 'alert' }>): string {
  const labels = row.alert.labels;
  const name = labels['alertname'] ?? 'alert';
  const telling = Object.entries(labels)
    .filter(([k, v]) => k !== 'alertname' && row.groupCommon[k] !== v)
    .slice(0, TELLING)
    .map(([k, v]) => `${clip(k, 30)}=${clip(v)}`);
  return telling.length > 0 ? `${name} (${telling.join(', ')})` : name;
}

export function groupWhat(row: Extract<ListRow, { kind: 'group' }>): string {
  const name = Object.values(row.group.labels).join(' / ') || 'group';
  return row.shown > 1 ? `${name} (${row.shown} alerts)` : name;
}
