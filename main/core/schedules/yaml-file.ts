// Templates and schedules as one YAML file a team keeps in git (schema: docs/schedules-yaml.md).
// Export writes every field; import validates with the settings' own schemas and answers
// every problem with its line and column, so a bad file is refused whole and nothing that was
// kept is lost. `yaml` (eemeli) gives the source position of every node for that.
import { LineCounter, parseDocument, stringify } from 'yaml';
import { z } from 'zod';
import { scheduleSchema, templateSchema } from './schema.ts';
import type { Schedule, SilenceTemplate } from './types.ts';

export const YAML_FILE_VERSION = 1;
/** A team's file is small; anything larger is refused before parsing. */
const MAX_BYTES = 1_000_000;

const fileSchema = z.strictObject({
  version: z.literal(YAML_FILE_VERSION),
  templates: z.array(templateSchema).default(() => []),
  schedules: z.array(scheduleSchema).default(() => []),
});

export interface YamlProblem {
  line: number;
  col: number;
  message: string;
}

export type YamlImport =
  | { ok: true; templates: SilenceTemplate[]; schedules: Schedule[] }
  | { ok: false; problems: YamlProblem[] };

export function exportYaml(templates: SilenceTemplate[], schedules: Schedule[]): string {
  const header =
    '# Alertmanager Tray silence templates and schedules (docs/schedules-yaml.md).\n' +
    "# Times are wall-clock in each schedule's timeZone; rrule is an iCalendar RRULE.\n";
  return header + stringify({ version: YAML_FILE_VERSION, templates, schedules });
}

export function importYaml(text: string): YamlImport {
  if (text.length > MAX_BYTES) {
    return { ok: false, problems: [{ line: 1, col: 1, message: 'file larger than 1 MB' }] };
  }
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length > 0) {
    return {
      ok: false,
      problems: doc.errors.map((e) => ({
        line: e.linePos?.[0].line ?? 1,
        col: e.linePos?.[0].col ?? 1,
        // prettyErrors adds the position and a source excerpt: the position is given apart.
        message: e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, ''),
      })),
    };
  }
  const parsed = fileSchema.safeParse(doc.toJS({ maxAliasCount: 50 }));
  if (parsed.success) {
    return { ok: true, templates: parsed.data.templates, schedules: parsed.data.schedules };
  }
  return {
    ok: false,
    problems: parsed.error.issues.map((issue) => {
      // The deepest node of the issue's path that exists in the file holds its position.
      let path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
      let node: unknown;
      while (path.length > 0 && !(node = doc.getIn(path, true))) path = path.slice(0, -1);
      const range = (node as { range?: [number, number, number] } | undefined)?.range;
      const pos = lines.linePos(range?.[0] ?? 0);
      const where = issue.path.join('.');
      return {
        line: pos.line,
        col: pos.col,
        message: where === '' ? issue.message : `${where}: ${issue.message}`,
      };
    }),
  };
}
