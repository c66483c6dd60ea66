// How alerts and silences relate, in words the window shows: acknowledgements (never shown as
// plain silences), time-interval mutes, and the expired silences that matched an alert. The
// alerts a silence silences now are the core's answer (silences:silenced).
import { evaluateAlert } from '$core/matchers/evaluate.ts';
import { acknowledgedBy } from '$core/model/ack-text.ts';
import type { AlertView, SilenceView } from '$core/model/view.ts';
import { formatTime } from '../format/time.ts';

/** Most expired silences listed for one alert (the server keeps them for days). */
export const MAX_EXPIRED_SHOWN = 20;

export function ackText(s: SilenceView): string {
  return s.ack ? acknowledgedBy([s.ack]) : '';
}

/**
 * When an active ack ends, in words. The silence's own end is only its current short stretch:
 * this install renews its acks while their alerts fire (core silences/ack.ts), up to
 * `maxHours` from the start, so "until 1:18 AM" read as an end that would not come. Another
 * install's ack ends then unless that app renews it.
 */
export function ackEndText(
  s: Pick<SilenceView, 'ack' | 'startsAt' | 'endsAt'>,
  now: number,
  maxHours: number | undefined,
): string {
  if (s.ack?.mine) {
    const cap = Date.parse(s.startsAt) + (maxHours ?? 0) * 3_600_000;
    const capText =
      maxHours && Number.isFinite(cap)
        ? `, at most until ${formatTime(new Date(cap).toISOString(), now)}`
        : '';
    return `until it resolves${capText} (renewed while this app runs)`;
  }
  return `until ${formatTime(s.endsAt, now)} unless their app renews it`;
}

export function mutedText(intervals: readonly string[]): string {
  return `muted by time interval ${intervals.join(', ')}`;
}

export interface ExpiredSilences {
  /** Latest ended first, at most MAX_EXPIRED_SHOWN. */
  silences: SilenceView[];
  /** Expired silences whose regex was too expensive to test on this alert (skipped). */
  skipped: number;
}

/** None (yet). */
export const NO_EXPIRED: ExpiredSilences = Object.freeze({ silences: [], skipped: 0 });

/**
 * Expired silences of the alert's clusters whose matchers match it. One whose regex is over
 * the matching budget ($core/matchers/budget.ts) is skipped and counted, never guessed.
 */
export function expiredSilencesOf(
  alert: AlertView,
  silences: Iterable<SilenceView>,
): ExpiredSilences {
  const out: SilenceView[] = [];
  let skipped = 0;
  for (const s of silences) {
    if (s.state !== 'expired' || !alert.clusters.includes(s.clusterId)) continue;
    const v = evaluateAlert(s.matchers, alert.labels);
    if (v === 'match') out.push(s);
    else if (v === 'unknown') skipped++;
  }
  out.sort((a, b) => Date.parse(b.endsAt) - Date.parse(a.endsAt));
  return { silences: out.slice(0, MAX_EXPIRED_SHOWN), skipped };
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
