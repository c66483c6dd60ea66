// Polling helper: tests wait for a condition with a generous deadline instead of sleeping for
// a fixed time (the machine is shared and slow; wall-clock assumptions make flaky tests).

export interface WaitOptions {
  /** Give up after this long; default 15 000 ms. */
  timeoutMs?: number;
  /** Pause between attempts; default 100 ms. */
  intervalMs?: number;
  /** Prefix of the timeout error. */
  message?: string;
  /** Errors thrown by fn are normally retried; return true here to fail at once instead. */
  rethrow?: (err: unknown) => boolean;
}

/**
 * Calls fn until it returns something other than undefined or false, and resolves with it.
 * Errors thrown by fn count as "not yet"; the last one is reported on timeout.
 */
export async function waitFor<T>(
  fn: () => Promise<T | undefined | false> | T | undefined | false,
  opts?: WaitOptions,
): Promise<T> {
  const timeoutMs = opts?.timeoutMs ?? 15_000;
  const intervalMs = opts?.intervalMs ?? 100;
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await fn();
      if (value !== undefined && value !== false) return value;
    } catch (err) {
      if (opts?.rethrow?.(err)) throw err;
      lastError = err;
    }
    if (Date.now() >= deadline) {
      const why =
        lastError === undefined
          ? ''
          : `; last error: ${lastError instanceof Error ? lastError.message : String(lastError)}`;
      throw new Error(`${opts?.message ?? 'waitFor'}: timed out after ${timeoutMs} ms${why}`, {
        cause: lastError,
      });
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
