// Alertmanager's matcher semantics (pkg/labels/matcher.go, Matches), used to preview which
// alerts a silence would hit and to test filters and notification rules. The server never tells
// us this (GET /silences?filter= compares matchers, not alerts), so we must agree with it:
//   - a missing label has the value '' (so `foo=""` matches alerts without `foo`);
//   - regexes are RE2, anchored as the server anchors them (regex.ts);
//   - `!=` / `!~` are the negations of `=` / `=~` over that value;
//   - isEqual defaults to true when absent (as the server's JSON decoding does);
//   - a label is one the alert has itself: `constructor` is a label name like any other.
// Regex tests run under the cost budget (budget.ts): a test over it is not run, and the answer
// is 'unknown' (the server decides), which every caller handles in its own honest way.
import type { LabelSet, Matcher } from '../api/types.ts';
import { ownValue } from '../model/own-keys.ts';
import { affordable, charged, turnHasTime } from './budget.ts';
import { compileMatcherRegex } from './regex.ts';

/** 'unknown': a regex test was over the budget, so it was not evaluated here. */
export type Verdict = 'match' | 'no-match' | 'unknown';

/** A matcher from the wire may omit isEqual. */
export type MatcherInput = Omit<Matcher, 'isEqual'> & { isEqual?: boolean };

// A silence's regex problem is regex.ts's silenceRegexError (worded as the server checks it).

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

interface EvaluateOptions {
  /**
   * false: only the per-test bound applies, not the turn's time. For patterns that are the
   * user's own (the filter bar, notification rules): what a keystroke over 10,000 alerts shows,
   * or whether an alert notifies, must not depend on how busy the machine is.
   */
  turnBudget?: boolean;
}

/** One matcher against one value, under the budget. */
function valueVerdict(m: MatcherInput, value: string, turnBudget: boolean): Verdict {
  if (!m.isRegex) return matchesValue(m, value) ? 'match' : 'no-match';
  if (!affordable(m.value.length, value.length)) return 'unknown';
  if (turnBudget && !turnHasTime()) return 'unknown';
  return charged(() => matchesValue(m, value)) ? 'match' : 'no-match';
}

/**
 * Whether every matcher matches the labels, under the budget: 'no-match' as soon as one
 * matcher surely fails (even when another could not be evaluated), 'unknown' when none fails
 * but one could not be evaluated.
 * Plain equality matchers run first: they are free and often decide alone. An empty matcher
 * list matches nothing: a silence or filter always needs at least one matcher, and
 * "everything" is never what a preview of an incomplete form should show.
 */
export function evaluateAlert(
  matchers: readonly MatcherInput[],
  labels: LabelSet,
  { turnBudget = true }: EvaluateOptions = {},
): Verdict {
  if (matchers.length === 0) return 'no-match';
  let unknown = false;
  for (const pass of [false, true]) {
    for (const m of matchers) {
      if (m.isRegex !== pass) continue;
      const v = valueVerdict(m, ownValue(labels, m.name) ?? '', turnBudget);
      if (v === 'no-match') return 'no-match';
      if (v === 'unknown') unknown = true;
    }
  }
  return unknown ? 'unknown' : 'match';
}

/** Whether a matcher matches the empty string (the server requires one matcher that does not). */
export function matchesEmpty(m: MatcherInput): boolean {
  return matchesValue(m, '');
}
