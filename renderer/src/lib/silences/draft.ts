// The silence form's matcher rows and their validation, kept out of the component so the
// rules are unit-tested: names required, regexes must compile, and the warnings the server
// would turn into a 400 (all matchers match the empty string, end time in the past). Those two
// only warn: the server has the last word and its message is shown if it refuses.
// Matcher semantics come from the core (main/core/matchers/evaluate.ts) so the window and the
// core agree on what a regex means.
import type { Matcher } from '$core/api/types.ts';
import { matchesEmpty } from '$core/matchers/evaluate.ts';
import { silenceRegexError } from '$core/matchers/regex.ts';
import { SILENCE_TEXT_LIMITS as TEXT, tooLongProblem } from '$core/model/field-rules.ts';

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
  /** Which part of the row the error is about (marked invalid). */
  matcherErrorParts: Record<number, 'name' | 'value'>;
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
  const c: DraftCheck = {
    matcherErrors: {},
    matcherErrorParts: {},
    warnings: [],
    valid: true,
    usable: [],
  };
  for (const r of d.rows) {
    const problem = rowProblem(r);
    if (problem) {
      c.matcherErrors[r.id] = problem.message;
      c.matcherErrorParts[r.id] = problem.part;
    } else c.usable.push(toMatcher(r));
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
  // The bridge's limits, in the bridge's words (model/field-rules.ts): nothing is sent that it
  // would refuse.
  const author =
    d.createdBy.trim() === ''
      ? 'Author is required'
      : tooLongProblem('The author', d.createdBy.trim(), TEXT.createdBy);
  if (author) c.createdBy = author;
  const comment =
    d.requireComment && d.comment.trim() === ''
      ? 'A comment is required'
      : tooLongProblem('The comment', d.comment, TEXT.comment);
  if (comment) c.comment = comment;
  c.valid =
    Object.keys(c.matcherErrors).length === 0 &&
    !c.matchers &&
    !c.startsAt &&
    !c.endsAt &&
    !c.createdBy &&
    !c.comment;
  return c;
}

/** What is wrong with one row, and whether it is its name or its value. */
function rowProblem(r: MatcherRow): { part: 'name' | 'value'; message: string } | null {
  const name = r.name.trim();
  const long = tooLongProblem('The label name', name, TEXT.labelName);
  if (long) return { part: 'name', message: long };
  if (name === '') return { part: 'name', message: 'Label name is required' };
  if (!NAME_RE.test(name))
    return {
      part: 'name',
      message: 'Label names are letters, digits and _ (not starting with a digit)',
    };
  const longValue = tooLongProblem('The value', r.value, TEXT.labelValue);
  if (longValue) return { part: 'value', message: longValue };
  // Worded as the server words it (Go's regexp), about the value as typed.
  const bad = toMatcher(r).isRegex ? silenceRegexError(r.value) : undefined;
  return bad ? { part: 'value', message: `Invalid regular expression: ${bad}` } : null;
}
