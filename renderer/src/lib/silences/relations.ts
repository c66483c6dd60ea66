// How alerts and silences relate, in words the window shows: acknowledgements (never shown as
// plain silences), time-interval mutes, the alerts a silence silences now (the server's
// silencedBy, not a preview), and the expired silences that matched an alert.
import { matchesAlert } from '$core/matchers/evaluate.ts';
import { acknowledgedBy } from '$core/model/ack-text.ts';
import type { AlertView, SilenceView } from '$core/model/view.ts';

/** Most expired silences listed for one alert (the server keeps them for days). */
export const MAX_EXPIRED_SHOWN = 20;

export function ackText(s: SilenceView): string {
  return s.ack ? acknowledgedBy([s.ack]) : '';
}

export function mutedText(intervals: readonly string[]): string {
  return `muted by time interval ${intervals.join(', ')}`;
}

/** The alerts the server says this silence silences right now. */
export function silencedAlerts(
  key: string,
  alerts: Readonly<Record<string, AlertView>>,
): AlertView[] {
  const out: AlertView[] = [];
  for (const fp in alerts) {
    const a = alerts[fp]!;
    if (a.silencedBy.includes(key)) out.push(a);
  }
  return out.sort((x, y) =>
    (x.labels['alertname'] ?? '').localeCompare(y.labels['alertname'] ?? ''),
  );
}

/** Expired silences of the alert's clusters whose matchers match it, latest ended first. */
export function expiredSilencesOf(
  alert: AlertView,
  silences: Readonly<Record<string, SilenceView>>,
): SilenceView[] {
  const out: SilenceView[] = [];
  for (const key in silences) {
    const s = silences[key]!;
    if (s.state !== 'expired' || !alert.clusters.includes(s.clusterId)) continue;
    if (matchesAlert(s.matchers, alert.labels)) out.push(s);
  }
  return out
    .sort((a, b) => Date.parse(b.endsAt) - Date.parse(a.endsAt))
    .slice(0, MAX_EXPIRED_SHOWN);
}

/** Why a silence needs attention, in one line; '' when it does not. */
export function attentionText(s: SilenceView, now: number): string {
  const a = s.attention;
  if (!a) return '';
  const parts: string[] = [];
  if (a.unusedSince) {
    const min = Math.max(0, Math.round((now - Date.parse(a.unusedSince)) / 60_000));
    parts.push(`silenced nothing for ${min >= 120 ? `${Math.round(min / 60)} h` : `${min} min`}`);
  }
  if (a.longRunning) {
    const days = Math.round((Date.parse(s.endsAt) - Date.parse(s.startsAt)) / 86_400_000);
    parts.push(`runs ${days} days`);
  }
  return parts.join(' · ');
}
