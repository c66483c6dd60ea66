// From an ALERTS series (a point per query step while the alert fired) to the episodes that
// began and ended inside the gap. Only those are filled: an episode already firing when the
// app stopped watching, or still firing when it looked again, is one the app records itself
// (as open, resolved "while not watched", or fired when it came back), and a filled copy
// would be a second record of the same episode.
import type { QueryRange } from './alerts-series.ts';

export interface Episode {
  /** The first point: the alert began firing within one step before it. */
  firedAt: number;
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
    // Firing at the range's first point: it began before the gap. At its last: still firing.
    if (start > r.fromMs && prev < lastPos) {
      out.push({ firedAt: start, resolvedAt: prev + r.stepMs });
    }
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
