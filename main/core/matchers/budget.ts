// The cost budget for evaluating regex matchers. re2js is linear in the text, but one test
// costs about pattern length × text length (measured on Node 20, re2js 1.x: up to ~135 ns per
// unit on `(a?)`×N patterns, so a 16 KB pattern against a 4,000-character value takes ~0.6 s),
// and compiling costs up to ~4 µs per pattern character. Anyone who can create a silence on a
// team's Alertmanager chooses both lengths, and the core evaluates every silence's matchers
// against every alert (preview, ack tending), so without a bound one forged silence freezes the
// process. Three bounds, with the measurements behind them in README.md (this folder):
//   - a test whose pattern length × (text length + 1) exceeds PER_TEST_UNITS is not run;
//   - a pattern longer than MAX_EVAL_PATTERN is not compiled for evaluation;
//   - all tests run in one turn of the event loop share TURN_MS of time; once it is spent,
//     the rest of that turn's tests are not run (sync callers), or the caller yields to the
//     event loop and continues (preview: `yieldWhenSpent`).
// What is not run is 'unknown', never a guess: each caller says so honestly.

/** ~20 ms worst case for one test (135 ns per unit). */
const PER_TEST_UNITS = 150_000;
/** ~16–35 ms to compile at worst (2–4 µs per character). */
const MAX_EVAL_PATTERN = 8 * 1024;
/**
 * Matching time one turn of the event loop may spend (one more test may overrun it). The core
 * serves every instance's polls and the bridge: 10 ms (measured under a loaded machine: with
 * 20 ms, bridge calls waited up to 130 ms; with 10 ms, 64 ms). The window (it has a document) may
 * spend 100 ms: its bound is no task over 200 ms, and a filter keystroke over 10,000 ordinary
 * alerts must be judged, not left unknown.
 */
const TURN_MS = 'document' in globalThis ? 100 : 10;

/** When this turn's first test started; undefined until one runs after a reset. */
let turnStart: number | undefined;
let resetScheduled = false;

/**
 * The reset runs on the next macrotask: setImmediate in Node (right after pending I/O),
 * setTimeout elsewhere; unref'd, it never keeps a process alive on its own.
 */
function later(fn: () => void): void {
  const g = globalThis as { setImmediate?: (f: () => void) => { unref?: () => void } };
  if (g.setImmediate) g.setImmediate(fn).unref?.();
  else setTimeout(fn, 0);
}

function scheduleReset(): void {
  if (resetScheduled) return;
  resetScheduled = true;
  later(() => {
    turnStart = undefined;
    resetScheduled = false;
  });
}

/** Whether a test of this size may run at all (deterministic: the same answer every time). */
export function affordable(patternLength: number, textLength: number): boolean {
  return patternLength <= MAX_EVAL_PATTERN && patternLength * (textLength + 1) <= PER_TEST_UNITS;
}

/**
 * Whether this turn of the event loop still has matching time left. Counted in wall time from
 * the turn's first test, so the caller's own work between tests counts too (measured: timing
 * only the tests let a 20 ms turn run 48 ms).
 */
export function turnHasTime(): boolean {
  return turnStart === undefined || performance.now() - turnStart < TURN_MS;
}

/** Runs one compile-and-test, starting this turn's clock if it is the first. */
export function charged<T>(work: () => T): T {
  scheduleReset();
  turnStart ??= performance.now();
  return work();
}

/**
 * For work that may take longer in total: when this turn's time is spent, waits for a timer, so
 * that a whole turn of the event loop (timers, I/O: polls, bridge calls) runs in between. An
 * immediate would not do: the next chunk would run in the same check phase as the reset.
 */
export async function yieldWhenSpent(): Promise<void> {
  while (!turnHasTime()) await new Promise<void>((resolve) => setTimeout(resolve, 0));
}
