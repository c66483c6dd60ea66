// How the records the app did not see itself read on the Timeline: those filled in from
// Prometheus' ALERTS series afterwards (their times only as exact as the query's step), and
// the gaps (times the app was not watching that could not be filled, and why). Pure.
import type { HistoryRecord } from '$core/history/record.ts';
import { formatDuration } from '../format/time.ts';

/** "1 s", "15 s", "1 min", "1 min 30 s": a query step in words. */
function stepText(ms: number): string {
  const s = Math.max(1, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  return s % 60 ? `${m} min ${s % 60} s` : `${m} min`;
}

/** "filled from Prometheus, ±15 s" for a filled record; undefined for one the app saw. */
export function filledText(r: HistoryRecord): string | undefined {
  if (!r.filled) return undefined;
  return `filled from Prometheus, ±${stepText(r.filled.stepMs)}`;
}

export interface GapWords {
  fromMs: number;
  toMs: number;
  /** How long the app was not watching ("28m", "2h 5m"). */
  length: string;
  /** Why the time could not be filled. */
  reason: string;
}

/** Detail read at most (the reason is bounded where it is written; this bounds the match). */
const MAX_DETAIL = 4_000;
// The history writes `not watched from <ISO> to <ISO>: <reason>` (history/backfill/).
const GAP = /^not watched from (\S{1,40}) to (\S{1,40}): /;

/** A gap record's times and reason; undefined when the detail is not one the history wrote. */
export function gapWords(r: HistoryRecord): GapWords | undefined {
  if (r.kind !== 'gap' || r.detail === undefined) return undefined;
  const detail = r.detail.slice(0, MAX_DETAIL);
  const m = GAP.exec(detail);
  if (!m) return undefined;
  const fromMs = Date.parse(m[1]!);
  const toMs = Date.parse(m[2]!);
  if (Number.isNaN(fromMs) || Number.isNaN(toMs)) return undefined;
  return {
    fromMs,
    toMs,
    length: formatDuration(toMs - fromMs),
    reason: detail.slice(m[0].length),
  };
}
