// Alertmanager regexes are Go RE2, compiled as "^(?:" + value + ")$" (pkg/labels/matcher.go,
// NewMatcher) and tested with MatchString. re2js is a port of RE2 with the same syntax
// (POSIX classes, \p{..}, \Q..\E, flag groups, (?P<n>..)), code-point semantics for `.`, the
// same error messages, and linear-time matching: a hostile pattern from a server or a
// colleague's silence can never stall the core or the window (no backtracking).
import { RE2JS } from 're2js';

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
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
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
