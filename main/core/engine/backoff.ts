// Retry delays after failed polls: exponential growth with "full jitter" (a uniformly random
// delay between a floor and the exponential ceiling), so many tray apps watching one
// recovering server do not all retry in lockstep.

/** Longest wait between retries, whatever the interval or the number of failures. */
export const DEFAULT_MAX_BACKOFF_MS = 5 * 60_000;
/** Never retry sooner than this, even when the jitter draws close to zero. */
export const MIN_RETRY_MS = 1_000;

export interface BackoffOptions {
  /** The poll interval: the first ceiling is twice this. */
  baseMs: number;
  /** Consecutive failures so far (1 after the first failure). */
  failures: number;
  maxMs?: number;
  /** Uniform in [0, 1); injectable for tests. */
  random?: () => number;
}

/**
 * Delay before the next attempt: uniform in [floor, ceiling] with
 * ceiling = min(max, base * 2^failures) and floor = min(MIN_RETRY_MS, ceiling). The ceiling is
 * never below the base interval, so a failing server is never polled faster than a healthy one
 * on average.
 */
export function backoffDelay(o: BackoffOptions): number {
  const max = Math.max(o.maxMs ?? DEFAULT_MAX_BACKOFF_MS, o.baseMs);
  // 2^failures overflows nothing meaningful: clamp the exponent first.
  const exp = Math.min(Math.max(o.failures, 1), 30);
  const ceiling = Math.min(max, o.baseMs * 2 ** exp);
  const floor = Math.min(MIN_RETRY_MS, ceiling);
  const r = (o.random ?? Math.random)();
  return Math.round(floor + Math.min(Math.max(r, 0), 1) * (ceiling - floor));
}
