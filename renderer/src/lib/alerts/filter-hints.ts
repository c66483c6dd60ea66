// "no alert has label `namspace`; did you mean `namespace`?": a matcher on a label name no
// alert in view carries silently shows nothing. The filter keeps its Alertmanager meaning;
// this only says so. Bounded: a few matchers, names clipped, the known names capped, and an
// edit distance that gives up past the threshold.
import type { Matcher } from '$core/api/types.ts';
import type { LabelCounts } from '$core/list/label-index.ts';

export interface LabelHint {
  name: string;
  suggestion: string | null;
}

const MAX_MATCHERS = 20;
const MAX_NAME = 64;
const MAX_KNOWN = 5000;

/** Levenshtein distance, or `limit + 1` as soon as it must exceed `limit`. */
export function boundedDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > limit) return limit + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

/** Hints for matchers whose label name no alert in `counts` has (none when no alerts). */
export function labelHints(matchers: readonly Matcher[], counts: LabelCounts): LabelHint[] {
  if (counts.size === 0) return [];
  const hints: LabelHint[] = [];
  const seen = new Set<string>();
  for (const m of matchers.slice(0, MAX_MATCHERS)) {
    if (counts.has(m.name) || seen.has(m.name)) continue;
    seen.add(m.name);
    hints.push({ name: m.name, suggestion: nearest(m.name, counts) });
  }
  return hints;
}

function nearest(name: string, counts: LabelCounts): string | null {
  if (name.length > MAX_NAME) return null;
  // Two edits for usual names, one for short ones: "job" must not suggest "jobs" and "ab".
  let best: string | null = null;
  let bestD = name.length <= 4 ? 1 : 2;
  let n = 0;
  for (const known of counts.keys()) {
    if (++n > MAX_KNOWN) break;
    if (known.length > MAX_NAME) continue;
    const d = boundedDistance(name.toLowerCase(), known.toLowerCase(), bestD);
    if (d <= bestD && (best === null || d < bestD || known < best)) {
      best = known;
      bestD = d;
    }
  }
  return best;
}
