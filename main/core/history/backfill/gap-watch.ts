// Notices the times the app was not watching and has them filled (gap-filler.ts) before the
// cycles that follow are recorded, so filled records come first in the file as in time.
// The core reports a cycle only when something changed, so watching is told by a heartbeat
// (the recorder's timer, once the core has polled) as well as by cycles. A pause between two
// of these longer than `minGapMs` is a gap: the app was stopped (the first one after a start,
// measured from the last the file remembers) or the system slept (timers do not run). The
// file remembers the last time watched ('watchedAt'), written only once what came before it
// is stored and no fill runs: a crash during a fill finds the same gap again, and what was
// already filled is not written twice (filled-rows.ts checks the file).
//
// It also remembers, per cluster, the Prometheus servers that alerts' generatorURLs named:
// alerts that fire and resolve while the app is away never name theirs.
import type { AlertView } from '../../model/view.ts';
import type { CycleReport } from '../../service.ts';
import type { HistoryDb } from '../history-db.ts';
import type { HistoryRecord } from '../record.ts';
import { newFilledRows, type OpenAlerts } from './filled-rows.ts';
import type { Gap } from './gap-filler.ts';
import { prometheusBaseOf } from './prometheus-base.ts';
import { valuesOf } from '../../model/record-values.ts';

const LEARN_EVERY_MS = 300_000;
/** A fill that takes longer is given up: the gap is recorded with that reason. */
const FILL_TIMEOUT_MS = 60_000;
const MAX_LEARNED = 4;
/** Cycles held while a fill runs; past this they are recorded and the fill comes after. */
const MAX_HELD = 64;

export interface GapWatchOptions {
  fill: (gap: Gap, learned: ReadonlyMap<string, readonly string[]>) => Promise<HistoryRecord[]>;
  minGapMs: () => number;
  timeoutMs: number;
  /** The file's meta (the recorder's HistoryDb), null while it cannot be opened. */
  meta: () => {
    get(key: string): string | undefined;
    set(key: string, value: string): void;
  } | null;
  /** Called with the fill's records (or a gap record when it failed or timed out). */
  filled: (records: HistoryRecord[], gap: Gap) => void;
  log?: (message: string) => void;
}

export class GapWatch {
  readonly #o: GapWatchOptions;
  #lastAt: number | null = null;
  #stored: number | null = null;
  #filling: Promise<void> | null = null;
  #holding = false;
  #learnedAt = 0;
  readonly #learned = new Map<string, string[]>();
  readonly #urlsSeen = new Set<string>();

  constructor(o: GapWatchOptions) {
    this.#o = o;
    this.reload();
  }

  /** Reads what the file remembers (on open). */
  reload(): void {
    const meta = this.#o.meta();
    if (!meta) return;
    const at = Number(meta.get('watchedAt'));
    this.#lastAt = Number.isFinite(at) && at > 0 ? at : this.#lastAt;
    this.#stored = this.#lastAt;
    try {
      const learned = JSON.parse(meta.get('prometheusServers') ?? '{}') as Record<string, unknown>;
      for (const [cluster, urls] of Object.entries(learned)) {
        if (Array.isArray(urls)) {
          this.#learned.set(
            cluster,
            urls.filter((u): u is string => typeof u === 'string').slice(0, MAX_LEARNED),
          );
        }
      }
    } catch {
      // An unreadable list is relearned.
    }
  }

  /** Cycles wait while a fill runs (bounded by the fill's timeout and MAX_HELD). */
  holding(waiting: number): boolean {
    if (this.#holding && waiting > MAX_HELD) this.#holding = false;
    return this.#holding;
  }

  /**
   * The app watches at `at`: a cycle arrived or the heartbeat found the core polling (on the
   * poll path: a comparison, and at most a fill started). A gap while a fill runs is not
   * looked for (the fill is bounded by its timeout).
   */
  watching(at: number): void {
    const last = this.#lastAt;
    this.#lastAt = at;
    if (last === null || at - last <= this.#o.minGapMs() || this.#filling) return;
    const gap = { fromMs: last, toMs: at };
    this.#holding = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${this.#o.timeoutMs / 1000} s`)),
        this.#o.timeoutMs,
      );
    });
    this.#filling = Promise.race([this.#o.fill(gap, this.#learned), timeout])
      .then(
        (records) => this.#o.filled(records, gap),
        (e: unknown) => {
          const reason = e instanceof Error ? e.message : String(e);
          this.#o.log?.(`history: filling ${JSON.stringify(gap)} failed: ${reason}`);
          this.#o.filled(
            [
              {
                at: gap.fromMs,
                kind: 'gap',
                detail: `not watched from ${new Date(gap.fromMs).toISOString()} to ${new Date(gap.toMs).toISOString()}: ${reason}`,
              },
            ],
            gap,
          );
        },
      )
      .finally(() => {
        clearTimeout(timer);
        this.#filling = null;
        this.#holding = false;
      });
  }

  /** The app stops watching at `at` (closing): it watched until then. */
  closing(at: number): void {
    if (!this.#filling && this.#lastAt !== null && at > this.#lastAt) this.#lastAt = at;
  }

  /**
   * Learns Prometheus servers from the alerts that fired this cycle, and from every alert
   * now and then (off the poll path: the recorder makes rows there).
   */
  learn(c: CycleReport): void {
    if (this.#learnAllDue(c.at)) {
      this.#learnFrom(valuesOf(c.view.alerts));
      return;
    }
    this.#learnFrom(
      c.events.flatMap((e) =>
        e.type === 'alert-firing' && c.view.alerts[e.fingerprint]
          ? [c.view.alerts[e.fingerprint]!]
          : [],
      ),
    );
  }

  /** Learns from every alert of a view when that is due (the heartbeat; quiet times). */
  learnView(alerts: () => readonly AlertView[], at: number): void {
    if (this.#learnAllDue(at)) this.#learnFrom(alerts());
  }

  #learnAllDue(at: number): boolean {
    if (at - this.#learnedAt < LEARN_EVERY_MS) return false;
    this.#learnedAt = at;
    return true;
  }

  #learnFrom(alerts: readonly AlertView[]): void {
    let changed = false;
    for (const alert of alerts) {
      const g = alert.generatorURL;
      if (g === undefined || this.#urlsSeen.has(g)) continue;
      if (this.#urlsSeen.size > 10_000) this.#urlsSeen.clear();
      this.#urlsSeen.add(g);
      const base = prometheusBaseOf(g);
      if (base === undefined) continue;
      for (const cluster of alert.clusters) {
        const list = this.#learned.get(cluster) ?? [];
        if (list.includes(base)) continue;
        // The newest first; a cluster keeps a few.
        this.#learned.set(cluster, [base, ...list].slice(0, MAX_LEARNED));
        changed = true;
      }
    }
    if (changed) {
      this.#o.meta()?.set('prometheusServers', JSON.stringify(Object.fromEntries(this.#learned)));
    }
  }

  /**
   * Remembers the last time watched (the caller has written everything before it; at most
   * every `everyMs`): never while a fill runs, so a crash before it is stored finds the gap
   * again.
   */
  store(everyMs: number): void {
    const at = this.#lastAt;
    if (at === null || this.#holding || this.#filling) return;
    if (this.#stored !== null && (at === this.#stored || at - this.#stored < everyMs)) return;
    const meta = this.#o.meta();
    if (!meta) return;
    meta.set('watchedAt', String(at));
    this.#stored = at;
  }

  /** The fill still running, if any (tests; close waits for nothing). */
  get pending(): Promise<void> | null {
    return this.#filling;
  }
}

/**
 * The recorder's watch: the file's meta (a file from before 'watchedAt' was kept last
 * watched at its newest record), and filled records written when new (filled-rows.ts).
 */
export function watchGaps(o: {
  fill: GapWatchOptions['fill'];
  minGapMs: () => number;
  /** How late after a change the app may record it (its slowest poll, and a margin). */
  lateMs: () => number;
  db: () => HistoryDb | null;
  /** The recorder's open alerts: a filled end closes one (filled-rows.ts). */
  open: OpenAlerts;
  append: (rows: HistoryRecord[]) => void;
  log?: (message: string) => void;
}): GapWatch {
  return new GapWatch({
    fill: o.fill,
    minGapMs: o.minGapMs,
    timeoutMs: FILL_TIMEOUT_MS,
    meta: () => {
      const db = o.db();
      if (!db) return null;
      return {
        get: (k) => {
          const v = db.getMeta(k);
          if (v !== undefined || k !== 'watchedAt') return v;
          const newest = db.stats().newestAt;
          return newest === null ? undefined : String(newest);
        },
        set: (k, v) => db.setMeta(k, v),
      };
    },
    filled: (records, gap) => {
      const db = o.db();
      // Closed meanwhile: nothing is written (the recorder's append refuses too).
      if (!db) return;
      const { rows, known } = newFilledRows(db, records, o.lateMs(), o.open);
      const gaps = rows.filter((r) => r.kind === 'gap').length;
      o.log?.(
        `history: not watched ${new Date(gap.fromMs).toISOString()} to ${new Date(gap.toMs).toISOString()}: ${rows.length - gaps} records filled from Prometheus (${known} already recorded), ${gaps} gaps left`,
      );
      // In time order, so the Timeline (newest id first) reads them as they happened.
      o.append(rows.sort((a, b) => a.at - b.at));
    },
    ...(o.log ? { log: o.log } : {}),
  });
}
