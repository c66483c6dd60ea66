// How a history record reads on the Timeline: what happened in plain words, and where (the
// labels that tell otherwise identical lines apart, never internal ids). Pure, so the words
// are the same in the Timeline and in an alert's own history.
import type { HistoryKind, HistoryRecord } from '$core/history/record.ts';

const WORDS: Record<HistoryKind, string> = {
  fired: 'started firing',
  'first-seen': 'already firing when first seen',
  resolved: 'resolved',
  silenced: 'silenced',
  acknowledged: 'acknowledged',
  inhibited: 'inhibited',
  unsuppressed: 'no longer silenced',
  'severity-changed': 'changed severity',
  'instance-down': 'could not be reached',
  'instance-up': 'reachable again',
  'silence-created': 'silence created',
  'silence-edited': 'silence edited',
  'silence-expired': 'silence expired',
  notified: 'notification shown',
  withheld: 'notification withheld',
  gap: 'not watched, and not filled from Prometheus',
};

export function recordWords(kind: HistoryKind): string {
  return WORDS[kind];
}

/** "once", "twice", "3 times" (a count of firings in a sentence). */
function timesText(n: number): string {
  if (n === 1) return 'once';
  if (n === 2) return 'twice';
  return `${n.toLocaleString()} times`;
}

/**
 * How often an alert started firing, for its detail: never "started firing 0 times" for an
 * alert that fires now (it fired before the app first saw it, or before the history began).
 */
export function firingSummary(f: { day: number; week: number; firstSeen: boolean }): string {
  const seen = f.firstSeen ? ' (already firing when first seen)' : '';
  if (f.week === 0)
    return f.firstSeen
      ? 'Already firing when first seen; it has not started firing again in 7 days.'
      : 'No start of firing recorded in 7 days.';
  if (f.day === 0)
    return `Started firing ${timesText(f.week)} in 7 days, not in the last 24 hours${seen}.`;
  return `Started firing ${timesText(f.day)} in 24 hours, ${timesText(f.week)} in 7 days${seen}.`;
}

/** Labels shown per line at most; the rest is in the alert's details. */
const MAX_WHERE = 4;
/** Labels that usually say where an alert is, for a line no other line shares a name with. */
const WHERE_NAMES = ['node', 'pod', 'instance', 'host', 'namespace', 'job', 'service'];
/** Records compared at most (a page is 100; "Load more" grows it). */
const MAX_COMPARED = 5_000;

/**
 * For each record, the labels whose values differ between the records of the same alertname
 * in `records` (node, pod, instance...): what tells "KubeNodeNotReady" from
 * "KubeNodeNotReady". Keyed by record. One pass to collect values, one to pick.
 */
export function distinguishingLabels(
  records: readonly HistoryRecord[],
): Map<HistoryRecord, [string, string][]> {
  const list = records.slice(0, MAX_COMPARED);
  // alertname -> label name -> first value seen, or null once two values (or absence) differ.
  const byName = new Map<string, { count: number; values: Map<string, string | null> }>();
  for (const r of list) {
    if (!r.labels || r.alertname === undefined) continue;
    let entry = byName.get(r.alertname);
    if (!entry) {
      entry = { count: 0, values: new Map() };
      byName.set(r.alertname, entry);
    }
    const first = entry.count === 0;
    entry.count++;
    for (const [k, v] of Object.entries(r.labels)) {
      if (k === 'alertname') continue;
      const seen = entry.values.get(k);
      if (seen === undefined) entry.values.set(k, first ? v : null);
      else if (seen !== null && seen !== v) entry.values.set(k, null);
    }
    // A label some earlier record had and this one lacks differs too.
    for (const [k, seen] of entry.values) {
      if (seen !== null && !(k in r.labels)) entry.values.set(k, null);
    }
  }
  const out = new Map<HistoryRecord, [string, string][]>();
  for (const r of list) {
    if (!r.labels || r.alertname === undefined) continue;
    const entry = byName.get(r.alertname);
    const where: [string, string][] = [];
    if (!entry || entry.count < 2) {
      // Alone in the list: the labels that usually say where, if it has them.
      for (const k of WHERE_NAMES) {
        const v = r.labels[k];
        if (v !== undefined) where.push([k, v]);
        if (where.length === 2) break;
      }
      out.set(r, where);
      continue;
    }
    for (const [k, seen] of entry.values) {
      if (seen !== null) continue;
      const v = r.labels[k];
      if (v !== undefined) where.push([k, v]);
      if (where.length === MAX_WHERE) break;
    }
    out.set(r, where);
  }
  return out;
}
