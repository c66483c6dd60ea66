// From the merged view to what the alert list shows: the row types, the filter's per-alert test
// (state toggles, instances, matchers, free text), the alert order (severity then age), and
// groups + alerts flattened into rows of known height for the windowed list. The grouping
// itself is prepared-groups.ts (sorted once per change) and group-filter.ts (per filter).
import type { LabelSet, Matcher } from '../api/types.ts';
import type { AlertView, GroupView } from '../model/view.ts';
import type { UiSettings } from '../settings/types.ts';
import { displaySeverityRank as severityRank } from '../model/severity-order.ts';
import { evaluateAlert } from '../matchers/evaluate.ts';
import { listCommonLabels } from './row-labels.ts';
import type { Pace, Steps } from './pace.ts';

/** The remembered filter's toggles and pickers, with its text parsed into matchers and words. */
export interface AlertFilter extends Omit<UiSettings['filter'], 'text' | 'groupBy'> {
  matchers: Matcher[];
  words: string[];
}

// Dense: one line per alert (karma-like), so a 960×680 window shows 14+ alerts.
export const GROUP_ROW_HEIGHT = 32;
export const ALERT_ROW_HEIGHT = 28;

export interface GroupCounts {
  active: number;
  silenced: number;
  inhibited: number;
  unprocessed: number;
}

export interface GroupRow {
  kind: 'group';
  key: string;
  group: GroupView;
  /** Alerts of the group that pass the filter, sorted. */
  alerts: readonly AlertView[];
  counts: GroupCounts;
  severity: string;
  /** Sort keys computed once per build. */
  rank: number;
  newest: number;
  height: number;
}

export interface AlertRow {
  kind: 'alert';
  /** Group row key + fingerprint: the same alert may be in several groups. */
  key: string;
  /** Its group row's key (collapse, selection). */
  groupKey: string;
  /** The view's group (its labels, cluster): differs from groupKey inside a section. */
  viewGroupKey: string;
  /** That group's labels and cluster (the row leaves the group's labels off its chips). */
  groupLabels: LabelSet;
  clusterId: string;
  alert: AlertView;
  height: number;
}

/** A section header when the list is grouped by a label (sections.ts). */
export const SECTION_ROW_HEIGHT = 28;

export interface SectionRow {
  kind: 'section';
  /** `§` + the value (the collapse key too). */
  key: string;
  label: string;
  /** null: alerts without the label. */
  value: string | null;
  alerts: number;
  severity: string;
  height: number;
}

export type Row = GroupRow | AlertRow | SectionRow;

export function isSilenced(a: Pick<AlertView, 'silencedBy'>): boolean {
  return a.silencedBy.length > 0;
}
/**
 * Inhibited, or suppressed for another reason than a silence: a time-interval mute (0.28+
 * mutedBy) or a reason the server did not say. Such alerts follow the "inhibited" toggle so
 * no suppressed alert is hidden whatever the toggles say.
 */
export function isInhibited(a: AlertView): boolean {
  return a.inhibitedBy.length > 0 || (a.state === 'suppressed' && a.silencedBy.length === 0);
}

/**
 * Alerts by state as they stand on the group's cluster: an alert also on another Alertmanager
 * may be silenced here and firing there (each lists it in a group of its own).
 */
export function stateCounts(alerts: Iterable<AlertView>, clusterId: string): GroupCounts {
  const counts: GroupCounts = { active: 0, silenced: 0, inhibited: 0, unprocessed: 0 };
  for (const a of alerts) {
    const here = a.statusByCluster[clusterId] ?? a;
    if (here.state === 'active') counts.active++;
    else if (here.state === 'unprocessed') counts.unprocessed++;
    else if (isSilenced(here)) counts.silenced++;
    else counts.inhibited++;
  }
  return counts;
}

export function alertPassesState(a: AlertView, f: AlertFilter): boolean {
  if (a.state === 'active') return f.showActive;
  if (a.state === 'unprocessed') return f.showUnprocessed;
  // Suppressed: shown when any of its reasons is toggled on.
  return (f.showSilenced && isSilenced(a)) || (f.showInhibited && isInhibited(a));
}

/** What free-text words are searched in: labels as `name=value`, annotation values. */
export function textOf(a: AlertView): string {
  let s = '';
  for (const [k, v] of Object.entries(a.labels)) s += `${k}=${v}\n`;
  for (const v of Object.values(a.annotations)) s += `${v}\n`;
  return s.toLowerCase();
}

// Alerts the filter's regex could not be evaluated for (over the per-test bound of the matching
// budget, $core/matchers/budget.ts; the pattern is the user's own, so no turn budget): they are
// shown, never hidden on a guess, and their row says so.
// Keyed by the matchers' text, so the note belongs to the filter that could not decide.
const undecided = new WeakMap<AlertView, string>();
const keyCache = new WeakMap<readonly Matcher[], string>();

function matchersKey(ms: readonly Matcher[]): string {
  let k = keyCache.get(ms);
  if (k === undefined) keyCache.set(ms, (k = JSON.stringify(ms)));
  return k;
}

/** Whether the filter's matchers could not be evaluated for this alert (it is shown anyway). */
export function filterUndecided(a: AlertView, f: Pick<AlertFilter, 'matchers'>): boolean {
  return f.matchers.length > 0 && undecided.get(a) === matchersKey(f.matchers);
}

/**
 * Whether the alert passes the filter. `matchers`: the filter's matchers still to test on this
 * alert (the group filter decides those on its group's labels once per group); an alert they
 * could not decide is noted under the whole filter's matchers.
 */
export function alertPasses(
  a: AlertView,
  f: AlertFilter,
  matchers: readonly Matcher[] = f.matchers,
): boolean {
  if (!alertPassesState(a, f)) return false;
  if (f.instances.length > 0 && !a.instances.some((i) => f.instances.includes(i))) return false;
  // A group names every receiver of its label set; its alerts each name their own.
  if (f.receivers.length > 0 && !a.receivers.some((r) => f.receivers.includes(r))) return false;
  if (matchers.length > 0) {
    const v = evaluateAlert(matchers, a.labels, { turnBudget: false });
    if (v === 'no-match') return false;
    if (v === 'unknown') undecided.set(a, matchersKey(f.matchers));
  }
  if (f.words.length > 0) {
    // The list tests words per group (prepared-groups.ts, wordHits); this is the
    // definition it agrees with.
    const t = textOf(a);
    for (const w of f.words) if (!t.includes(w)) return false;
  }
  return true;
}

// Parsed start times, cached per alert object: records are replaced (not mutated) when they
// change, so an entry is valid for as long as the object lives. Sorting 10,000 alerts would
// otherwise parse dates hundreds of thousands of times per keystroke.
const startCache = new WeakMap<AlertView, number>();

export function startOf(a: AlertView): number {
  let t = startCache.get(a);
  if (t === undefined) {
    t = Date.parse(a.startsAt);
    if (Number.isNaN(t)) t = 0;
    startCache.set(a, t);
  }
  return t;
}

export function compareAlerts(order: readonly string[]) {
  // A handful of distinct severities: rank each once, not twice per comparison.
  const ranks = new Map<string, number>();
  const rankOf = (severity: string): number => {
    let r = ranks.get(severity);
    if (r === undefined) ranks.set(severity, (r = severityRank(severity, order)));
    return r;
  };
  return (x: AlertView, y: AlertView) =>
    rankOf(x.severity) - rankOf(y.severity) ||
    // Newest first within a severity: what just started is what needs eyes.
    startOf(y) - startOf(x) ||
    (x.fingerprint < y.fingerprint ? -1 : x.fingerprint > y.fingerprint ? 1 : 0);
}

export interface BuiltGroups {
  groups: GroupRow[];
  /** Alerts shown (an alert in two groups counts once). */
  alertCount: number;
  /**
   * Built again from the same filter's list on the preparation before (group-filter.ts): that
   * list, and the rows it lost and gained. Counts follow by the same difference.
   */
  since?: { base: BuiltGroups; removed: readonly GroupRow[]; added: readonly GroupRow[] };
}

// A group row's alert rows, made once: group rows are kept while their group and filter result
// are unchanged, so flattening 100,000 alerts after a keystroke or a delta copies references.
const alertRows = new WeakMap<GroupRow, AlertRow[]>();

/** Labels every shown alert of the group shares (none for one alert), made once per row. */
export function groupCommonLabels(g: GroupRow): LabelSet {
  return listCommonLabels([g]);
}

export function alertRowsOf(g: GroupRow): AlertRow[] {
  let rows = alertRows.get(g);
  if (!rows) {
    // Not the group's common labels: a row is sent with them (list-model.ts #wireRow), and
    // making them for every group of a 100,000-alert list took 118 ms of its first answer.
    rows = g.alerts.map((a) => ({
      kind: 'alert',
      key: `${g.key}\u0000${a.fingerprint}`,
      groupKey: g.key,
      viewGroupKey: g.group.key,
      groupLabels: g.group.labels,
      clusterId: g.group.clusterId,
      alert: a,
      height: ALERT_ROW_HEIGHT,
    }));
    alertRows.set(g, rows);
  }
  return rows;
}

/**
 * Rows for the windowed list: each group header, then its alerts unless collapsed. In steps
 * that yield when `pace` is due (pace.ts; NEVER for all at once).
 */
export function* flattenRowsSteps(
  groups: readonly GroupRow[],
  collapsed: ReadonlySet<string>,
  pace: Pace,
): Steps<Row[]> {
  const rows: Row[] = [];
  for (const g of groups) {
    if (pace.due(g.alerts.length + 1)) yield;
    rows.push(g);
    if (collapsed.has(g.key)) continue;
    for (const r of alertRowsOf(g)) rows.push(r);
  }
  return rows;
}
