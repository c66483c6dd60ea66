// What both parsers build: pkg/labels NewMatcher (a regex must compile as RE2, anchored) and
// the failure they report. A ParseFailure carries upstream's exact message and the rune
// column where the problem starts (parse.ts turns it into a UTF-16 offset for the UI).
import type { Matcher } from '../api/types.ts';
import { compileMatcherRegex } from './regex.ts';

export type MatchType = '=' | '!=' | '=~' | '!~';

export class ParseFailure extends Error {
  constructor(
    message: string,
    /** Rune (code point) column of the problem in the input. */
    readonly column: number,
    /** 'regex' when the syntax was fine but the regular expression is not. */
    readonly kind: 'syntax' | 'regex' = 'syntax',
  ) {
    super(message);
    this.name = 'ParseFailure';
  }
}

export function toMatcher(op: MatchType, name: string, value: string): Matcher {
  return { name, value, isRegex: op === '=~' || op === '!~', isEqual: op === '=' || op === '=~' };
}

/** labels.NewMatcher: the matcher, or the regex compile error text. */
export function newMatcher(op: MatchType, name: string, value: string): Matcher | string {
  const m = toMatcher(op, name, value);
  if (m.isRegex) {
    const c = compileMatcherRegex(value);
    if (!c.ok) return c.error;
  }
  return m;
}
