// What a notification says: titles and bodies from untrusted labels and annotations made
// visible and bidi-safe, short, with the most severe names first in summaries.
import { safeExternalUrl } from '../security/external-url.ts';
import type { LabelSet } from '../api/types.ts';
import { displaySeverityRank } from '../model/severity-order.ts';
import type { AlertView } from '../model/view.ts';
import { isolatedProse, isolatedText } from '../model/visible-text.ts';
import { alertNameOf } from '../model/alert-name.ts';

export const MAX_BODY = 300;

export function truncate(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max - 1)}…`;
}

/** "15 min", "3 h": how long something has lasted, as a notification says it. */
export function minutesText(ms: number): string {
  const min = Math.max(1, Math.round(ms / 60_000));
  return min >= 120 ? `${Math.round(min / 60)} h` : `${min} min`;
}

/** An alert's runbook link, when its annotation is an http(s) URL (never another scheme). */
export function runbookOf(a: AlertView): { runbookUrl?: string } {
  const url = safeExternalUrl(a.annotations.runbook_url ?? a.annotations.runbook);
  return url ? { runbookUrl: url } : {};
}

/** The alert name as shown in a notification: hidden characters visible, isolated. */
export function displayAlertName(a: { labels: LabelSet }): string {
  const name = alertNameOf(a.labels);
  return name === '' ? 'Alert' : isolatedText(name);
}

export function labelText([k, v]: [string, string]): string {
  return `${isolatedText(k)}=${isolatedText(v)}`;
}

/**
 * "DiskFull x5, HighCPU x12, +3 more": by severity first (with `order`, most urgent first, so
 * a summary always names the criticals), then by count.
 */
export function countByName(
  alerts: readonly { labels: LabelSet; severity?: string }[],
  max = 4,
  order: readonly string[] = [],
): string {
  const counts = new Map<string, { n: number; rank: number }>();
  for (const a of alerts) {
    const name = displayAlertName(a);
    const rank = displaySeverityRank(a.severity ?? '', order);
    const c = counts.get(name);
    if (c) {
      c.n += 1;
      c.rank = Math.min(c.rank, rank);
    } else counts.set(name, { n: 1, rank });
  }
  const sorted = [...counts]
    .sort((x, y) => x[1].rank - y[1].rank || y[1].n - x[1].n || (x[0] < y[0] ? -1 : 1))
    .map(([name, c]): [string, number] => [name, c.n]);
  const shown = sorted.slice(0, max).map(([n, c]) => (c > 1 ? `${n} x${c}` : n));
  if (sorted.length > max) shown.push(`+${sorted.length - max} more`);
  return shown.join(', ');
}

/**
 * Summary (or description) annotation, then where, then a few identifying labels; not the
 * configured severity label (the title shows it).
 */
export function alertBody(
  alert: AlertView | { labels: LabelSet; text: string },
  cluster: string,
  severityLabel: string,
): string {
  const text =
    'text' in alert
      ? alert.text
      : (alert.annotations.summary ?? alert.annotations.description ?? '');
  const labels = Object.entries(alert.labels)
    .filter(([k]) => k !== 'alertname' && k !== severityLabel)
    .slice(0, 3)
    .map(labelText)
    .join(' ');
  const where = labels ? `${cluster} · ${labels}` : cluster;
  return text ? `${isolatedProse(text)}\n${where}` : where;
}

/**
 * A few lines telling the alerts of one group apart: their summary once when they share it,
 * then what differs between them ("instance=web-1, instance=web-2"); else each one's
 * differing labels and its own summary. A group note read "checkout 5xx rate above 5%" twice
 * and never said where (walk-through).
 */
export function groupLines(
  alerts: readonly { labels: LabelSet; annotations: LabelSet }[],
  severityLabel: string,
  max = 3,
): string[] {
  const keys = new Set<string>();
  for (const a of alerts) for (const k in a.labels) keys.add(k);
  const differing = [...keys]
    .filter((k) => k !== 'alertname' && k !== severityLabel)
    .filter((k) => alerts.some((a) => a.labels[k] !== alerts[0]?.labels[k]))
    .slice(0, 2);
  const apart = (a: { labels: LabelSet }) =>
    differing
      .filter((k) => a.labels[k] !== undefined)
      .map((k) => labelText([k, a.labels[k]!]))
      .join(' ');
  const summaries = new Set(alerts.map((a) => a.annotations.summary ?? ''));
  const more = alerts.length > max ? [`+${alerts.length - max} more`] : [];
  if (summaries.size === 1) {
    const [summary] = summaries;
    const names = alerts.slice(0, max).map(apart).filter(Boolean);
    return [
      ...(summary ? [isolatedProse(summary)] : []),
      ...(names.length > 0 ? [[...names, ...more].join(', ')] : []),
    ];
  }
  return [
    ...alerts.slice(0, max).map((a) => {
      const s = a.annotations.summary ? isolatedProse(a.annotations.summary) : '';
      const where = apart(a);
      return where && s ? `${where}: ${s}` : where || s;
    }),
    ...more,
  ].filter(Boolean);
}
