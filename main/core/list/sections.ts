// Group by a label, as sections (karma's multi-grid): one section per value of the label
// (`cluster=prod-eu`, `team=payments`), each holding Alertmanager's groups cut down to the
// alerts with that value; alerts without the label form the last section. Sections are sorted
// like groups (worst severity first, then the newest). Derived group rows are made once per
// group row and value: a keystroke or a delta that kept a group row keeps its sections' rows.
// Grouped by Alertmanager (group-by.ts), a section per cluster holds its groups whole.
import {
  flattenRowsSteps,
  SECTION_ROW_HEIGHT,
  stateCounts,
  type GroupRow,
  type Row,
  type SectionRow,
} from './rows.ts';
import type { Pace, Steps } from './pace.ts';
import { BY_ALERTMANAGER } from './group-by.ts';

const derived = new WeakMap<GroupRow, Map<string, GroupRow>>();

/**
 * The part of a group row whose alerts have `value` for `label` (the same object each time);
 * by Alertmanager, the whole group under its section's key.
 */
function part(g: GroupRow, value: string | null, label: string): GroupRow {
  let byValue = derived.get(g);
  if (!byValue) derived.set(g, (byValue = new Map()));
  // By label and value: the same group row is cut again when the grouping changes (grouped by
  // `team` then `owner`, a value both have returned the first label's part).
  const key = `${label}\u0000${value ?? '\u0001'}`;
  let row = byValue.get(key);
  if (!row) {
    const alerts =
      label === BY_ALERTMANAGER
        ? g.alerts
        : g.alerts.filter((a) => (a.labels[label] ?? null) === value);
    row = {
      ...g,
      key: `§${value ?? ''}\u0001${g.key}`,
      alerts,
      // Its own part's counts (of the alerts shown in it): a section "instance=db-1, 1 alert"
      // held a header "2 firing". By Alertmanager a group is whole: its own counts.
      ...(label === BY_ALERTMANAGER ? {} : { counts: stateCounts(alerts, g.group.clusterId) }),
      severity: alerts[0]?.severity ?? g.severity,
    };
    byValue.set(key, row);
  }
  return row;
}

interface Section {
  row: SectionRow;
  groups: GroupRow[];
  rank: number;
  newest: number;
  /**
   * Its alerts, each once: an alert in two of its groups (two receivers' routes, or one alert
   * on two separate Alertmanagers) was counted twice, and the sections' counts summed to more
   * than the list's "N of M". Made only where groups share alerts (a second group).
   */
  seen: Set<string> | null;
}

/**
 * Section headers, each followed by its groups (and their alerts unless collapsed). In steps
 * that yield when `pace` is due (pace.ts; NEVER for all at once).
 */
export function* sectionRowsSteps(
  groups: readonly GroupRow[],
  label: string,
  collapsed: ReadonlySet<string>,
  pace: Pace,
  clusterName: (clusterId: string) => string = (id) => id,
): Steps<Row[]> {
  const sections = new Map<string | null, Section>();
  for (const g of groups) {
    if (pace.due(g.alerts.length + 1)) yield;
    const values = new Set<string | null>();
    if (label === BY_ALERTMANAGER) values.add(clusterName(g.group.clusterId));
    else for (const a of g.alerts) values.add(a.labels[label] ?? null);
    for (const v of values) {
      const p = part(g, v, label);
      let s = sections.get(v);
      if (!s) {
        s = {
          row: {
            kind: 'section',
            key: `§${v ?? ''}`,
            label,
            value: v,
            alerts: 0,
            severity: p.severity,
            height: SECTION_ROW_HEIGHT,
          },
          groups: [],
          rank: p.rank,
          newest: p.newest,
          seen: null,
        };
        sections.set(v, s);
      }
      if (s.groups.length === 1) s.seen = new Set(s.groups[0]!.alerts.map((a) => a.fingerprint));
      s.groups.push(p);
      if (s.seen === null) s.row.alerts += p.alerts.length;
      else {
        for (const a of p.alerts) s.seen.add(a.fingerprint);
        s.row.alerts = s.seen.size;
      }
      if (p.rank < s.rank) {
        s.rank = p.rank;
        s.row.severity = p.severity;
      }
      s.newest = Math.max(s.newest, p.newest);
    }
  }
  const ordered = [...sections.values()].sort(
    (x, y) =>
      Number(x.row.value === null) - Number(y.row.value === null) ||
      x.rank - y.rank ||
      y.newest - x.newest ||
      (x.row.key < y.row.key ? -1 : 1),
  );
  const rows: Row[] = [];
  for (const s of ordered) {
    rows.push(s.row);
    if (collapsed.has(s.row.key)) continue;
    for (const r of yield* flattenRowsSteps(s.groups, collapsed, pace)) rows.push(r);
  }
  return rows;
}
