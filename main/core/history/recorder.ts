// Records every cycle's changes into the history file. Recording never delays a poll or the
// window: a cycle only appends rows to a queue; a timer writes the queue once a second, in
// chunks that yield between them, into one transaction committed when the queue is written
// (and at least every second or COMMIT_ROWS rows of a backlog), so a crash loses at most
// about that second.
// A failing file (disk full, damaged) never stops the app: rows wait in a bounded queue and
// the status says why.
import type { Clock, Core, CycleReport } from '../service.ts';
import type { HygieneMark, HygieneStore } from '../silences/hygiene-memory.ts';
import type { ViewSnapshot } from '../model/view.ts';
import { initialClusters } from '../policy/differ.ts';
import type { Gap } from './backfill/gap-filler.ts';
import { watchGaps, type GapWatch } from './backfill/gap-watch.ts';
import { HistoryDb } from './history-db.ts';
import type { HistoryLimits } from './history-rows.ts';
import { openRecordsOf, recordsOfCycle } from './from-cycle.ts';
import type { HistoryRecord } from './record.ts';
import {
  countsSince,
  exportPage,
  timelinePage,
  timelineSummary,
  type ExportFormat,
  type ExportPage,
  type TimelinePage,
  type TimelineQuery,
  type TimelineSummary,
} from './timeline.ts';
import { valuesOf } from '../model/record-values.ts';

export const FLUSH_MS = 1_000;
/** Rows written per call when everything is written at once (close, tests). */
const CHUNK = 500;
/**
 * What one turn of writing may take: rows go in steps of STEP until it has passed. A row costs
 * ~0.02 ms when its names and label set are known and ~0.1–0.4 ms when they are new (first
 * seen, a churned alert), so a row count learned from the last turn (the way before) let a
 * turn of new alerts after one of known ones hold the core 100–180 ms at 10,000 alerts.
 */
const TURN_MS = 10;
const STEP = 25;
/**
 * Rows per commit at most while a backlog is written in chunks (each chunk used to be its own
 * transaction). A commit's cost follows the pages it writes: ~20 ms for 2,000 first-seen
 * alerts, ~60 ms for the ~13,000 a second of chunks holds (probe, 2-core machine under load).
 */
const COMMIT_ROWS = 2_000;
/** Rows kept while the file cannot be written; the oldest are dropped past this. */
const MAX_QUEUE = 100_000;
const PRUNE_EVERY_MS = 3_600_000;

export interface HistoryStatus {
  enabled: boolean;
  path: string;
  records: number;
  bytes: number;
  oldestAt: number | null;
  /** End of the last look at the window (or sleep): "since you last looked" starts here. */
  lastSeenAt: number | null;
  /** Why the history cannot be written or read right now. */
  error?: string;
  /** Rows waiting to be written. */
  pending: number;
}

export interface HistoryRecorderOptions {
  path: string;
  clock: Clock;
  limits: () => HistoryLimits;
  log?: (message: string) => void;
  /** Fills the times the app was not watching (backfill/); without it they stay empty. */
  fillGap?: (gap: Gap, learned: ReadonlyMap<string, readonly string[]>) => Promise<HistoryRecord[]>;
  /** Not watching (no heartbeat, no cycle) for longer than this is a gap to fill (default 60 s). */
  minGapMs?: () => number;
  /** How late the app may record a change (its slowest poll and a margin; default 20 s). */
  lateMs?: () => number;
  /** Milliseconds of work, for a turn's share (default performance.now; tests give their own). */
  workClock?: () => number;
}

export class HistoryRecorder {
  readonly #opts: HistoryRecorderOptions;
  #db: HistoryDb | null = null;
  #queue: HistoryRecord[] = [];
  /** When the transaction the chunks go into was begun (undefined: none is open). */
  #openSince: number | undefined;
  /** Rows in that transaction. */
  #openRows = 0;
  #cycles: CycleReport[] = [];
  #timer: unknown;
  #error: string | undefined;
  #lastPrune = 0;
  #dropped = 0;
  /** Alerts open (fired, not resolved) by cluster + fingerprint: only what fires now. */
  readonly #open = new Map<string, HistoryRecord>();
  /** Silence hygiene's marks waiting to be written with the next rows (null: forget). */
  readonly #marks = new Map<string, HygieneMark | null>();
  readonly #gaps: GapWatch | undefined;
  #heartbeat: unknown;
  /** The core has polled since this recorder started (the app watches). */
  #polled = false;
  #closed = false;

  constructor(opts: HistoryRecorderOptions) {
    this.#opts = opts;
    this.#openFile();
    this.#gaps = opts.fillGap
      ? watchGaps({
          fill: opts.fillGap,
          minGapMs: () => this.#minGapMs(),
          lateMs: opts.lateMs ?? (() => 20_000),
          db: () => this.#db,
          open: {
            has: (cluster, fp) => this.#open.has(`${cluster ?? ''}\u0000${fp}`),
            close: (cluster, fp) => this.#open.delete(`${cluster ?? ''}\u0000${fp}`),
          },
          append: (rows) => {
            this.append(rows);
            this.#schedule(0);
          },
          ...(opts.log ? { log: opts.log } : {}),
        })
      : undefined;
  }

  #openFile(): void {
    try {
      this.#db = new HistoryDb(this.#opts.path);
      for (const r of this.#db.openAlerts()) {
        this.#open.set(`${r.clusterId ?? ''}\u0000${r.fingerprint ?? ''}`, r);
      }
      this.#prune();
      this.#error = undefined;
    } catch (e) {
      this.#db = null;
      this.#error = (e as Error).message;
      this.#opts.log?.(`history: ${this.#error}`);
    }
  }

  /** Silence hygiene's marks in this file: read now, written with the rows (off the poll). */
  hygieneStore(): HygieneStore {
    return {
      load: () => this.#db?.hygieneMarks() ?? new Map(),
      save: (changes) => {
        for (const [key, m] of changes) this.#marks.set(key, m);
        this.#schedule(FLUSH_MS);
      },
    };
  }

  /** Records the core's cycles until the returned function is called. */
  attach(core: Pick<Core, 'onCycle' | 'snapshot'>): () => void {
    this.seed(core.snapshot());
    const off = core.onCycle((c) => this.recordCycle(c));
    if (this.#gaps) this.#beat(core, false);
    return () => {
      off();
      this.#stopHeartbeat();
    };
  }

  /**
   * The heartbeat: the core reports cycles only when something changed, so this tells the
   * gap watch that the app watches (once the core has polled) in quiet times too, and notices
   * a sleep (the timer comes late). Every second until the core has polled, so a start's gap
   * ends within a second of the first data; then every third of the shortest gap.
   */
  #beat(core: Pick<Core, 'snapshot'>, polled: boolean): void {
    const period = polled ? Math.min(15_000, Math.max(1_000, this.#minGapMs() / 3)) : 1_000;
    this.#heartbeat = this.#opts.clock.setTimeout(() => {
      this.#heartbeat = undefined;
      if (this.#closed || !this.#gaps) return;
      const view = core.snapshot();
      const now = this.#opts.clock.now();
      const ready = Object.values(view.instances).some(
        (i) => i.enabled && i.lastPollAt !== undefined,
      );
      if (ready) {
        this.#polled = true;
        this.#gaps.watching(now);
        this.#gaps.learnView(() => valuesOf(view.alerts), now);
        // Nothing waits to be written: what came before now is stored.
        if (this.#db && this.#queue.length === 0 && this.#cycles.length === 0) {
          this.#storeWatched(0);
        }
      }
      this.#beat(core, ready);
    }, period);
  }

  #minGapMs(): number {
    return this.#opts.minGapMs?.() ?? 60_000;
  }

  #stopHeartbeat(): void {
    if (this.#heartbeat !== undefined) this.#opts.clock.clearTimeout(this.#heartbeat);
    this.#heartbeat = undefined;
  }

  #storeWatched(everyMs: number): void {
    try {
      this.#gaps?.store(everyMs);
    } catch (e) {
      this.#opts.log?.(`history: ${(e as Error).message}`);
    }
  }

  /**
   * Takes what fires now as open without recording it (the history was turned on while the
   * core already had data): a later resolution then finds its group and labels here.
   */
  seed(view: ViewSnapshot): void {
    for (const [key, r] of openRecordsOf(view)) if (!this.#open.has(key)) this.#open.set(key, r);
  }

  /**
   * Takes a cycle's report; its rows are made when the queue is written (within FLUSH_MS,
   * outside the poll), in order, so a cycle costs the core one array push.
   */
  recordCycle(c: CycleReport): void {
    this.#polled = true;
    this.#gaps?.watching(c.at);
    this.#cycles.push(c);
    // Reports hold views: never more than a few (one per poll, written every second).
    if (this.#cycles.length > 64) this.#convert();
    this.#schedule(FLUSH_MS);
  }

  /** Turns the waiting cycle reports into queued rows, oldest first. */
  #convert(): void {
    // While a gap is filled, the cycles after it wait (filled records come first).
    if (this.#gaps?.holding(this.#cycles.length)) return;
    for (const c of this.#cycles.splice(0)) {
      this.#gaps?.learn(c);
      this.#rowsOf(c);
    }
  }

  #rowsOf(c: CycleReport): void {
    const initial = initialClusters(c.previous, c.view);
    const rows: HistoryRecord[] = [];
    const known = (clusterId: string, fingerprint: string) =>
      this.#open.get(`${clusterId}\u0000${fingerprint}`);
    for (const r of recordsOfCycle(c, known)) {
      const key = `${r.clusterId ?? ''}\u0000${r.fingerprint ?? ''}`;
      if (r.kind === 'fired') {
        // A cluster seen for the first time since start: what was already open in the
        // history is the same episode, not a new firing.
        if (r.clusterId !== undefined && initial.has(r.clusterId)) {
          if (this.#open.has(key)) {
            this.#open.set(key, r);
            continue;
          }
          // First sight: it fired before the app looked; say so rather than count a firing.
          const seen: HistoryRecord = { ...r, kind: 'first-seen' };
          this.#open.set(key, seen);
          rows.push(seen);
          continue;
        }
        this.#open.set(key, r);
      } else if (r.kind === 'resolved') {
        this.#open.delete(key);
      }
      rows.push(r);
    }
    // Alerts open when the app last ran that are gone from their cluster's first data.
    if (initial.size > 0) {
      for (const [key, r] of this.#open) {
        if (r.clusterId === undefined || !initial.has(r.clusterId)) continue;
        const alert = r.fingerprint !== undefined ? c.view.alerts[r.fingerprint] : undefined;
        if (alert?.clusters.includes(r.clusterId)) continue;
        this.#open.delete(key);
        const { id: _id, ...rest } = r;
        rows.push({ ...rest, at: c.at, kind: 'resolved', detail: 'resolved while not watched' });
      }
    }
    this.append(rows);
  }

  /** Queues rows; they are written within FLUSH_MS. */
  append(rows: readonly HistoryRecord[]): void {
    // A fill that answers after close() writes nothing (the file may be another's by then).
    if (rows.length === 0 || this.#closed) return;
    for (const r of rows) this.#queue.push(r);
    if (this.#queue.length > MAX_QUEUE) {
      this.#dropped += this.#queue.length - MAX_QUEUE;
      this.#queue.splice(0, this.#queue.length - MAX_QUEUE);
    }
    this.#schedule(FLUSH_MS);
  }

  #schedule(ms: number): void {
    if (this.#timer !== undefined || this.#closed) return;
    this.#timer = this.#opts.clock.setTimeout(() => {
      this.#timer = undefined;
      this.#turn();
    }, ms);
  }

  /**
   * One turn's share of the writing, each part in a turn of its own so that a window's list
   * query never waits behind more than one: the waiting cycles' rows made, then rows written
   * for TURN_MS, then the commit when one is due (its pages and fsync: ~10–25 ms).
   */
  #turn(): void {
    if (this.#cycles.length > 0) {
      const t0 = this.#workNow();
      this.#convert();
      if (this.#workNow() - t0 >= TURN_MS / 2) {
        this.#schedule(0);
        return;
      }
    }
    if (this.#db && this.#openRows > 0 && this.#commitDue()) {
      this.#write(() => this.#commit());
      if (this.#queue.length > 0) this.#schedule(0);
      return;
    }
    this.flush(Infinity, this.#workNow() + TURN_MS);
  }

  /**
   * Writes queued rows: all of them, or those `until` (a time of the work clock) leaves room
   * for, the rest in the next turns. Commits when the queue is written (within the same call
   * only when there is no deadline: otherwise in a turn of its own).
   */
  flush(max = Infinity, until = Infinity): void {
    this.#convert();
    if (!this.#db) {
      // Retry opening now and then: a full disk may have been cleared.
      if (this.#queue.length > 0) this.#openFile();
      if (!this.#db) {
        if (this.#queue.length > 0) this.#scheduleRetry();
        return;
      }
    }
    const db = this.#db;
    let wrote = false;
    const ok = this.#write(
      () => {
        // Rows of a transaction rolled back (a failed commit) go again, before anything newer.
        const back = db.takeRolledBack();
        if (back.length > 0) this.#queue = back.concat(this.#queue);
        // Taken off the queue once per call: a splice per step moved the whole queue (100,000
        // first-seen rows after start) 4,000 times, ~20 % more of the core's CPU at 100k.
        let done = 0;
        try {
          while (done < this.#queue.length && max > 0) {
            if (wrote && this.#workNow() >= until) break;
            const n = Math.min(until === Infinity ? CHUNK : STEP, max, this.#queue.length - done);
            db.appendOpen(this.#queue.slice(done, done + n));
            done += n;
            max -= n;
            wrote = true;
            this.#openSince ??= this.#opts.clock.now();
            this.#openRows += n;
          }
        } finally {
          // Written, or (a failure) in the rolled-back rows the catch puts back first.
          this.#queue.splice(0, done);
        }
        // One commit when the queue is written, per FLUSH_MS of chunks, and per COMMIT_ROWS: a
        // crash loses at most about a second of rows, as before, without a commit per turn.
        if (this.#openRows > 0 && this.#commitDue()) {
          if (until === Infinity) this.#commit();
          else this.#schedule(0);
        }
        db.saveHygiene(this.#marks);
        this.#marks.clear();
      },
      until === Infinity && max === Infinity ? 0 : 10_000,
    );
    if (!ok) return;
    if (this.#queue.length > 0) this.#schedule(0);
    if (this.#opts.clock.now() - this.#lastPrune >= PRUNE_EVERY_MS) this.#prune();
  }

  #workNow(): number {
    return this.#opts.workClock?.() ?? performance.now();
  }

  #commitDue(): boolean {
    return (
      this.#queue.length === 0 ||
      this.#openRows >= COMMIT_ROWS ||
      this.#opts.clock.now() - (this.#openSince ?? 0) >= FLUSH_MS
    );
  }

  #commit(): void {
    this.#db!.commit();
    this.#openSince = undefined;
    this.#openRows = 0;
  }

  /** Runs a write; a failure keeps its rows for a retry and says why. False when it failed. */
  #write(work: () => void, storeGapsIn = 10_000): boolean {
    const db = this.#db!;
    try {
      work();
      this.#error =
        this.#dropped > 0 ? `${this.#dropped} records dropped while unwritable` : undefined;
      if (this.#queue.length === 0 && this.#cycles.length === 0) {
        this.#gaps?.store(storeGapsIn);
      }
      return true;
    } catch (e) {
      this.#openSince = undefined;
      this.#openRows = 0;
      const back = db.takeRolledBack();
      if (back.length > 0) this.#queue = back.concat(this.#queue);
      this.#error = `cannot write the history: ${(e as Error).message}`;
      this.#opts.log?.(`history: ${this.#error}`);
      this.#scheduleRetry();
      return false;
    }
  }

  #scheduleRetry(): void {
    this.#schedule(30_000);
  }

  #prune(): void {
    if (!this.#db) return;
    this.#lastPrune = this.#opts.clock.now();
    try {
      this.#db.prune(this.#lastPrune, this.#opts.limits());
    } catch (e) {
      this.#opts.log?.(`history: prune failed: ${(e as Error).message}`);
    }
  }

  /** Applies new limits now (settings changed). */
  pruneNow(): void {
    this.flush();
    this.#prune();
  }

  #read<T>(fn: (db: HistoryDb) => T): T {
    // Queries see everything recorded so far.
    this.flush();
    if (!this.#db) throw new Error(this.#error ?? 'the history is not available');
    return fn(this.#db);
  }

  page(q: TimelineQuery): TimelinePage {
    return this.#read((db) => timelinePage(db, q));
  }

  summary(q: Pick<TimelineQuery, 'fromMs' | 'toMs' | 'filter'>): TimelineSummary {
    return this.#read((db) => timelineSummary(db, q, this.#opts.clock.now()));
  }

  exportPage(
    q: Pick<TimelineQuery, 'fromMs' | 'toMs' | 'filter' | 'kinds'>,
    format: ExportFormat,
    afterId?: number,
  ): ExportPage {
    return this.#read((db) => exportPage(db, q, format, afterId));
  }

  countsSince(sinceMs: number): ReturnType<typeof countsSince> {
    return this.#read((db) => countsSince(db, sinceMs));
  }

  /** The end of a look (window hidden, system asleep); kept in the file. */
  markSeen(atMs = this.#opts.clock.now()): void {
    this.#db?.setMeta('lastSeenAt', String(atMs));
  }

  lastSeen(): number | null {
    const v = this.#db?.getMeta('lastSeenAt');
    return v === undefined ? null : Number(v);
  }

  status(enabled = true): HistoryStatus {
    const base = {
      enabled,
      path: this.#opts.path,
      lastSeenAt: this.lastSeen(),
      pending: this.#queue.length + this.#cycles.length,
      ...(this.#error !== undefined ? { error: this.#error } : {}),
    };
    if (!this.#db) return { ...base, records: 0, bytes: 0, oldestAt: null };
    const s = this.#db.stats();
    return { ...base, records: s.records, bytes: s.bytes, oldestAt: s.oldestAt };
  }

  /** Writes what is queued and closes the file. */
  close(): void {
    this.#stopHeartbeat();
    // Watched until now: the next start's gap begins here, not at the last heartbeat.
    if (this.#polled) this.#gaps?.closing(this.#opts.clock.now());
    if (this.#timer !== undefined) this.#opts.clock.clearTimeout(this.#timer);
    this.#timer = undefined;
    this.flush();
    this.#closed = true;
    this.#db?.close();
    this.#db = null;
  }
}
