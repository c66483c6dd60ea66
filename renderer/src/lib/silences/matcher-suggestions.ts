// What the silence form's matcher fields suggest (pure, unit-tested): the filter bar's
// suggestions (lib/alerts/filter-suggestions.ts) for a row's name or value.
import { suggestionsFor } from '../alerts/filter-suggestions.ts';
import type { LabelCounts } from '$core/list/label-index.ts';
import type { MatcherRow } from './draft.ts';

export type MatcherPart = 'name' | 'value';

export interface MatcherSuggestion {
  label: string;
  detail: string;
  /** What the field holds once accepted. */
  text: string;
}

/** RE2 metacharacters escaped: a value picked for `=~` matches exactly that value. */
function escapeRegex(v: string): string {
  return v.replace(/[\\.+*?()|[\]{}^$]/g, '\\$&');
}

/** The suggestions for one part of one row (pure). */
export function matcherSuggestions(
  row: MatcherRow,
  part: MatcherPart,
  labels: LabelCounts,
): MatcherSuggestion[] {
  if (part === 'name') {
    const context = { kind: 'name', prefix: row.name.trim(), from: 0, to: 0 } as const;
    return suggestionsFor(context, labels).map((s) => ({ ...s, text: s.label }));
  }
  const name = row.name.trim();
  if (name === '') return [];
  const regex = row.op === '=~' || row.op === '!~';
  const context = {
    kind: 'value',
    name,
    prefix: row.value,
    from: 0,
    to: 0,
    quoted: false,
  } as const;
  return suggestionsFor(context, labels).map((s) => ({
    label: s.label,
    detail: s.detail,
    text: regex ? escapeRegex(s.label) : s.label,
  }));
}
