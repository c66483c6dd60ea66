// Printing matchers so that every Alertmanager reads them back unchanged: the classic parser
// (0.25, and the default mode's winner) and the UTF-8 parser (strict mode). Inside double
// quotes both understand exactly \\ \" and \n, and both take every other character literally
// (a tab, a zero-width space, U+202E): escaping anything else, such as \t, would mean a
// literal backslash to the classic parser. Names are quoted only when not classic-valid (then
// only the UTF-8 parser can read them, as on the server).
import type { Matcher } from '../api/types.ts';
import type { MatchType } from './matcher.ts';

const CLASSIC_NAME = /^[A-Za-z_:][A-Za-z0-9_:]*$/;

export function operatorOf(m: Pick<Matcher, 'isRegex'> & { isEqual?: boolean }): MatchType {
  const eq = m.isEqual ?? true;
  if (m.isRegex) return eq ? '=~' : '!~';
  return eq ? '=' : '!=';
}

/** Double-quoted text both parsers read back as `s`. */
export function quoteMatcherText(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

/** `name="value"` with the operator; the name quoted only when it must be. */
export function formatMatcher(
  m: Pick<Matcher, 'name' | 'value' | 'isRegex'> & { isEqual?: boolean },
): string {
  const name = CLASSIC_NAME.test(m.name) ? m.name : quoteMatcherText(m.name);
  return `${name}${operatorOf(m)}${quoteMatcherText(m.value)}`;
}

/** `{a="b", c!~"d"}` */
export function formatMatchers(ms: readonly Matcher[]): string {
  return `{${ms.map(formatMatcher).join(', ')}}`;
}
