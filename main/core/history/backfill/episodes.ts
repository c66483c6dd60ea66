// From an ALERTS series (a point per query step while the alert fired) to the episodes that
// ended inside the gap. One still firing when the app looked again is left out: the app
// records that one itself (fired, or first seen, when it came back), and a filled copy would
// be a second record of it. One already firing at the range's start is returned without its
// start: only its end is news, and only for an alert the file has open (filled-rows.ts).
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
  // The last point position of the range (query_range evaluates at from + k * step).
  const lastPos = r.fromMs + Math.floor((r.toMs - r.fromMs) / r.stepMs) * r.stepMs;
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
