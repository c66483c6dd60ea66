// What the filter input offers at the caret: label names (most varied first) while a name is
// typed, that label's values (most frequent first) after the operator. Pure. A keystroke is one
// pass over the names (or one label's values) keeping the best SHOWN: an alert may carry
// 10,000 labels and a label 100,000 values, and sorting every match per keystroke was the
// larger part of a keystroke's cost.
import { quoteValue, type CompletionContext } from '$core/list/filter-text.ts';
import type { LabelCounts } from '$core/list/label-index.ts';

export interface Suggestion {
  label: string;
  detail: string;
  /** What replaces the context's range when accepted. */
  insert: string;
}

const SHOWN = 12;

/** The `n` best entries by `before` (a total order), in that order: a bounded insertion pass. */
function best<T>(entries: Iterable<T>, keep: (e: T) => boolean, before: (a: T, b: T) => number) {
  const top: T[] = [];
  for (const e of entries) {
    if (!keep(e)) continue;
    if (top.length === SHOWN && before(e, top[SHOWN - 1]!) >= 0) continue;
    let i = Math.min(top.length, SHOWN - 1);
    if (top.length < SHOWN) top.push(e);
    while (i > 0 && before(e, top[i - 1]!) < 0) {
      top[i] = top[i - 1]!;
      i--;
    }
    top[i] = e;
  }
  return top;
}

export function suggestionsFor(context: CompletionContext, labels: LabelCounts): Suggestion[] {
  const prefix = context.prefix.toLowerCase();
  if (context.kind === 'name') {
    return best(
      labels.entries(),
      ([n]) => n !== context.prefix && n.toLowerCase().startsWith(prefix),
      (a, b) => b[1].size - a[1].size || a[0].localeCompare(b[0]),
    ).map(([n, values]) => ({ label: n, detail: `${values.size} values`, insert: `${n}=` }));
  }
  const values = labels.get(context.name);
  if (!values) return [];
  return best(
    values.entries(),
    ([v]) => v !== context.prefix && v.toLowerCase().startsWith(prefix),
    (a, b) => b[1] - a[1] || a[0].localeCompare(b[0]),
  ).map(([v, n]) => ({ label: v, detail: `${n}`, insert: quoteValue(v) }));
}
