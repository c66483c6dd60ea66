// What the filter input offers at the caret: label names (most varied first) while a name is
// typed, that label's values (most frequent first) after the operator. Pure.
import { quoteValue, type CompletionContext } from './filter-text.ts';
import type { LabelCounts } from './label-index.ts';

export interface Suggestion {
  label: string;
  detail: string;
  /** What replaces the context's range when accepted. */
  insert: string;
}

const SHOWN = 12;

export function suggestionsFor(context: CompletionContext, labels: LabelCounts): Suggestion[] {
  const prefix = context.prefix.toLowerCase();
  if (context.kind === 'name') {
    return [...labels.entries()]
      .filter(([n]) => n.toLowerCase().startsWith(prefix) && n !== context.prefix)
      .sort((a, b) => b[1].size - a[1].size || a[0].localeCompare(b[0]))
      .slice(0, SHOWN)
      .map(([n, values]) => ({ label: n, detail: `${values.size} values`, insert: `${n}=` }));
  }
  const values = labels.get(context.name);
  if (!values) return [];
  return [...values.entries()]
    .filter(([v]) => v.toLowerCase().startsWith(prefix) && v !== context.prefix)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, SHOWN)
    .map(([v, n]) => ({ label: v, detail: `${n}`, insert: quoteValue(v) }));
}
