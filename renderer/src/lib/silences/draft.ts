// The silence form's matcher rows and their validation, kept out of the component so the
// rules are unit-tested: names required, regexes must compile, and the warnings the server
// would turn into a 400 (all matchers match the empty string, end time in the past). Those two
// only warn: the server has the last word and its message is shown if it refuses.
// Matcher semantics come from the core (main/core/matchers/evaluate.ts) so the window and the
// core agree on what a regex means.
import type { Matcher } from '$core/api/types.ts';
import { matcherRegexError, matchesEmpty } from '$core/matchers/evaluate.ts';

export type MatcherOp = '=' | '!=' | '=~' | '!~';
export const MATCHER_OPS: readonly MatcherOp[] = ['=', '!=', '=~', '!~'];

export interface MatcherRow {
  id: number;
  name: string;
  op: MatcherOp;
  value: string;
}

let nextId = 1;

export function opOf(m: Matcher): MatcherOp {
  if (m.isRegex) return m.isEqual === false ? '!~' : '=~';
  return m.isEqual === false ? '!=' : '=';
}

export function toRow(m: Matcher): MatcherRow {
  return { id: nextId++, name: m.name, op: opOf(m), value: m.value };
}

export function emptyRow(): MatcherRow {
  return { id: nextId++, name: '', op: '=', value: '' };
}

export function toMatcher(r: MatcherRow): Matcher {
  return {
    name: r.name.trim(),
    value: r.value,
    isRegex: r.op === '=~' || r.op === '!~',
    isEqual: r.op === '=' || r.op === '=~',
  };
}

export interface DraftInput {
  rows: MatcherRow[];
  startsAt: string | null;
  endsAt: string | null;
  createdBy: string;
  comment: string;
  requireComment: boolean;
  now: number;
}

export interface DraftCheck {
  /** Per matcher row id. */
  matcherErrors: Record<number, string>;
  matchers?: string;
  startsAt?: string;
  endsAt?: string;
  createdBy?: string;
  comment?: string;
  /** Not blocking: the server decides, and its message is shown if it refuses. */
  warnings: string[];
  valid: boolean;
  /** Matchers from rows without errors (used for the live preview). */
  usable: Matcher[];
}

const NAME_RE = /^[A-Za-z_:][A-Za-z0-9_:]*$/;

export function checkDraft(d: DraftInput): DraftCheck {
  const c: DraftCheck = { matcherErrors: {}, warnings: [], valid: true, usable: [] };
  for (const r of d.rows) {
    const name = r.name.trim();
    if (name === '') c.matcherErrors[r.id] = 'Label name is required';
    else if (!NAME_RE.test(name))
      c.matcherErrors[r.id] = 'Label names are letters, digits and _ (not starting with a digit)';
    else {
      const m = toMatcher(r);
      const bad = matcherRegexError(m);
      if (bad) c.matcherErrors[r.id] = `Invalid regular expression: ${bad}`;
      else c.usable.push(m);
    }
  }
  if (d.rows.length === 0) c.matchers = 'Add at least one matcher';
  else if (c.usable.length === d.rows.length && c.usable.every(matchesEmpty))
    c.warnings.push(
      'Every matcher also matches alerts without that label: the server will refuse this silence.',
    );
  if (!d.startsAt) c.startsAt = 'Start time is required';
  if (!d.endsAt) c.endsAt = 'End time is required';
  else if (d.startsAt && Date.parse(d.endsAt) <= Date.parse(d.startsAt))
    c.endsAt = 'End must be after start';
  else if (Date.parse(d.endsAt) <= d.now) c.warnings.push('The end time is in the past.');
  if (d.createdBy.trim() === '') c.createdBy = 'Author is required';
  if (d.requireComment && d.comment.trim() === '') c.comment = 'A comment is required';
  c.valid =
    Object.keys(c.matcherErrors).length === 0 &&
    !c.matchers &&
    !c.startsAt &&
    !c.endsAt &&
    !c.createdBy &&
    !c.comment;
  return c;
}
