// The alert list as the window holds it (issue 29): the core's answer to what the window shows
// (its rows around the viewport, the counts of the whole list), never the 100,000 alerts
// themselves. One query is in flight at a time; whatever changes meanwhile (a keystroke, a
// scroll, a poll) waits as "ask again", and only the newest question is sent when the answer
// comes: typing never queues work in the core. An answer to an older filter than the one now
// typed is dropped; an answer to the same filter is shown even when the window has scrolled on
// since (its rows are right, the next answer fills the rest).
import type { BridgeApi } from '$core/bridge/contract.ts';
import { listQuery, type ListParams } from './list-params.ts';
import type { ListAnswer, ListFind, ListFound, ListQuery, ListRow } from '$core/list/list-query.ts';

type Ask = (query: ListQuery) => Promise<ListAnswer>;

interface Finding {
  find: ListFind;
  then: (found: ListFound | null, answer: ListAnswer) => void;
}

/** Pixels of rows left beyond the viewport before the window asks for more as it scrolls. */
const SLACK_PX = 400;

export class ListWindow {
  readonly #ask: Ask;
  #answer = $state.raw<ListAnswer | null>(null);
  /** The params the shown answer was for (its key), to tell an outdated answer apart. */
  #answerKey = '';
  #failed = $state<string | null>(null);
  #params: ListParams | null = null;
  #paramsKey = '';
  #top = 0;
  /** The viewport's scroll top, for what the window says about rows above it. */
  #viewTop = $state(0);
  // The window's height until the list's viewport reports its own: the first question, sent
  // before the viewport exists, asks for enough rows to fill it.
  #height = typeof window === 'undefined' ? 0 : window.innerHeight;
  #finding: Finding | null = null;
  /** The cursor row: every query without a find of its own locates it (still in the list?). */
  #tracked: string | null = null;
  #nextId = 0;
  #inFlight = false;
  #again = false;
  /** The view changed since the shown answer: the next scroll asks even inside the margin. */
  #stale = false;
  /** The newest view the core said changed the list (list:changed). */
  #seqWanted = -1;

  constructor(bridge: Pick<BridgeApi, 'list:query'>) {
    this.#ask = (q) => bridge['list:query'](q);
  }

  /** The newest answer shown (null until the first: the window says "loading…"). */
  get answer(): ListAnswer | null {
    return this.#answer;
  }
  /** The list viewport's scroll top (pixels). */
  get viewTop(): number {
    return this.#viewTop;
  }
  /** The list viewport's height (pixels; the window's until the viewport reports its own). */
  get viewHeight(): number {
    return this.#height;
  }
  /** The last query failed (the core is unreachable): the rows shown are older. */
  get failed(): string | null {
    return this.#failed;
  }

  /** The filter or the collapse state changed. */
  show(params: ListParams): void {
    const key = JSON.stringify(params);
    if (key === this.#paramsKey) return;
    this.#params = params;
    this.#paramsKey = key;
    this.#request();
  }

  /** The window scrolled or was resized: asks only when the rows held run out. */
  scroll(top: number, height: number): void {
    this.#top = top;
    this.#viewTop = top;
    this.#height = height;
    const a = this.#answer;
    if (a && !this.#stale && this.#answerKey === this.#paramsKey && covers(a, top, height)) return;
    this.#request();
  }

  /**
   * The view changed in the core (list:changed, at view `seq`): ask again for what is shown,
   * unless the answer shown or on its way is of that view already. (Subscribing says the
   * current seq at once: a window opening asked twice for its first rows, and drew them twice.)
   */
  refresh(seq?: number): void {
    if (seq !== undefined) {
      this.#seqWanted = Math.max(this.#seqWanted, seq);
      if (this.#inFlight) return;
      if (this.#answer && this.#answer.seq >= seq && this.#answerKey === this.#paramsKey) return;
    }
    this.#stale = true;
    this.#request();
  }

  /** Locates a row (by key, index or alert) and sends the rows around it with the answer. */
  find(find: ListFind, then: Finding['then']): void {
    this.#finding = { find, then };
    this.#request();
  }

  /**
   * The cursor row, located by every query that has no find of its own: the answer's `found`
   * says whether it is still in the list (a resolved alert's detail closes) and where.
   */
  track(key: string | null): void {
    this.#tracked = key;
  }

  /** The row at an index of the whole list, when the window holds it. */
  at(index: number): ListRow | undefined {
    const a = this.#answer;
    return a ? a.items[index - a.start] : undefined;
  }

  /** The index of a row held by its key (-1 when it is not held). */
  indexOf(key: string): number {
    const a = this.#answer;
    if (!a) return -1;
    const i = a.items.findIndex((r) => r.key === key);
    return i < 0 ? -1 : a.start + i;
  }

  #request(): void {
    if (!this.#params) return;
    if (this.#inFlight) {
      this.#again = true;
      return;
    }
    void this.#send();
  }

  async #send(): Promise<void> {
    const params = this.#params!;
    const key = this.#paramsKey;
    const finding = this.#finding;
    this.#finding = null;
    this.#inFlight = true;
    this.#again = false;
    const stale = this.#stale;
    this.#stale = false;
    const find = finding?.find ?? (this.#tracked !== null ? { key: this.#tracked } : undefined);
    const query = listQuery(++this.#nextId, params, this.#top, this.#height, find);
    try {
      const answer = await this.#ask(query);
      this.#failed = null;
      // A newer filter is waiting: this answer would flash the list of the old one.
      if (key === this.#paramsKey) {
        this.#answer = answer;
        this.#answerKey = key;
      }
      if (finding) finding.then(answer.found ?? null, answer);
    } catch (err) {
      this.#failed = err instanceof Error ? err.message : String(err);
      this.#stale ||= stale;
      // A find is not lost to a failed query: it goes with the next one.
      this.#finding ??= finding;
    } finally {
      this.#inFlight = false;
    }
    // The view changed while the query was out, and its answer is older than that change. (Not
    // after a failure: the next change or scroll asks again, a dead core is not hammered.)
    if (this.#failed === null && (this.#answer?.seq ?? Infinity) < this.#seqWanted) {
      this.#stale = true;
      this.#again = true;
    }
    if (this.#again) this.#request();
  }
}

/** The answer holds rows for the viewport, with SLACK_PX to spare where the list goes on. */
function covers(a: ListAnswer, top: number, height: number): boolean {
  let bottom = a.top;
  for (const r of a.items) bottom += r.height;
  const needTop = a.start === 0 ? 0 : Math.max(0, top - SLACK_PX);
  const needBottom = Math.min(a.height, top + height + SLACK_PX);
  return a.top <= needTop && bottom >= needBottom;
}
