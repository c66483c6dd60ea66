// When the core re-merges: after a finished poll (coalesced at scale), and when an instance
// would turn stale without any poll finishing (health is re-evaluated then).
import type { Clock } from '../service.ts';

/** Alerts from which instance polls finishing close together are merged together. */
export const COALESCE_FROM = 20_000;
/** At most one merge per this long at that scale. */
export const COALESCE_MS = 1_000;

export interface MergeSchedulerOptions {
  clock: Clock;
  /** Alerts from which polls finishing close together are merged together (COALESCE_FROM). */
  coalesceFrom: number;
  /** Alerts in the last merged view. */
  alertCount: () => number;
  /** Runs the merge (which calls `merged` first). */
  merge: () => void;
  /**
   * Takes in the polls finished so far without merging (Merger.takeIn): called for a poll
   * whose merge waits, so the merge that comes does not take in every instance in one task.
   */
  takeIn?: () => void;
}

export class MergeScheduler {
  readonly #o: MergeSchedulerOptions;
  /** A coalesced merge waiting (see pollDone), and when the last merge ran. */
  #coalesced: unknown;
  #lastMergeAt = Number.NEGATIVE_INFINITY;
  #staleTimer: unknown;

  constructor(o: MergeSchedulerOptions) {
    this.#o = o;
  }

  /**
   * An instance finished a poll. Below COALESCE_FROM alerts it is merged at once. Above, a
   * merge that changed anything rebuilds a 100,000-key alerts map (about 20 ms and 12 MB of
   * old-generation garbage), and 20 instances polled at the same interval finish within a
   * second or two of each other: then one merge per COALESCE_MS takes in every poll that
   * finished meanwhile (the first at once, the rest at most COALESCE_MS later). A poll whose
   * merge waits is taken in meanwhile, in its own task (`takeIn`).
   */
  pollDone(): void {
    if (this.#o.alertCount() < this.#o.coalesceFrom) {
      this.#o.merge();
      return;
    }
    if (this.#coalesced !== undefined) {
      this.#o.takeIn?.();
      return;
    }
    const wait = this.#lastMergeAt + COALESCE_MS - this.#o.clock.now();
    if (wait <= 0) {
      this.#o.merge();
      return;
    }
    this.#o.takeIn?.();
    this.#coalesced = this.#o.clock.setTimeout(() => {
      this.#coalesced = undefined;
      this.#o.merge();
    }, wait);
  }

  /**
   * A merge runs: whatever asked for it, it takes in every poll that finished so far. The next
   * stale check is set from the instances' deadlines (none while stopped).
   */
  merging(staleDeadlines: Iterable<number | undefined>, running: boolean): void {
    this.#cancelCoalesced();
    this.#lastMergeAt = this.#o.clock.now();
    this.#scheduleStaleCheck(staleDeadlines, running);
  }

  /** Drops every timer (the core stopped). */
  stop(): void {
    this.#scheduleStaleCheck([], false);
    this.#cancelCoalesced();
  }

  #cancelCoalesced(): void {
    if (this.#coalesced !== undefined) this.#o.clock.clearTimeout(this.#coalesced);
    this.#coalesced = undefined;
  }

  /** Re-evaluates health when an instance would turn stale without any cycle finishing. */
  #scheduleStaleCheck(deadlines: Iterable<number | undefined>, running: boolean): void {
    const clock = this.#o.clock;
    if (this.#staleTimer !== undefined) clock.clearTimeout(this.#staleTimer);
    this.#staleTimer = undefined;
    if (!running) return;
    const now = clock.now();
    let next: number | undefined;
    for (const d of deadlines) {
      if (d !== undefined && d > now && (next === undefined || d < next)) next = d;
    }
    if (next === undefined) return;
    this.#staleTimer = clock.setTimeout(() => {
      this.#staleTimer = undefined;
      this.#o.merge();
    }, next - now);
  }
}
