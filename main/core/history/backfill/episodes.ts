// From an ALERTS series (a point per query step while the alert fired) to the episodes that
// ended inside the gap. One still firing when the app looked again is left out: the app
// records that one itself (fired, or first seen, when it came back), and a filled copy would
// be a second record of it. One already firing at the range's start is returned without its
// start: only its end is news, and only for an alert the file has open (filled-rows.ts).
//
// The range's last point is the moment the app looked again (rangeEndingAt): with a last
// point up to a step earlier, an episode that ended in between looked still firing, while the
// app's first data no longer held it, and it was recorded by neither (at a week's 61 s step,
// any episode that ended in the last minute before the app came back).
import type { QueryRange } from './alerts-series.ts';

export interface Episode {
  /**
   * The first point: the alert began firing within one step before it. Absent when it was
   * already firing at the range's start.
   */
  firedAt?: number;
  /** One step after the last point: it stopped firing within one step before that. */
  resolvedAt: number;
}

export function episodesInside(times: readonly number[], r: QueryRange): Episode[] {
  const out: Episode[] = [];
  const lastPos = lastPointOf(r);
  let start: number | undefined;
  let prev: number | undefined;
  const close = () => {
    if (start === undefined || prev === undefined) return;
    // Firing at the range's last point: still firing when the app looked again.
    if (prev >= lastPos) return;
    // At its first: it began before the range.
    const resolvedAt = prev + r.stepMs;
    out.push(start > r.fromMs ? { firedAt: start, resolvedAt } : { resolvedAt });
  };
  for (const t of times) {
    if (prev !== undefined && t - prev > r.stepMs * 1.5) {
      close();
      start = undefined;
    }
    start ??= t;
    prev = t;
  }
  close();
  return out;
}

/**
 * The step: the finest that keeps a series under 11,000 points (Prometheus refuses more),
 * never below one second.
 */
export function stepFor(fromMs: number, toMs: number): number {
  const seconds = Math.max(1, Math.ceil((toMs - fromMs) / 1000 / 10_000));
  return seconds * 1000;
}

/** The query's range from `fromMs` (or up to a step earlier) with its last point at `toMs`. */
export function rangeEndingAt(fromMs: number, toMs: number): QueryRange {
  const stepMs = stepFor(fromMs, toMs);
  return { fromMs: toMs - Math.ceil((toMs - fromMs) / stepMs) * stepMs, toMs, stepMs };
}

/**
 * Whether a series' last episode may be the one the app saw firing in its first data after
 * the gap (requested up to `lateMs` before the range's end): nothing fired after it, and it
 * ended that close to the end. When the app's first data holds the alert, the app records
 * that episode's end itself.
 */
export function lastEndedAsTheAppLooked(
  times: readonly number[],
  episodes: readonly Episode[],
  r: QueryRange,
  lateMs: number,
): boolean {
  const last = episodes.at(-1);
  if (!last || times.length === 0 || times.at(-1)! >= lastPointOf(r)) return false;
  return last.resolvedAt > r.toMs - lateMs - r.stepMs;
}

/** The range's last point (query_range evaluates at from + k * step). */
function lastPointOf(r: QueryRange): number {
  return r.fromMs + Math.floor((r.toMs - r.fromMs) / r.stepMs) * r.stepMs;
}
