// Alertmanager regexes are Go RE2, compiled as "^(?:" + value + ")$" (pkg/labels/matcher.go,
// NewMatcher) and tested with MatchString. re2js is a port of RE2 with the same syntax
// (POSIX classes, \p{..}, \Q..\E, flag groups, (?P<n>..)), code-point semantics for `.`, the
// same error messages, and linear-time matching: a hostile pattern from a server or a
// colleague's silence can never stall the core or the window (no backtracking).
import { RE2JS, RE2JSSyntaxException, RegexEngineNotLoaded } from './re2-engine.ts';

export type CompiledRegex =
  { ok: true; test(value: string): boolean } | { ok: false; error: string };

/** Compiled patterns are cached; the cache is dropped whole when full (patterns are few). */
const cache = new Map<string, CompiledRegex>();
const CACHE_LIMIT = 2000;

/**
 * Longest pattern compiled. Silences and filters are far shorter; Alertmanager's own limit on a
 * whole silence defaults to 0 (none) but matchers over this size are a paste accident or an
 * attack, and compiling is linear in size but not free.
 */
export const MAX_REGEX_LENGTH = 64 * 1024;

function compile(value: string): CompiledRegex {
  if (value.length > MAX_REGEX_LENGTH) {
    return { ok: false, error: `regular expression longer than ${MAX_REGEX_LENGTH} characters` };
  }
  try {
    // The same string concatenation as the server, so even a value such as `a)|(b` means
    // exactly what it means there.
    const re = RE2JS.compile(`^(?:${value})$`);
    // test() is an unanchored search, as Go's MatchString: the anchors are in the pattern.
    return { ok: true, test: (s: string) => re.test(s) };
  } catch (err) {
    if (err instanceof RegexEngineNotLoaded) throw err;
    return { ok: false, error: goRegexpError(err, `^(?:${value})$`) };
  }
}

/**
 * An error worded as Go's regexp/syntax Error.Error() words it: "error parsing regexp: <code>:
 * `<expr>`", the expression part always present (re2js leaves it out for a trailing backslash,
 * where Go prints "``", and for "too large" / "nests too deeply", where Go prints the whole).
 */
function goRegexpError(err: unknown, whole: string): string {
  if (!(err instanceof RE2JSSyntaxException))
    return err instanceof Error ? err.message : String(err);
  const code = err.getDescription();
  // Bounded: the whole of a 64 KiB pattern is no message.
  const expr =
    err.getPattern() ??
    (code.startsWith('trailing backslash')
      ? ''
      : whole.length > 200
        ? `${whole.slice(0, 200)}…`
        : whole);
  return `error parsing regexp: ${code}: \`${expr}\``;
}

/** Compiles an Alertmanager regex value, anchored as the server does. Cached; never throws. */
export function compileMatcherRegex(value: string): CompiledRegex {
  const hit = cache.get(value);
  if (hit) return hit;
  const compiled = compile(value);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(value, compiled);
  return compiled;
}

const silenceCache = new Map<string, string | null>();

/**
 * Why Alertmanager would refuse a silence with this regex, worded as it says it; undefined when
 * it would take it. The server checks a silence's regex unanchored (silence/silence.go,
 * validateMatcher: `regexp.Compile(m.Pattern)`), so its message shows only what was typed:
 * `[a-` gives "missing closing ]: `[a-`" where the anchored form would blame a `)` nobody
 * typed. A value that compiles alone but not anchored (`\Q`) cannot match as the server
 * matches: the anchored message says why.
 */
export function silenceRegexError(value: string): string | undefined {
  let error = silenceCache.get(value);
  if (error === undefined) {
    error = null;
    if (value.length > MAX_REGEX_LENGTH) {
      error = `regular expression longer than ${MAX_REGEX_LENGTH} characters`;
    } else {
      try {
        RE2JS.compile(value);
      } catch (err) {
        if (err instanceof RegexEngineNotLoaded) throw err;
        error = goRegexpError(err, value);
      }
    }
    // Only a `\Q` (quoting to the end) can compile alone and not inside the anchors: the
    // second compile is skipped otherwise (a 16 KB pattern costs ~50 ms per compile here).
    if (error === null && value.includes('\\Q')) {
      const anchored = compileMatcherRegex(value);
      if (!anchored.ok) error = anchored.error;
    }
    if (silenceCache.size >= CACHE_LIMIT) silenceCache.clear();
    silenceCache.set(value, error);
  }
  return error ?? undefined;
}
