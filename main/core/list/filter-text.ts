// The filter bar's text: Alertmanager matchers (`alertname="X", severity=~"crit.*"`) mixed
// with free-text words, separated by commas. A segment holding an operator character outside
// quotes is a matcher and must parse; anything else is free text searched in labels and
// annotations. Errors carry the 0-based position in the whole input so the bar can point at it.
import { MatcherParseError, parseMatcher, parsersDisagree } from '../matchers/parse.ts';
import { RegexEngineNotLoaded } from '../matchers/regex-engine-error.ts';
import type { Matcher } from '../api/types.ts';

export interface ParsedFilter {
  matchers: Matcher[];
  /** Lower-cased free-text words; each must occur somewhere in the alert. */
  words: string[];
  error: { message: string; position: number } | null;
  /**
   * Matchers the classic and the UTF-8 parser read differently (`v="tab\there"`): the filter
   * uses the default (classic) reading, as 0.25 and 0.27+ in their default mode; a server in
   * utf8-strict-mode would mean something else. Shown so nobody is surprised.
   */
  ambiguous: string[];
}

interface Segment {
  text: string;
  start: number;
}

/** A whole matcher whose value is quoted: `name="value"` (the name may be quoted too). */
const QUOTED_MATCHER =
  /^\s*(?:[^\s"=!~,]+|"(?:[^"\\]|\\.)*")\s*(?:=~|!~|!=|=)\s*"(?:[^"\\]|\\.)*"$/;

/**
 * Split on commas outside double quotes, keeping each segment's offset. A space after a
 * matcher's closing quote separates too: `severity="critical" checkout` is the matcher and the
 * word, as karma and the user read it (it was one segment, an error, and filtered nothing).
 */
export function splitSegments(input: string): Segment[] {
  const out: Segment[] = [];
  let start = 0;
  let inQuote = false;
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (c === '\\' && inQuote) {
      i++;
      continue;
    }
    if (c === '"') inQuote = !inQuote;
    else if (c === ',' && !inQuote) {
      out.push({ text: input.slice(start, i), start });
      start = i + 1;
    } else if (
      !inQuote &&
      (c === ' ' || c === '\t') &&
      input[i - 1] === '"' &&
      QUOTED_MATCHER.test(input.slice(start, i))
    ) {
      out.push({ text: input.slice(start, i), start });
      start = i;
    }
  }
  out.push({ text: input.slice(start), start });
  return out;
}

function hasOperator(text: string): boolean {
  let inQuote = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') inQuote = !inQuote;
    else if (!inQuote && (c === '=' || c === '!' || c === '~')) return true;
  }
  return false;
}

export function parseFilterText(input: string): ParsedFilter {
  const result: ParsedFilter = { matchers: [], words: [], error: null, ambiguous: [] };
  let text = input;
  let base = 0;
  // Accept a pasted selector in braces, as Alertmanager prints them.
  const open = text.search(/\S/);
  if (open !== -1 && text[open] === '{') {
    const close = text.lastIndexOf('}');
    if (close > open) {
      if (text.slice(close + 1).trim() === '') {
        base = open + 1;
        text = text.slice(open + 1, close);
      }
    }
  }
  for (const seg of splitSegments(text)) {
    const lead = seg.text.length - seg.text.trimStart().length;
    const trimmed = seg.text.trim();
    if (trimmed === '') continue;
    const at = base + seg.start + lead;
    if (hasOperator(trimmed)) {
      try {
        result.matchers.push(parseMatcher(trimmed));
        if (parsersDisagree(trimmed)) result.ambiguous.push(trimmed);
      } catch (e) {
        // Not a verdict on the text: the window asks again once the engine is there.
        if (e instanceof RegexEngineNotLoaded) throw e;
        if (result.error) continue;
        const position = e instanceof MatcherParseError ? at + e.position : at;
        // The parser's position is relative to the segment: report the absolute one instead.
        const raw = e instanceof Error ? e.message : String(e);
        const message = raw.replace(/ at position \d+$/, '');
        result.error = { message, position: Math.min(position, input.length) };
      }
    } else {
      for (const w of trimmed.split(/\s+/)) if (w) result.words.push(w.toLowerCase());
    }
  }
  return result;
}

/**
 * The matcher being typed at the end of the text, if it cannot mean anything yet: an operator
 * with no value (`namespace=`, `job=~`) or a value whose quote is still open
 * (`cluster="prod-eu`). Live, these read as "no namespace" (every alert that has one hidden)
 * or as an error that fell back to `cluster=`: "0 of 25" while the value was being typed. The
 * window leaves such a segment out of the list until it is complete (`start`: where it
 * begins; an explicit empty value is written `namespace=""`).
 */
export function matcherInProgress(input: string): { text: string; start: number } | null {
  const segs = splitSegments(input);
  const last = segs[segs.length - 1]!;
  const text = last.text.trim();
  if (text === '' || !hasOperator(text)) return null;
  if (/(?:=~|!~|!=|=)\s*$/.test(text) || openQuote(text)) {
    return { text, start: last.start + (last.text.length - last.text.trimStart().length) };
  }
  return null;
}

/** Whether a double quote is left open (backslash escapes inside quotes). */
function openQuote(text: string): boolean {
  let inQuote = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' && inQuote) i++;
    else if (c === '"') inQuote = !inQuote;
  }
  return inQuote;
}

/** What the caret is in, for autocompletion: a label name or a value of a label. */
export type CompletionContext =
  | { kind: 'name'; prefix: string; from: number; to: number }
  | { kind: 'value'; name: string; prefix: string; from: number; to: number; quoted: boolean };

export function completionContext(input: string, caret: number): CompletionContext | null {
  const segs = splitSegments(input.slice(0, caret));
  const last = segs[segs.length - 1];
  if (!last) return null;
  const text = last.text;
  const m = /^(\s*)([A-Za-z_][A-Za-z0-9_]*)?\s*(=~|!~|!=|=)?\s*("?)((?:[^"\\]|\\.)*)$/.exec(text);
  if (!m) return null;
  const lead = m[1] ?? '';
  const name = m[2] ?? '';
  const op = m[3];
  if (!op) {
    if (/\s$/.test(text) && name) return null;
    return { kind: 'name', prefix: name, from: last.start + lead.length, to: caret };
  }
  const quoted = m[4] === '"';
  const prefix = m[5] ?? '';
  return {
    kind: 'value',
    name,
    prefix,
    from: caret - prefix.length - (quoted ? 1 : 0),
    to: caret,
    quoted,
  };
}

/** Quote a value for the filter text, as every Alertmanager parser reads it back. */
export { quoteMatcherText as quoteValue } from '../matchers/format.ts';
