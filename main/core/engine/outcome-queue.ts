// What a merge hands to the events and notifications (the differ, the notification policy,
// the history's cycle report), in order. At scale it runs in a turn of its own after the
// merge: at 100,000 alerts under 1 % churn the merge and its outcome were one task of ~90 ms
// (the policy's decisions on ~1,000 firing events ~35, the diff ~17), and a window's list
// query waited behind both. Outcomes keep their order: one asked for while others wait (a
// reminder, a notice of the core's own) waits behind them. Each job is given the views it is
// about when it is queued, so running a turn later decides the same thing.
import { nextTurn } from '../api/event-loop-turns.ts';

export class OutcomeQueue {
  #jobs: (() => void)[] = [];
  #draining = false;
  readonly #turn: () => Promise<void>;

  constructor(turn: () => Promise<void> = nextTurn) {
    this.#turn = turn;
  }

  /** Jobs waiting for their turn. */
  get pending(): number {
    return this.#jobs.length;
  }

  /** Runs `job` now, unless `later` asks for a turn of its own or jobs wait (order is kept). */
  run(job: () => void, later: boolean): void {
    if (!later && this.#jobs.length === 0) {
      job();
      return;
    }
    this.#jobs.push(job);
    if (!this.#draining) void this.#drain();
  }

  /** Drops what waits (the core stopped: nothing is decided or shown after that). */
  clear(): void {
    this.#jobs = [];
  }

  async #drain(): Promise<void> {
    this.#draining = true;
    try {
      while (this.#jobs.length > 0) {
        await this.#turn();
        const job = this.#jobs.shift();
        try {
          job?.();
        } catch (e) {
          // As a listener's failure: logged, and the outcomes after it still run.
          console.error('core outcome failed:', e);
        }
      }
    } finally {
      this.#draining = false;
    }
  }
}
