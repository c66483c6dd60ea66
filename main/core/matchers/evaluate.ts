// Alertmanager's matcher semantics (pkg/labels/matcher.go, Matches), used to preview which
// alerts a silence would hit and to test filters and notification rules. The server never tells
// us this (GET /silences?filter= compares matchers, not alerts), so we must agree with it:
//   - a missing label has the value '' (so `foo=""` matches alerts without `foo`);
//   - regexes are RE2, anchored as the server anchors them (regex.ts);
//   - `!=` / `!~` are the negations of `=` / `=~` over that value;
//   - isEqual defaults to true when absent (as the server's JSON decoding does);
//   - a label is one the alert has itself: `constructor` is a label name like any other.
import type { LabelSet, Matcher } from '../api/types.ts';
import { ownValue } from '../model/own-keys.ts';
import { compileMatcherRegex } from './regex.ts';

/** A matcher from the wire may omit isEqual. */
export type MatcherInput = Omit<Matcher, 'isEqual'> & { isEqual?: boolean };

/** The problem with a matcher's regex, or undefined when it is fine (or not a regex). */
export function matcherRegexError(m: MatcherInput): string | undefined {
  if (!m.isRegex) return undefined;
  const c = compileMatcherRegex(m.value);
  return c.ok ? undefined : c.error;
}

/**
 * Whether one matcher matches a label value ('' for a missing label). A matcher with an
 * invalid regex matches nothing, whichever its polarity: the server would have rejected it.
 */
export function matchesValue(m: MatcherInput, value: string): boolean {
  const isEqual = m.isEqual ?? true;
  let hit: boolean;
  if (m.isRegex) {
    const c = compileMatcherRegex(m.value);
    if (!c.ok) return false;
    hit = c.test(value);
  } else {
    hit = value === m.value;
  }
  return isEqual ? hit : !hit;
}

/** Whether a matcher matches the empty string (the server requires one matcher that does not). */
export function matchesEmpty(m: MatcherInput): boolean {
  return matchesValue(m, '');
}

/**
 * True when every matcher matches the label set. An empty matcher list matches nothing here:
 * a silence or filter always needs at least one matcher, and "everything" is never what a
 * preview of an incomplete form should show.
 */
export function matchesAlert(matchers: readonly MatcherInput[], labels: LabelSet): boolean {
  if (matchers.length === 0) return false;
  for (const m of matchers) {
    if (!matchesValue(m, ownValue(labels, m.name) ?? '')) return false;
  }
  return true;
}
