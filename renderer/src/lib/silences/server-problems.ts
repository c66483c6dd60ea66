// A refused silence, each problem put at the field it is about. The bridge names fields by
// their path in the draft (`comment`, `createdBy`, `matchers.2.value`, `endsAt`: the same zod
// schema that refuses them, main/core/bridge/validate.ts); Alertmanager names a matcher by its
// index ("invalid label matcher 0: …", api/v2 postSilencesHandler). What names no field is
// said under the form, in plain words, never as the bridge's log message.
import { errorMessage, fieldProblems } from '../app/errors.ts';
import type { MatcherRow } from './draft.ts';

/** Form field → message: `comment`, `author`, `end`, `m<row id>`, `matchers`. */
export type Placed = Partial<Record<string, string>>;

function fieldOf(path: string, rows: readonly MatcherRow[]): string | null {
  if (path === 'comment') return 'comment';
  if (path === 'createdBy') return 'author';
  if (path === 'startsAt' || path === 'endsAt' || path === 'durationMs') return 'end';
  if (path === 'matchers') return 'matchers';
  const m = /^matchers\.(\d+)(\.|$)/.exec(path);
  const row = m ? rows[Number(m[1])] : undefined;
  return row ? `m${row.id}` : null;
}

/** The server's "invalid label matcher 2: …" (Alertmanager 0.25+), at that row. */
const SERVER_MATCHER = /invalid label matcher (\d+): (.*)$/s;

export function placeProblems(
  err: unknown,
  rows: readonly MatcherRow[],
): { fields: Placed; rest: string | null; any: boolean } {
  const fields: Placed = {};
  const rest: string[] = [];
  for (const p of fieldProblems(err)) {
    const field = fieldOf(p.path, rows);
    const words = p.message.charAt(0).toUpperCase() + p.message.slice(1);
    if (field && fields[field] === undefined) fields[field] = words;
    else if (!field) rest.push(words);
  }
  const server = SERVER_MATCHER.exec(errorMessage(err));
  const row = server ? rows[Number(server[1])] : undefined;
  if (server && row) {
    const said = server[2]!.replace(/^invalid regular expression "(?:[^"\\]|\\.)*": /s, '');
    fields[`m${row.id}`] = said.startsWith('error parsing regexp')
      ? `Invalid regular expression: ${said}`
      : said;
  }
  const any = Object.keys(fields).length > 0 || rest.length > 0;
  return { fields, rest: rest.length ? rest.join(' ') : null, any };
}
