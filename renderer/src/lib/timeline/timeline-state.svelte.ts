// The Timeline's state: the range and filter, "since you last looked", the per-group and
// per-alert statistics, the newest records with "Load more", and exports. Everything comes
// from the core's history over the bridge; a bad filter keeps what is shown and says why.
import type { BridgeApi, ExportQuery } from '$core/bridge/contract.ts';
import type { HistoryRecord } from '$core/history/record.ts';
import type { HistoryStatus } from '$core/history/recorder.ts';
import type { ExportFormat, TimelineSummary } from '$core/history/timeline.ts';
import { errorMessage } from '../app/errors.ts';

export type RangeName = '1h' | '24h' | '7d' | '30d' | 'custom';

export const RANGES: readonly { id: RangeName; label: string; ms: number }[] = [
  { id: '1h', label: 'Last hour', ms: 3_600_000 },
  { id: '24h', label: 'Last 24 hours', ms: 86_400_000 },
  { id: '7d', label: 'Last 7 days', ms: 7 * 86_400_000 },
  { id: '30d', label: 'Last 30 days', ms: 30 * 86_400_000 },
];

const PAGE = 100;

export class TimelineState {
  readonly #bridge: BridgeApi;
  #status = $state.raw<HistoryStatus | null>(null);
  /** "Since you last looked" is fixed when the view opens (the look that ends now). */
  #since = $state.raw<{ fromMs: number; records: HistoryRecord[]; more: boolean } | null>(null);
  #summary = $state.raw<TimelineSummary | null>(null);
  /** The range and filter the summary answers (a live refresh of the same keeps it). */
  #summaryFor = $state('');
  #records = $state.raw<HistoryRecord[]>([]);
  #nextBeforeId = $state<number | undefined>(undefined);
  #error = $state<string | null>(null);
  #loading = $state(false);
  #exporting = $state(false);
  range = $state<RangeName>('24h');
  /** For the custom range (datetime-local values, local time). */
  customFrom = $state('');
  customTo = $state('');
  filter = $state('');
  #loadSeq = 0;

  constructor(bridge: BridgeApi) {
    this.#bridge = bridge;
  }

  get status(): HistoryStatus | null {
    return this.#status;
  }
  get since(): { fromMs: number; records: HistoryRecord[]; more: boolean } | null {
    return this.#since;
  }
  /**
   * What the summary is of: the range's name (not its times, which move with the clock) and
   * the filter. The tables start again ("Show more" undone) only when this changes, never
   * because a live refresh brought the same range's summary again.
   */
  get summaryFor(): string {
    return this.#summaryFor;
  }
  get summary(): TimelineSummary | null {
    return this.#summary;
  }
  get records(): readonly HistoryRecord[] {
    return this.#records;
  }
  get canLoadMore(): boolean {
    return this.#nextBeforeId !== undefined;
  }
  get error(): string | null {
    return this.#error;
  }
  get loading(): boolean {
    return this.#loading;
  }
  get exporting(): boolean {
    return this.#exporting;
  }

  /** The selected range as epoch ms (to is open: now). */
  rangeMs(now = Date.now()): { fromMs?: number; toMs?: number } {
    if (this.range === 'custom') {
      const from = Date.parse(this.customFrom);
      const to = Date.parse(this.customTo);
      return {
        ...(Number.isFinite(from) ? { fromMs: from } : {}),
        ...(Number.isFinite(to) ? { toMs: to } : {}),
      };
    }
    const r = RANGES.find((x) => x.id === this.range) ?? RANGES[1]!;
    return { fromMs: now - r.ms };
  }

  #query(): ExportQuery {
    const filter = this.filter.trim();
    return { ...this.rangeMs(), ...(filter ? { filter } : {}) };
  }

  /** First load: status, "since you last looked", then the range. */
  async open(): Promise<void> {
    try {
      const status = await this.#bridge['history:status']();
      this.#status = status;
      if (!status.enabled) return;
      if (status.lastSeenAt !== null) {
        const page = await this.#bridge['history:page']({ fromMs: status.lastSeenAt, limit: 50 });
        this.#since = {
          fromMs: status.lastSeenAt,
          records: page.records,
          more: page.nextBeforeId !== undefined,
        };
      }
    } catch (e) {
      this.#error = errorMessage(e);
      return;
    }
    await this.load();
  }

  /** Loads the summary and the newest records for the range and filter. */
  async load(): Promise<void> {
    const seq = ++this.#loadSeq;
    this.#loading = true;
    try {
      const q = this.#query();
      const what = [this.range, this.customFrom, this.customTo, this.filter.trim()].join('\u0000');
      const [summary, page] = await Promise.all([
        this.#bridge['history:summary'](q),
        this.#bridge['history:page']({ ...q, limit: PAGE }),
      ]);
      if (seq !== this.#loadSeq) return; // a newer load is on its way
      this.#summary = summary;
      this.#summaryFor = what;
      this.#records = page.records;
      this.#nextBeforeId = page.nextBeforeId;
      this.#error = null;
    } catch (e) {
      // The filter does not parse (or the history failed): keep what is shown, say why.
      if (seq === this.#loadSeq) this.#error = errorMessage(e);
    } finally {
      if (seq === this.#loadSeq) this.#loading = false;
    }
  }

  /**
   * Live: the range again after new records were written, unless the view is not open yet,
   * history is off, or "Load more" pages are shown (reloading would drop them).
   */
  async refresh(): Promise<void> {
    if (!this.#status?.enabled || this.#records.length > PAGE) return;
    await this.load();
  }

  async loadMore(): Promise<void> {
    const before = this.#nextBeforeId;
    if (before === undefined) return;
    try {
      const page = await this.#bridge['history:page']({
        ...this.#query(),
        beforeId: before,
        limit: PAGE,
      });
      this.#records = [...this.#records, ...page.records];
      this.#nextBeforeId = page.nextBeforeId;
    } catch (e) {
      this.#error = errorMessage(e);
    }
  }

  /** The whole range as CSV or JSON, fetched in pages, as one file. */
  async exportAll(format: ExportFormat): Promise<Blob | null> {
    this.#exporting = true;
    try {
      const parts: string[] = format === 'json' ? ['['] : [];
      let afterId: number | undefined = 0;
      let first = true;
      while (afterId !== undefined) {
        const page = await this.#bridge['history:export'](this.#query(), format, afterId);
        if (page.text !== '') {
          if (format === 'json' && !first) parts.push(',\n');
          parts.push(page.text);
          if (format === 'csv') parts.push('\r\n');
          first = false;
        }
        afterId = page.nextAfterId;
      }
      if (format === 'json') parts.push(']\n');
      return new Blob(parts, { type: format === 'csv' ? 'text/csv' : 'application/json' });
    } catch (e) {
      this.#error = errorMessage(e);
      return null;
    } finally {
      this.#exporting = false;
    }
  }
}
