// The Silences view's list: counts per tab, the silences a tab shows (search, "created by
// me", "needs attention") in the order that tab wants, and how many alerts each silences.
// A cluster can hold 100,000 silences (anyone may create them): they are split per tab and
// sorted once per change of the silences (`prepareSilences`), never per render or keystroke;
// a query is then one filter pass over the tab's sorted list, and the search text of each
// silence is built once per record (records are replaced, never mutated, on change).
import type { SilenceState } from '$core/api/types.ts';
import { formatMatcher } from '$core/matchers/format.ts';
import type { SilenceView } from '$core/model/view.ts';

export interface SilenceListQuery {
  tab: SilenceState;
  search: string;
  /** Only those created by this author (undefined: everyone's). */
  author?: string;
  /** Only active silences that need attention (silence nothing, or run for weeks). */
  attention: boolean;
}

type SilenceCounts = Record<SilenceState | 'attention', number>;

/** Every silence split per tab, each tab in its order, with the counts. */
export interface PreparedSilences {
  readonly tabs: Readonly<Record<SilenceState, readonly SilenceView[]>>;
  readonly counts: SilenceCounts;
}

const sortKeys = new WeakMap<SilenceView, number>();

/**
 * Expired: most recently ended first; pending: starting soonest; active: ending soonest. Kept
 * per record: a change of a few silences parses only theirs again.
 */
function sortKey(s: SilenceView): number {
  let k = sortKeys.get(s);
  if (k === undefined) {
    if (s.state === 'pending') k = Date.parse(s.startsAt);
    else k = Date.parse(s.endsAt) * (s.state === 'expired' ? -1 : 1);
    sortKeys.set(s, k);
  }
  return k;
}

/** One pass to split, one sort per tab with keys computed once (not per comparison). */
export function prepareSilences(all: Iterable<SilenceView>): PreparedSilences {
  const keyed: Record<SilenceState, { k: number; s: SilenceView }[]> = {
    active: [],
    pending: [],
    expired: [],
  };
  let attention = 0;
  for (const s of all) {
    keyed[s.state]?.push({ k: sortKey(s), s });
    if (s.state === 'active' && s.attention) attention++;
  }
  const sorted = (l: { k: number; s: SilenceView }[]) =>
    l.sort((a, b) => a.k - b.k).map((e) => e.s);
  return {
    tabs: {
      active: sorted(keyed.active),
      pending: sorted(keyed.pending),
      expired: sorted(keyed.expired),
    },
    counts: {
      active: keyed.active.length,
      attention,
      pending: keyed.pending.length,
      expired: keyed.expired.length,
    },
  };
}

const searchText = new WeakMap<SilenceView, string>();

function text(s: SilenceView): string {
  let t = searchText.get(s);
  if (t === undefined) {
    t =
      `${s.createdBy}\n${s.comment}\n${s.id}\n${s.matchers.map(formatMatcher).join(' ')}`.toLowerCase();
    searchText.set(s, t);
  }
  return t;
}

/**
 * Computes the sort key and search text of these silences ahead of need, a slice per task
 * (100,000 at once is a task of a few hundred ms): the window does it whenever the silences
 * change, so opening the Silences view sorts with keys already made and the first keystroke
 * finds its text built. Returns a function that stops.
 */
export function warmSilences(list: readonly SilenceView[], slice = 2000): () => void {
  let i = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const step = () => {
    const end = Math.min(list.length, i + slice);
    for (; i < end; i++) {
      sortKey(list[i]!);
      text(list[i]!);
    }
    timer = i < list.length ? setTimeout(step, 0) : undefined;
  };
  timer = setTimeout(step, 0);
  return () => clearTimeout(timer);
}

/**
 * The silences a query shows, in the tab's order: the tab's list itself when unfiltered. Typing
 * on narrows the previous result instead of the whole tab (a search containing the previous
 * one matches a subset of it); the last answer is kept in a plain field for that.
 */
export class SilenceFilter {
  #last: { prepared: PreparedSilences; q: SilenceListQuery; list: readonly SilenceView[] } | null =
    null;

  list(prepared: PreparedSilences, q: SilenceListQuery): readonly SilenceView[] {
    const search = q.search.trim().toLowerCase();
    const last = this.#last;
    const narrows =
      last !== null &&
      last.prepared === prepared &&
      last.q.tab === q.tab &&
      last.q.author === q.author &&
      last.q.attention === q.attention &&
      search.includes(last.q.search);
    const from = narrows ? last.list : prepared.tabs[q.tab];
    const list =
      search === '' && q.author === undefined && !q.attention
        ? from
        : from.filter(
            (s) =>
              (q.author === undefined || s.createdBy === q.author) &&
              (!q.attention || s.attention !== undefined) &&
              (search === '' || text(s).includes(search)),
          );
    this.#last = { prepared, q: { ...q, search }, list };
    return list;
  }
}
