// The history as both shells use it: a recorder attached to the core while the history is on
// in Settings (the file stays when it is turned off), and the queries the bridge serves.
import { readFile as fsReadFile } from 'node:fs/promises';
import type { ReadFile } from '../engine/connection.ts';
import type { Clock, Core, SecretStore } from '../service.ts';
import type { HistorySettings } from '../settings/types.ts';
import type { HygieneMemory } from '../silences/hygiene-memory.ts';
import { fillGap } from './backfill/gap-filler.ts';
import { HistoryRecorder, type HistoryStatus } from './recorder.ts';
import type {
  ExportFormat,
  ExportPage,
  TimelinePage,
  TimelineQuery,
  TimelineSummary,
} from './timeline.ts';

export interface HistoryServiceOptions {
  /** The history file (next to the settings file). */
  path: string;
  core: Pick<Core, 'onCycle' | 'getSettings' | 'snapshot'>;
  clock: Clock;
  log?: (message: string) => void;
  /**
   * The core's silence hygiene memory (CoreOptions.hygieneMemory): the file keeps its clocks
   * while the history is on; turned off, they are kept in memory only (lost on restart).
   */
  hygiene?: HygieneMemory;
  /**
   * With the core's SecretStore, times the app was not watching are filled from Prometheus
   * (backfill/gap-filler.ts says which credentials go where); without, they stay gaps.
   */
  secrets?: SecretStore;
  /** Reads TLS PEM files named in settings; default fs.readFile (utf8). */
  readFile?: ReadFile;
  /** Not watching for longer than this is a gap (default: 60 s or 3 polls if longer). */
  minGapMs?: number;
}

/** Thrown when the history is off or its file unusable; the bridge says so to the window. */
export class HistoryUnavailableError extends Error {
  readonly code = 'not-found';
  constructor(message: string) {
    super(message);
    this.name = 'HistoryUnavailableError';
  }
}

export class HistoryService {
  readonly #opts: HistoryServiceOptions;
  #recorder: HistoryRecorder | null = null;
  #detach: (() => void) | null = null;
  #settings: HistorySettings;

  constructor(opts: HistoryServiceOptions) {
    this.#opts = opts;
    this.#settings = opts.core.getSettings().history;
    this.configure(this.#settings);
  }

  /** Applies the history settings (on start and after each settings change). */
  configure(settings: HistorySettings): void {
    const limitsChanged =
      settings.retentionDays !== this.#settings.retentionDays ||
      settings.maxMb !== this.#settings.maxMb;
    this.#settings = settings;
    if (!settings.enabled) {
      this.close();
      return;
    }
    if (!this.#recorder) {
      this.#recorder = new HistoryRecorder({
        path: this.#opts.path,
        clock: this.#opts.clock,
        limits: () => ({
          retentionDays: this.#settings.retentionDays,
          maxBytes: this.#settings.maxMb * 1024 * 1024,
        }),
        ...(this.#opts.log ? { log: this.#opts.log } : {}),
        ...this.#backfill(),
      });
      this.#detach = this.#recorder.attach(this.#opts.core);
      this.#opts.hygiene?.use(this.#recorder.hygieneStore());
    } else if (limitsChanged) {
      this.#recorder.pruneNow();
    }
  }

  #backfill(): Pick<
    ConstructorParameters<typeof HistoryRecorder>[0],
    'fillGap' | 'minGapMs' | 'lateMs'
  > {
    const { secrets, core } = this.#opts;
    if (!secrets) return {};
    const readFile = this.#opts.readFile ?? ((p: string) => fsReadFile(p, 'utf8'));
    const slowestPoll = () =>
      Math.max(0, ...core.getSettings().instances.map((i) => i.pollIntervalSec * 1000));
    const lateMs = () => slowestPoll() + 5_000;
    return {
      fillGap: (gap, learned) =>
        fillGap(
          {
            settings: () => core.getSettings(),
            snapshot: () => core.snapshot(),
            secrets,
            readFile,
            lateMs: lateMs(),
          },
          gap,
          learned,
        ),
      minGapMs: () => this.#opts.minGapMs ?? Math.max(60_000, 3 * slowestPoll()),
      lateMs,
    };
  }

  #use(): HistoryRecorder {
    if (!this.#recorder) throw new HistoryUnavailableError('the history is turned off in Settings');
    return this.#recorder;
  }

  page(q: TimelineQuery): TimelinePage {
    return this.#use().page(q);
  }

  summary(q: Pick<TimelineQuery, 'fromMs' | 'toMs' | 'filter'>): TimelineSummary {
    return this.#use().summary(q);
  }

  exportPage(
    q: Pick<TimelineQuery, 'fromMs' | 'toMs' | 'filter' | 'kinds'>,
    format: ExportFormat,
    afterId?: number,
  ): ExportPage {
    return this.#use().exportPage(q, format, afterId);
  }

  status(): HistoryStatus {
    if (!this.#recorder) {
      return {
        enabled: false,
        path: this.#opts.path,
        records: 0,
        bytes: 0,
        oldestAt: null,
        lastSeenAt: null,
        pending: 0,
      };
    }
    return this.#recorder.status();
  }

  /** The end of a look at the window, or the start of sleep. */
  markSeen(): void {
    this.#recorder?.markSeen();
  }

  /** "While you were away": fired and resolved since the last look (null when off). */
  awaySummary(): { sinceMs: number; fired: number; resolved: number } | null {
    const r = this.#recorder;
    const since = r?.lastSeen();
    if (!r || since === null || since === undefined) return null;
    const counts = r.countsSince(since);
    return { sinceMs: since, fired: counts.fired ?? 0, resolved: counts.resolved ?? 0 };
  }

  close(): void {
    this.#opts.hygiene?.use(null);
    this.#detach?.();
    this.#detach = null;
    this.#recorder?.close();
    this.#recorder = null;
  }
}
