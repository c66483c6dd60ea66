// Drives the poll cycles of one instance. Guarantees:
// - one cycle at a time, and a cycle makes its requests one after another, so an instance
//   never sees overlapping requests from us; a server slower than the interval only delays the
//   next cycle;
// - every request has a timeout (measured on the injected Clock, so tests use a fake clock);
// - failures back off exponentially with full jitter, capped: a busy server (503) up to
//   maxBackoffMs, a server that does not answer at all up to DOWN_BACKOFF_INTERVALS intervals
//   (it costs it nothing, and an engineer watching an outage sees it end within that; with the
//   5 min cap a walk-through waited 41 s at a 10 s interval);
// - refresh() on demand shares one extra cycle among every caller waiting at that moment; it
//   resets the backoff and never adds to it (a user clicking Refresh on a server that is down
//   must not push its next retry minutes away: when it answers again it shows within one
//   interval);
// - pause()/resume() for system suspend, stop() for good. Everything aborts in-flight requests.
import { AlertmanagerError } from '../api/errors.ts';
import type { RequestOptions } from '../api/connection.ts';
import type { Clock } from '../service.ts';
import { backoffDelay, DEFAULT_MAX_BACKOFF_MS } from './backoff.ts';

export interface CycleContext {
  /** 0 for the first cycle after start, then 1, 2, ... (failed cycles count too). */
  cycle: number;
  /**
   * Runs one request with the per-request timeout. On timeout the request is aborted and the
   * promise rejects with an AlertmanagerError of kind `timeout`.
   */
  request<T>(endpoint: string, fn: (o: RequestOptions) => Promise<T>): Promise<T>;
}

export interface PollerOptions {
  clock: Clock;
  intervalMs: number;
  timeoutMs: number;
  /** One poll cycle; throws (preferably an AlertmanagerError) when it failed. */
  cycle: (ctx: CycleContext) => Promise<void>;
  random?: () => number;
  maxBackoffMs?: number;
  /**
   * In [0, 1): the cycle after one run at once (start, resume, refresh) comes this fraction
   * of an interval early, once. Instances
   * started together keep start-to-start cadence, so without it every instance polls in the
   * same instant forever: 20 bodies of 5,000 alerts arrived together and their reading held
   * the core 200–400 ms each round (a window's query waited as long). Never later than the
   * interval: the data is never older than the user asked for.
   */
  phase?: number;
}

type Waiter = () => void;

/** Longest wait, in poll intervals, between tries at a server that does not answer at all. */
export const DOWN_BACKOFF_INTERVALS = 4;

/** Thrown inside a cycle when pause/stop aborted it; the result is thrown away. */
export class CancelledError extends Error {}

export class Poller {
  readonly #o: PollerOptions;
  #timer: unknown;
  #running = false;
  #stopped = true;
  #paused = false;
  #cycleNo = 0;
  #failures = 0;
  /** Aborts the request in flight (pause / stop). */
  #inflight: AbortController | undefined;
  /** Waiters of the cycle currently running (they asked while idle). */
  #currentWaiters: Waiter[] = [];
  /** Waiters that asked while a cycle was running: served by the next one. */
  #nextWaiters: Waiter[] = [];
  /** The cycle running was started at once, not by the clock: the next one takes its phase. */
  #realign = false;
  /** Resolves when the cycle in flight finished (for stop()). */
  #cycleDone: Promise<void> = Promise.resolve();

  constructor(options: PollerOptions) {
    this.#o = options;
  }

  get isRunning(): boolean {
    return this.#running;
  }

  get consecutiveFailures(): number {
    return this.#failures;
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#cycleNo = 0;
    this.#failures = 0;
    if (!this.#paused) this.#runNow();
  }

  /** Stops polling, aborts the request in flight and waits for the cycle to unwind. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#clearTimer();
    this.#inflight?.abort();
    this.#releaseAll();
    await this.#cycleDone;
  }

  pause(): void {
    if (this.#paused) return;
    this.#paused = true;
    this.#clearTimer();
    this.#inflight?.abort();
    this.#releaseAll();
  }

  /** Resumes after a pause with an immediate cycle (data is old after a suspend). */
  resume(): void {
    if (!this.#paused) return;
    this.#paused = false;
    if (!this.#stopped && !this.#running) this.#runNow();
  }

  /**
   * Polls now and resolves when a cycle that started after this call finished. Callers during
   * a running cycle share the one cycle that follows it (the running one may predate the change
   * they want to see, e.g. a silence they just wrote). Resolves at once when stopped or paused.
   */
  refresh(): Promise<void> {
    if (this.#stopped || this.#paused) return Promise.resolve();
    return new Promise<void>((resolve) => {
      if (this.#running) {
        this.#nextWaiters.push(resolve);
      } else {
        this.#currentWaiters.push(resolve);
        this.#runNow();
      }
    });
  }

  /** Starts a cycle right away (not through the clock: a fake clock would hold it back). */
  #runNow(): void {
    this.#clearTimer();
    this.#realign = true;
    void this.#runCycle();
  }

  #schedule(ms: number): void {
    this.#clearTimer();
    this.#timer = this.#o.clock.setTimeout(() => {
      this.#timer = undefined;
      void this.#runCycle();
    }, ms);
  }

  #clearTimer(): void {
    if (this.#timer !== undefined) this.#o.clock.clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #releaseAll(): void {
    const all = [...this.#currentWaiters, ...this.#nextWaiters];
    this.#currentWaiters = [];
    this.#nextWaiters = [];
    for (const w of all) w();
  }

  async #runCycle(): Promise<void> {
    if (this.#running || this.#stopped || this.#paused) return;
    this.#running = true;
    let finished!: () => void;
    this.#cycleDone = new Promise<void>((r) => (finished = r));
    const started = this.#o.clock.now();
    // Asked for (refresh): the backoff starts over, and a failure here does not count.
    const asked = this.#currentWaiters.length > 0;
    if (asked) this.#failures = 0;
    const ctl = new AbortController();
    this.#inflight = ctl;
    let ok = false;
    let cancelled = false;
    let busy = false;
    try {
      await this.#o.cycle({
        cycle: this.#cycleNo,
        request: (endpoint, fn) => this.#request(ctl, endpoint, fn),
      });
      ok = true;
    } catch (e) {
      cancelled = e instanceof CancelledError || ctl.signal.aborted;
      busy = e instanceof AlertmanagerError && e.busy;
    } finally {
      this.#running = false;
      this.#inflight = undefined;
    }
    this.#cycleNo++;
    const waiters = this.#currentWaiters;
    this.#currentWaiters = this.#nextWaiters;
    this.#nextWaiters = [];
    for (const w of waiters) w();
    finished();
    if (this.#stopped || this.#paused) {
      this.#releaseAll();
      return;
    }
    if (cancelled) {
      this.#runNow();
      return;
    }
    const interval = this.#o.intervalMs;
    if (ok) {
      this.#failures = 0;
    } else if (!asked) {
      this.#failures++;
    }
    if (this.#currentWaiters.length > 0) {
      // Someone asked for a refresh while this cycle ran: serve them now.
      this.#runNow();
    } else if (ok || this.#failures === 0) {
      // Start-to-start cadence, but never sooner than a quarter interval after this one ended,
      // so a server slower than the interval is not polled back to back. (A refresh that
      // failed: the next try is one interval on, as for a healthy server.)
      const elapsed = this.#o.clock.now() - started;
      const early = this.#realign && ok ? interval * (this.#o.phase ?? 0) : 0;
      this.#realign = false;
      this.#schedule(Math.max(interval - early - elapsed, interval / 4));
    } else {
      const max = this.#o.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS;
      this.#schedule(
        backoffDelay({
          baseMs: interval,
          failures: this.#failures,
          maxMs: busy ? max : Math.min(max, interval * DOWN_BACKOFF_INTERVALS),
          ...(this.#o.random ? { random: this.#o.random } : {}),
        }),
      );
    }
  }

  #request<T>(
    ctl: AbortController,
    endpoint: string,
    fn: (o: RequestOptions) => Promise<T>,
  ): Promise<T> {
    if (ctl.signal.aborted) return Promise.reject(new CancelledError('cancelled'));
    // One controller per request, chained to the cycle's, so a timeout aborts only this one.
    const req = new AbortController();
    const onCycleAbort = (): void => req.abort();
    ctl.signal.addEventListener('abort', onCycleAbort, { once: true });
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const timer = this.#o.clock.setTimeout(() => {
        if (settled) return;
        settled = true;
        req.abort();
        reject(
          new AlertmanagerError({
            kind: 'timeout',
            endpoint,
            message: `${endpoint}: no answer within ${Math.round(this.#o.timeoutMs / 100) / 10} s`,
          }),
        );
      }, this.#o.timeoutMs);
      const done = (): void => {
        settled = true;
        this.#o.clock.clearTimeout(timer);
        ctl.signal.removeEventListener('abort', onCycleAbort);
      };
      fn({ signal: req.signal }).then(
        (v) => {
          if (settled) return;
          done();
          resolve(v);
        },
        (e: unknown) => {
          if (settled) return;
          done();
          reject(ctl.signal.aborted ? new CancelledError('cancelled') : e);
        },
      );
    });
  }
}
