// Alertmanager's classic matcher parser (pkg/labels/parse.go), the only one of 0.25 and the
// one whose result wins in 0.27+'s default fallback mode whenever it accepts the input. Ported
// rule for rule: its tolerant unquoted values, its three escapes (\n \" \\; any other backslash
// stays literal, so "tab\there" is `tab\there`, not a tab) and its error texts.
import type { Matcher } from '../api/types.ts';
import type { RE2JS } from 're2js';
import { RE2JS as Engine } from './re2-engine.ts';
import { goTrimSpace, hasLoneSurrogate } from './go-text.ts';
import { newMatcher, ParseFailure, type MatchType } from './matcher.ts';

// The upstream expression itself, evaluated by RE2 as upstream does ('=~' before '=').
// Compiled on first use, not at import: compiling it takes ~20 ms, which the window would
// otherwise spend before its first paint (no filter text usually needs it by then).
let matcherRe: RE2JS | undefined;
function matcherExpression(): RE2JS {
  return (matcherRe ??= Engine.compile(
    '^\\s*([a-zA-Z_:][a-zA-Z0-9_:]*)\\s*(=~|=|!=|!~)\\s*((?s).*?)\\s*$',
  ));
}

/** labels.ParseMatcher; `offset` is where `s` starts in the whole input (for positions). */
export function classicParseMatcher(s: string, offset = 0): Matcher {
  const m = matcherExpression().matcher(s);
  if (!m.matches()) throw new ParseFailure(`bad matcher format: ${s}`, offset);
  const name = m.group(1) as string;
  const op = m.group(2) as MatchType;
  const raw = m.group(3) as string;
  const valueAt = offset + [...s.slice(0, m.start(3))].length;
  let rawValue = raw;
  let expectTrailingQuote = false;
  if (rawValue.startsWith('"')) {
    rawValue = rawValue.slice(1);
    expectTrailingQuote = true;
  }
  if (hasLoneSurrogate(rawValue)) {
    throw new ParseFailure(`matcher value not valid UTF-8: ${raw}`, valueAt);
  }
  let value = '';
  let escaped = false;
  const last = rawValue.length - 1;
  for (let i = 0; i < rawValue.length; i++) {
    const r = rawValue[i] as string;
    if (escaped) {
      escaped = false;
      if (r === 'n') value += '\n';
      else if (r === '"' || r === '\\') value += r;
      else value += '\\' + r; // a spurious escape: the backslash is literal
      continue;
    }
    if (r === '\\') {
      if (i < last) {
        escaped = true;
        continue;
      }
      value += '\\'; // a backslash as the last character is literal
    } else if (r === '"') {
      if (!expectTrailingQuote || i < last) {
        throw new ParseFailure(`matcher value contains unescaped double quote: ${raw}`, valueAt);
      }
      expectTrailingQuote = false;
    } else {
      value += r;
    }
  }
  if (expectTrailingQuote) {
    throw new ParseFailure(`matcher value contains unescaped double quote: ${raw}`, valueAt);
  }
  const made = newMatcher(op, name, value);
  if (typeof made === 'string') throw new ParseFailure(made, valueAt, 'regex');
  return made;
}

/** labels.ParseMatchers: comma-separated, one optional leading `{` and trailing `}`. */
export function classicParseMatchers(input: string): Matcher[] {
  let s = input;
  let base = 0;
  if (s.startsWith('{')) {
    s = s.slice(1);
    base = 1;
  }
  if (s.endsWith('}')) s = s.slice(0, -1);
  const tokens: { text: string; at: number }[] = [];
  let insideQuotes = false;
  let escaped = false;
  let token = '';
  let tokenAt = base;
  let runeIndex = base;
  for (const r of s) {
    runeIndex++;
    if (r === ',') {
      if (!insideQuotes) {
        tokens.push({ text: token, at: tokenAt });
        token = '';
        tokenAt = runeIndex;
        continue;
      }
    } else if (r === '"') {
      if (!escaped) insideQuotes = !insideQuotes;
      else escaped = false;
    } else if (r === '\\') {
      escaped = !escaped;
    } else {
      escaped = false;
    }
    token += r;
  }
  const rest = goTrimSpace(token);
  if (rest !== '')
    tokens.push({ text: rest, at: tokenAt + [...token].indexOf([...rest][0] as string) });
  return tokens.map((t) => classicParseMatcher(t.text, t.at));
}
