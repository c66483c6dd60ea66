// The list's work over 100,000 alerts done in slices (issue 29 item 2: the core never blocks
// longer than 50 ms for a query). The first query after a poll changed alerts prepares the
// touched groups, filters every group, counts, places 110,000 rows and finds the shared
// labels: 45–75 ms in one turn at 100k, more under churn, and the first word typed searches
// every group's text (60–90 ms). The loops doing that are generators that yield when their
// slice is used up; a query runs them a slice per event-loop turn, so polls, timers and other
// windows' answers go on between. Synchronous callers (tests, `ListModel.answer`) drain them
// at once with `NEVER`, which is never due.
import { nextTurn } from '../api/event-loop-turns.ts';

/**
 * Asked by a loop at each step: whether to yield now. `work`: how much the step did, in alerts
 * or rows (a group of 5,000 alerts is not one step of a loop over 10-alert groups).
 */
export interface Pace {
  due(work?: number): boolean;
}

/** Work in steps that yield (nothing) when their pace is due, and return a value. */
export type Steps<T> = Generator<void, T, void>;

/** A pace that is never due: the steps run to the end in one go. */
export const NEVER: Pace = { due: () => false };

/**
 * Longest a slice of list work holds the core in one turn (the rest waits for the next turn).
 * A turn runs one slice of the core's sliced work (this, or a reader's 8 ms); shorter
 * slices made a query wait between them for that background work more often (at 100k in the
 * first minute, with 10 ms slices, the first letter typed was answered after 140 ms instead of
 * ~85 when it held the core for all of it).
 */
export const SLICE_MS = 20;

/** Work (alerts, rows) between two looks at the clock: ~860 looks in 110,000 rows. */
const CHECK_EVERY = 128;

/** Runs steps to the end without yielding to anyone (they are never due with NEVER). */
export function drain<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** A pace due once `sliceMs` have passed since `start()`, looking at the clock now and then. */
export class SlicePace implements Pace {
  readonly #sliceMs: number;
  readonly #now: () => number;
  #until = 0;
  #n = 0;
  constructor(sliceMs: number, now: () => number = () => performance.now()) {
    this.#sliceMs = sliceMs;
    this.#now = now;
  }
  start(): void {
    this.#until = this.#now() + this.#sliceMs;
    this.#n = 0;
  }
  due(work = 1): boolean {
    this.#n += work;
    if (this.#n < CHECK_EVERY) return false;
    this.#n = 0;
    return this.#now() >= this.#until;
  }
}

/**
 * Runs steps a slice per turn of the event loop (`turn`), and resolves with their value. The
 * turn by default: the core's one queue of sliced work (api/event-loop-turns.ts), before the
 * background (a window waits); so a turn holds one slice of whatever works in slices.
 */
export async function runSliced<T>(
  make: (pace: Pace) => Steps<T>,
  sliceMs: number = SLICE_MS,
  turn: () => Promise<void> = () => nextTurn(true),
): Promise<T> {
  const pace = new SlicePace(sliceMs);
  const steps = make(pace);
  for (;;) {
    pace.start();
    const r = steps.next();
    if (r.done) return r.value;
    await turn();
  }
}
