// Matcher text as Alertmanager reads it, in the server's three modes (matcher/compat/parse.go):
//   - 'fallback' (the default since 0.27): the UTF-8 parser and the classic one both run; the
//     classic result wins whenever the classic parser accepts the input (also when the two
//     disagree), the UTF-8 result is used only where the classic parser refuses, and when both
//     refuse the classic error is the answer. For anything 0.25 accepts this is exactly 0.25.
//   - 'utf8' (utf8-strict-mode) and 'classic' (classic-mode, and every server before 0.27).
// Errors carry the server's own wording and a UTF-16 offset into the input for the UI.
import type { Matcher } from '../api/types.ts';
import { classicParseMatcher, classicParseMatchers } from './classic-parser.ts';
import { ParseFailure } from './matcher.ts';
import { utf8ParseMatcher, utf8ParseMatchers } from './utf8-parser.ts';

export type ParserMode = 'fallback' | 'utf8' | 'classic';

export class MatcherParseError extends Error {
  /** 0-based offset (UTF-16 code unit) in the input where the problem is. */
  readonly position: number;
  readonly input: string;
  /** 'regex': the syntax is fine, the regular expression is not (the server's RE2 message). */
  readonly kind: 'syntax' | 'regex';

  constructor(message: string, position: number, input: string, kind: 'syntax' | 'regex') {
    super(message);
    this.name = 'MatcherParseError';
    this.position = position;
    this.input = input;
    this.kind = kind;
  }
}

/** Rune column -> UTF-16 offset. */
function offsetOf(input: string, column: number): number {
  let offset = 0;
  let runes = 0;
  for (const r of input) {
    if (runes >= column) break;
    offset += r.length;
    runes++;
  }
  return offset;
}

function fail(input: string, err: unknown, positionFrom?: unknown): never {
  if (!(err instanceof ParseFailure)) throw err;
  // The classic parser rarely knows where the problem is; the UTF-8 parser usually does.
  const where =
    err.column === 0 && positionFrom instanceof ParseFailure && err.kind !== 'regex'
      ? positionFrom.column
      : err.column;
  throw new MatcherParseError(err.message, offsetOf(input, where), input, err.kind);
}

function attempt<T>(fn: () => T): { ok: true; value: T } | { ok: false; error: unknown } {
  try {
    return { ok: true, value: fn() };
  } catch (error) {
    if (!(error instanceof ParseFailure)) throw error;
    return { ok: false, error };
  }
}

function combine<T>(input: string, utf8: () => T, classic: () => T): T {
  const c = attempt(classic);
  if (c.ok) return c.value;
  const n = attempt(utf8);
  if (n.ok) return n.value;
  return fail(input, c.error, n.error);
}

/** One matcher, such as `job=~"node|api"` or `severity != info`. */
export function parseMatcher(input: string, mode: ParserMode = 'fallback'): Matcher {
  const brace = input.startsWith('{') || input.endsWith('}');
  if (mode !== 'classic' && brace) {
    const at = input.startsWith('{') ? 0 : input.length - 1;
    throw new MatcherParseError(`unexpected open or close brace: ${input}`, at, input, 'syntax');
  }
  try {
    if (mode === 'classic') return classicParseMatcher(input);
    if (mode === 'utf8') return utf8ParseMatcher(input);
  } catch (e) {
    return fail(input, e);
  }
  return combine(
    input,
    () => utf8ParseMatcher(input),
    () => classicParseMatcher(input),
  );
}

/** Zero or more comma-separated matchers, optionally wrapped in `{...}`. */
export function parseMatchers(input: string, mode: ParserMode = 'fallback'): Matcher[] {
  try {
    if (mode === 'classic') return classicParseMatchers(input);
    if (mode === 'utf8') return utf8ParseMatchers(input);
  } catch (e) {
    return fail(input, e);
  }
  return combine(
    input,
    () => utf8ParseMatchers(input),
    () => classicParseMatchers(input),
  );
}

/**
 * Whether the two parsers read this input differently (both accept it, with other values):
 * a server in utf8-strict-mode would then mean something else than 0.25 and the default mode.
 */
export function parsersDisagree(input: string): boolean {
  const c = attempt(() => classicParseMatchers(input));
  const n = attempt(() => utf8ParseMatchers(input));
  return c.ok && n.ok && JSON.stringify(c.value) !== JSON.stringify(n.value);
}
