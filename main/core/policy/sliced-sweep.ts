// A pass over a policy memory (open episodes, watched alerts) to drop what the view no longer
// holds, done a slice per merge instead of whole: resolve and suppress events end almost every
// entry at once, and the pass only catches alerts gone without one. At 100,000 alerts a whole
// pass over 20,000–25,000 entries was 10–20 ms of every merge that changed an alert.

/** Entries looked at per call while a pass is under way. */
export const PRUNE_SLICE = 2_000;

export class SlicedSweep<T> {
  readonly #entries: () => Iterator<T>;
  /** The pass under way: entries not looked at yet (Map and Set iterators stay valid). */
  #sweep: Iterator<T> | undefined;
  /** The alerts map the last whole pass ended on: the same map cannot have lost an alert. */
  #lastAlerts: object | undefined;

  constructor(entries: () => Iterator<T>) {
    this.#entries = entries;
  }

  /**
   * Visits up to PRUNE_SLICE entries, going on where the last call stopped; a pass starts when
   * `alerts` is not the map the last one ended on. `visit` may delete the entry it is given.
   */
  step(alerts: object, visit: (entry: T) => void): void {
    if (this.#sweep === undefined && alerts === this.#lastAlerts) return;
    const sweep = (this.#sweep ??= this.#entries());
    for (let n = 0; n < PRUNE_SLICE; n++) {
      const next = sweep.next();
      if (next.done === true) {
        this.#sweep = undefined;
        this.#lastAlerts = alerts;
        return;
      }
      visit(next.value);
    }
  }
}
