// Which labels a row shows, in which order. A row has one line: what tells where an alert
// fires (cluster, namespace, service, instance, job by default: Settings) comes first and is
// shown whole; then the rest by name; volatile labels (pod, container) last. Labels the group
// header already shows, and labels every alert in view shares (shown once above the list),
// are left out. Bounded: an alert may carry 10,000 labels, a row shows at most MAX.
import type { LabelSet } from '../api/types.ts';
import { drain, NEVER, type Pace, type Steps } from './pace.ts';

const MAX = 30;
/** Past this many labels, the rest are taken in the server's order, not sorted. */
const SORT_LIMIT = 300;

export interface RowLabel {
  name: string;
  value: string;
  /** A priority label: drawn whole, never ellipsized or pushed out by another. */
  first: boolean;
}

export interface RowLabelOrder {
  priority: readonly string[];
  last: readonly string[];
}

/** Labels of `labels` not in `shown` (same name and value), in the row's order. */
export function rowLabels(
  labels: LabelSet,
  shown: readonly LabelSet[],
  order: RowLabelOrder,
): RowLabel[] {
  const hidden = (k: string, v: string): boolean =>
    k === 'alertname' || shown.some((s) => s[k] === v);
  const out: RowLabel[] = [];
  for (const k of order.priority) {
    const v = labels[k];
    if (v !== undefined && Object.hasOwn(labels, k) && !hidden(k, v))
      out.push({ name: k, value: v, first: true });
  }
  const rest: string[] = [];
  const tail: string[] = [];
  for (const k in labels) {
    if (order.priority.includes(k) || hidden(k, labels[k]!)) continue;
    (order.last.includes(k) ? tail : rest).push(k);
    if (rest.length + tail.length >= SORT_LIMIT) break;
  }
  rest.sort();
  tail.sort((a, b) => order.last.indexOf(a) - order.last.indexOf(b));
  for (const k of [...rest, ...tail]) {
    if (out.length >= MAX) break;
    out.push({ name: k, value: labels[k]!, first: false });
  }
  return out;
}

// Labels shared by every alert of a group row, made once per row (rows are kept while their
// group and filter result are unchanged): the list's common labels are then an intersection
// over groups, not a pass over 100,000 alerts on every build.
const sharedByRow = new WeakMap<object, ReadonlyMap<string, string>>();

function sharedOf(g: { alerts: readonly { labels: LabelSet }[] }): ReadonlyMap<string, string> {
  let shared = sharedByRow.get(g);
  if (!shared) {
    const common = new Map<string, string>();
    let first = true;
    for (const a of g.alerts) {
      if (first) {
        first = false;
        for (const k in a.labels) {
          if (k === 'alertname') continue;
          common.set(k, a.labels[k]!);
          if (common.size >= 100) break;
        }
        continue;
      }
      for (const [k, v] of common) if (a.labels[k] !== v) common.delete(k);
      if (common.size === 0) break;
    }
    sharedByRow.set(g, (shared = common));
  }
  return shared;
}

const rowCommon = new WeakMap<object, LabelSet>();

/** One row's common labels as a label set, made once per row object. */
function rowCommonOf(g: { alerts: readonly { labels: LabelSet }[] }): LabelSet {
  let out = rowCommon.get(g);
  if (!out) {
    out = {};
    if (g.alerts.length > 1) for (const [k, v] of sharedOf(g)) out[k] = v;
    rowCommon.set(g, out);
  }
  return out;
}

/**
 * Labels every alert of `groups` has with the same value (karma's "common labels"), shown once
 * above the list instead of on every row. Empty for fewer than two alerts; looks at most at
 * the first 100 labels of a group's first alert. From each row's shared labels, kept per row
 * object: an intersection over groups, not a pass over every alert per build.
 */
export function listCommonLabels(
  groups: readonly { alerts: readonly { labels: LabelSet }[] }[],
): LabelSet {
  return drain(listCommonLabelsSteps(groups, NEVER));
}

/** listCommonLabels in steps that yield when `pace` is due (pace.ts). */
export function* listCommonLabelsSteps(
  groups: readonly { alerts: readonly { labels: LabelSet }[] }[],
  pace: Pace,
): Steps<LabelSet> {
  if (groups.length === 1) return rowCommonOf(groups[0]!);
  let common: Map<string, string> | undefined;
  let count = 0;
  for (const g of groups) {
    // A row's shared labels are made once per row object: a new row reads its alerts.
    if (pace.due(sharedByRow.has(g) ? 1 : g.alerts.length)) yield;
    if (g.alerts.length === 0) continue;
    count += g.alerts.length;
    const shared = sharedOf(g);
    if (!common) common = new Map(shared);
    else for (const [k, v] of common) if (shared.get(k) !== v) common.delete(k);
    if (common.size === 0 && count > 1) break;
  }
  const out: LabelSet = {};
  if (common && count > 1) for (const [k, v] of common) out[k] = v;
  return out;
}
