// The Silences view's list: counts per tab, the silences a tab shows (search, "created by
// me", "needs attention") in the order that tab wants, and how many alerts each silences.
import type { SilenceState } from '$core/api/types.ts';
import { formatMatcher } from '$core/matchers/format.ts';
import type { AlertView, SilenceView } from '$core/model/view.ts';

export interface SilenceListQuery {
  tab: SilenceState;
  search: string;
  /** Only those created by this author (undefined: everyone's). */
  author?: string;
  /** Only active silences that need attention (silence nothing, or run for weeks). */
  attention: boolean;
}

export function silenceCounts(
  all: readonly SilenceView[],
): Record<SilenceState | 'attention', number> {
  return {
    active: all.filter((s) => s.state === 'active').length,
    attention: all.filter((s) => s.state === 'active' && s.attention).length,
    pending: all.filter((s) => s.state === 'pending').length,
    expired: all.filter((s) => s.state === 'expired').length,
  };
}

function text(s: SilenceView): string {
  return `${s.createdBy}\n${s.comment}\n${s.id}\n${s.matchers.map(formatMatcher).join(' ')}`.toLowerCase();
}

/** Expired: most recently ended first; pending: starting soonest; active: ending soonest. */
export function silenceList(all: readonly SilenceView[], q: SilenceListQuery): SilenceView[] {
  const search = q.search.trim().toLowerCase();
  const time = (s: SilenceView) =>
    Date.parse(q.tab === 'pending' ? s.startsAt : s.endsAt) * (q.tab === 'expired' ? -1 : 1);
  return all
    .filter((s) => s.state === q.tab)
    .filter((s) => q.author === undefined || s.createdBy === q.author)
    .filter((s) => !q.attention || s.attention !== undefined)
    .filter((s) => search === '' || text(s).includes(search))
    .sort((a, b) => time(a) - time(b));
}

/** How many current alerts each silence (by key) silences, as the server says. */
export function affectedCounts(alerts: Iterable<AlertView>): Record<string, number> {
  const n: Record<string, number> = {};
  for (const a of alerts) for (const k of a.silencedBy) n[k] = (n[k] ?? 0) + 1;
  return n;
}
