// One silence for several groups or alerts of one cluster. A silence's matchers are AND-ed, so
// "group A or group B" cannot be written as two matcher sets; what can be written is, for
// every label name that each selected item pins, the values the items give it: equal when they
// all agree (`cluster="prod"`), an anchored alternation when they differ
// (`alertname=~"DiskFull|CpuHigh"`, each value regex-escaped). That is the narrowest AND-ed set
// over label values that still matches every selected item; it may also match combinations no
// item has (A on B's cluster), which is why the caller previews it against the cluster's alerts.
// Pure: tested in plain Node (test/core/silences/union-matchers.test.ts).
import type { Matcher } from '../api/types.ts';
import { escapeRegex } from './quick.ts';

/** One selected thing: what to call it, and the labels it pins (name -> allowed values). */
export interface UnionItem {
  what: string;
  labels: ReadonlyMap<string, readonly string[]>;
}

export type UnionResult =
  { ok: true; matchers: Matcher[]; notes: string[] } | { ok: false; reason: string };

/**
 * Bound on one alternation's pattern: label values come from servers, and a pattern over the
 * matching budget's size (matchers/budget.ts, 8 KB) could not be previewed here at all.
 */
export const MAX_ALTERNATION_CHARS = 4096;
/** How many items an explanation names before "and N more". */
const NAMED = 4;

function byName(a: Matcher, b: Matcher): number {
  if (a.name === b.name) return 0;
  if (a.name === 'alertname') return -1;
  if (b.name === 'alertname') return 1;
  return a.name < b.name ? -1 : 1;
}

const clip = (s: string, n = 60) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

function nameList(items: readonly UnionItem[]): string {
  const shown = items.slice(0, NAMED).map((i) => {
    const names = [...i.labels.keys()].sort();
    return `"${clip(i.what)}" (${names.length ? names.slice(0, 6).join(', ') : 'no labels'})`;
  });
  const more = items.length - shown.length;
  return shown.join('; ') + (more > 0 ? `; and ${more} more` : '');
}

/** Values an item pins for a name, without empties (an empty value is no label). */
function valuesOf(item: UnionItem, name: string): string[] {
  return (item.labels.get(name) ?? []).filter((v) => v !== '');
}

/**
 * The one AND-ed matcher set that covers every item, or why there is none: no label name is
 * pinned by every item (one silence would then have to match on nothing they share).
 */
export function unionMatchers(items: readonly UnionItem[]): UnionResult {
  if (items.length === 0) return { ok: false, reason: 'Nothing is selected on this cluster.' };
  const names = [...items[0]!.labels.keys()].filter((n) =>
    items.every((i) => valuesOf(i, n).length > 0),
  );
  if (names.length === 0) {
    return {
      ok: false,
      reason:
        `No label is set on every selected item: ${nameList(items)}. A silence matches only ` +
        'alerts that satisfy all its matchers, so one silence cannot cover these without ' +
        'matching everything. Deselect some, or silence them one at a time.',
    };
  }
  const matchers: Matcher[] = [];
  const notes: string[] = [];
  for (const name of names) {
    const values = [...new Set(items.flatMap((i) => valuesOf(i, name)))].sort();
    if (values.length === 1) {
      matchers.push({ name, value: values[0]!, isRegex: false, isEqual: true });
      continue;
    }
    const pattern = values.map(escapeRegex).join('|');
    if (pattern.length > MAX_ALTERNATION_CHARS) {
      notes.push(
        `"${clip(name, 40)}" is left out: its ${values.length} different values would make a ` +
          `${pattern.length}-character pattern.`,
      );
      continue;
    }
    matchers.push({ name, value: pattern, isRegex: true, isEqual: true });
  }
  if (matchers.length === 0) {
    return {
      ok: false,
      reason: `The selected items differ in every label they share, with too many values for one silence (${notes.join(' ')}). Select fewer.`,
    };
  }
  return { ok: true, matchers: matchers.sort(byName), notes };
}
