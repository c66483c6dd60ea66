// A manually driven Clock for tests: time only moves when the test calls `advance`. Timers
// due within the advanced span run in due order, each seeing `now()` equal to its due time.
// Real I/O (HTTP to a real Alertmanager) still completes asynchronously, so `advance` yields
// to the event loop between timers and tests await `flush()` / waitFor around network work.
import type { Clock } from '../../main/core/service.ts';

interface Timer {
  id: number;
  due: number;
  fn: () => void;
}

export class FakeClock implements Clock {
  #current: number;
  #nextId = 1;
  #timers = new Map<number, Timer>();

  constructor(start: number = Date.now()) {
    this.#current = start;
  }

  now(): number {
    return this.#current;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.#nextId++;
    this.#timers.set(id, { id, due: this.#current + Math.max(0, ms), fn });
    return id;
  }

  clearTimeout(handle: unknown): void {
    if (typeof handle === 'number') this.#timers.delete(handle);
  }

  /** Number of timers waiting to run. */
  get pending(): number {
    return this.#timers.size;
  }

  /** Delay until the earliest timer, or undefined when none is set. */
  nextDelay(): number | undefined {
    let min: number | undefined;
    for (const t of this.#timers.values()) if (min === undefined || t.due < min) min = t.due;
    return min === undefined ? undefined : min - this.#current;
  }

  /**
   * Moves time forward by `ms`, running every timer that falls due (including timers set by
   * those timers) in due order. Yields to the event loop before each timer so promise chains
   * started by earlier timers can schedule theirs.
   */
  async advance(ms: number): Promise<void> {
    const target = this.#current + ms;
    for (;;) {
      await flush();
      let next: Timer | undefined;
      for (const t of this.#timers.values()) {
        if (
          t.due <= target &&
          (next === undefined || t.due < next.due || (t.due === next.due && t.id < next.id))
        )
          next = t;
      }
      if (next === undefined) break;
      this.#timers.delete(next.id);
      this.#current = Math.max(this.#current, next.due);
      next.fn();
    }
    this.#current = target;
    await flush();
  }
}

/** Lets pending promise callbacks and I/O callbacks of this turn run. */
export async function flush(turns = 3): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise<void>((r) => setImmediate(r));
}
