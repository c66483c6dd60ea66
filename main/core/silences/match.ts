// Alertmanager's matcher semantics, client side: used to preview which alerts a silence would
// hit and to test include/exclude filters. The server never tells us this (GET /silences
// ?filter= compares matchers, not alerts), so we must agree with it exactly:
//   - a missing label has the value '' (so `foo=""` matches alerts without `foo`);
//   - regexes are fully anchored: `^(?:re)$`;
//   - `!=` / `!~` are the negations of `=` / `=~` over that value;
//   - isEqual defaults to true when absent.
// Regexes are Go RE2 on the server; we translate the RE2-only syntax JS lacks (leading flag
// groups, `(?P<name>`, `\A`, `\z`) and treat anything JS cannot compile as an invalid matcher.
import type { LabelSet, Matcher } from '../api/types.ts';

/** A matcher from the wire may omit isEqual. */
export type MatcherInput = Omit<Matcher, 'isEqual'> & { isEqual?: boolean };

export type CompiledRegex = { ok: true; regex: RegExp } | { ok: false; error: string };

const cache = new Map<string, CompiledRegex>();
const CACHE_LIMIT = 2000;

/** Translates RE2 syntax that JS spells differently. Best effort, documented above. */
function re2ToJs(source: string): { source: string; flags: string } {
  let flags = '';
  let body = source;
  // RE2 allows flag groups like (?i) or (?is) at the start; JS (Node 20) does not.
  const lead = /^\(\?([imsU]+)\)/.exec(body);
  if (lead?.[1]) {
    for (const f of lead[1]) {
      if (f === 'i' && !flags.includes('i')) flags += 'i';
      if (f === 's' && !flags.includes('s')) flags += 's';
      if (f === 'm' && !flags.includes('m')) flags += 'm';
      // U (ungreedy) has no JS equivalent: leave it and let it fail below.
      if (f === 'U') return { source: '(?U)' + body.slice(lead[0].length), flags };
    }
    body = body.slice(lead[0].length);
  }
  body = body
    .replace(/\(\?P</g, '(?<')
    .replace(/\\A/g, '^')
    .replace(/\\z/g, '$');
  return { source: body, flags };
}

/** Compiles an Alertmanager regex value, anchored. Cached; never throws. */
export function compileMatcherRegex(value: string): CompiledRegex {
  const hit = cache.get(value);
  if (hit) return hit;
  let compiled: CompiledRegex;
  try {
    const { source, flags } = re2ToJs(value);
    compiled = { ok: true, regex: new RegExp(`^(?:${source})$`, flags) };
  } catch (err) {
    compiled = { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(value, compiled);
  return compiled;
}

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
    hit = c.regex.test(value);
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
    if (!matchesValue(m, labels[m.name] ?? '')) return false;
  }
  return true;
}
