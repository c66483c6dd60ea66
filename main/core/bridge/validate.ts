// Run-time validation of every request channel's argument tuple. Whatever reaches the main
// process (IPC from a renderer, a WebSocket frame) is untrusted input until it passed here.
// `ArgSchemas` is keyed by RequestChannel, so a channel without a schema is a compile error,
// and each schema's output must be that channel's argument tuple.
import { z } from 'zod';
import { instanceSettingsSchema, settingsSchema } from '../settings/schema.ts';
import type { FieldProblem, RequestChannel, Requests } from './contract.ts';
import { HISTORY_KINDS } from '../history/record.ts';
import { SILENCE_TEXT_LIMITS as TEXT } from '../model/field-rules.ts';
import { limitedText } from '../settings/field-checks.ts';
import { MAX_SELECTION_ITEMS } from '../model/selection-plan.ts';

const isoTime = z
  .string()
  .min(1)
  .max(64)
  .refine((s) => !Number.isNaN(Date.parse(s)), 'expected an ISO time');

const id = z.string().min(1).max(1024);

export const matcherSchema = z.strictObject({
  name: limitedText('The label name', TEXT.labelName).pipe(
    z.string().min(1, 'Enter a label name.'),
  ),
  value: limitedText('The value', TEXT.labelValue),
  isRegex: z.boolean(),
  isEqual: z.boolean().default(true),
});

const matchers = z.array(matcherSchema).max(1000);

export const silenceDraftSchema = z.strictObject({
  matchers: matchers.min(1, 'a silence needs at least one matcher'),
  startsAt: isoTime,
  endsAt: isoTime,
  createdBy: limitedText('The author', TEXT.createdBy),
  comment: limitedText('The comment', TEXT.comment),
  annotations: z
    .record(z.string().min(1).max(1024), z.string().max(64 * 1024))
    .refine((r) => Object.keys(r).length <= 100, 'at most 100 annotations')
    .optional(),
  durationMs: z
    .number()
    .int()
    .positive()
    .max(10 * 365 * 86_400_000)
    .optional(),
});

const labelName = z.string().max(1024);
const pixels = z.number().finite().min(0).max(1e9);

/** A window's list query (list/list-query.ts): bounded so no query is unbounded work. */
export const listQuerySchema = z.strictObject({
  id: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  filter: z.strictObject({
    text: z.string().max(64 * 1024),
    showActive: z.boolean(),
    showSilenced: z.boolean(),
    showInhibited: z.boolean(),
    showUnprocessed: z.boolean(),
    receivers: z.array(id).max(1000),
    instances: z.array(id).max(1000),
    groupBy: labelName,
    myTeam: z.boolean().optional(),
  }),
  collapsed: z.strictObject({
    all: z.boolean(),
    except: z.array(z.string().max(4096)).max(100_000),
  }),
  top: pixels,
  height: z.number().finite().min(0).max(100_000),
  find: z
    .union([
      z.strictObject({ key: z.string().max(4096) }),
      z.strictObject({ index: z.number().int().min(0).max(1e9) }),
      z.strictObject({ fingerprint: id.optional(), groupKey: id.optional() }),
      z.strictObject({
        header: z.number().int().min(0).max(1e9),
        step: z.union([z.literal(1), z.literal(-1)]),
      }),
    ])
    .optional(),
});

const selectionItemSchema = z.union([
  z.strictObject({ groupKey: id }),
  z.strictObject({ fingerprint: id, clusterId: id }),
]);

export const quickFromSchema = z.union([
  z.strictObject({ groupKey: id }),
  z.strictObject({ fingerprint: id, clusterId: id.optional() }),
]);

const instanceSecretsSchema = z.strictObject({
  password: z
    .string()
    .max(64 * 1024)
    .optional(),
  token: z
    .string()
    .max(64 * 1024)
    .optional(),
});

/** A year: longer silences are almost certainly a typo (ms vs s). */
export const MAX_SILENCE_MS = 366 * 24 * 3600 * 1000;
const durationMs = z.number().int().positive().max(MAX_SILENCE_MS);

const epochMs = z.number().int().min(0).max(8.64e15);
const timelineRange = {
  fromMs: epochMs.optional(),
  toMs: epochMs.optional(),
  filter: z
    .string()
    .max(16 * 1024)
    .optional(),
};
const kinds = z.array(z.enum(HISTORY_KINDS)).max(HISTORY_KINDS.length).optional();

type ArgSchemas = { [K in RequestChannel]: z.ZodType<Requests[K]['args'], unknown> };

export const argSchemas: ArgSchemas = {
  'app:info': z.tuple([]),
  'app:openExternal': z.tuple([z.string().max(8192)]),
  'view:refresh': z.tuple([id.optional()]),
  'instances:status': z.tuple([id]),
  'instances:test': z.tuple([instanceSettingsSchema, instanceSecretsSchema.optional()]),
  'settings:get': z.tuple([]),
  'settings:update': z.tuple([settingsSchema, z.record(id, instanceSecretsSchema).optional()]),
  'settings:setLaunchAtLogin': z.tuple([z.boolean()]),
  'notifications:snooze': z.tuple([isoTime.nullable()]),
  'silences:quickMatchers': z.tuple([quickFromSchema]),
  'silences:preview': z.tuple([id, matchers]),
  'silences:selectionPlan': z.tuple([
    z
      .array(selectionItemSchema)
      .min(1, 'nothing is selected')
      .max(MAX_SELECTION_ITEMS, 'at most 5,000 selected rows'),
  ]),
  'list:query': z.tuple([listQuerySchema]),
  'list:alert': z.tuple([id]),
  'list:facets': z.tuple([
    z.strictObject({ name: labelName.optional(), prefix: z.string().max(4096).optional() }),
  ]),
  'list:present': z.tuple([z.array(selectionItemSchema).max(MAX_SELECTION_ITEMS)]),
  'silences:affected': z.tuple([]),
  'silences:silenced': z.tuple([id]),
  'silences:create': z.tuple([id, silenceDraftSchema]),
  'silences:update': z.tuple([id, silenceDraftSchema]),
  'silences:extend': z.tuple([id, isoTime]),
  'silences:extendBy': z.tuple([id, durationMs]),
  'silences:expire': z.tuple([id]),
  'silences:recreate': z.tuple([id, durationMs, z.string().max(1024).optional()]),
  'silences:quick': z.tuple([
    quickFromSchema,
    durationMs,
    z
      .string()
      .max(64 * 1024)
      .optional(),
  ]),
  'silences:acknowledge': z.tuple([
    quickFromSchema,
    z
      .string()
      .max(64 * 1024)
      .optional(),
  ]),
  'instances:testAlert': z.tuple([
    id,
    z.strictObject({
      labels: z
        .record(z.string().min(1).max(1024), z.string().max(64 * 1024))
        .refine((r) => Object.keys(r).length <= 100, 'at most 100 labels')
        .refine((r) => (r['alertname'] ?? '') !== '', 'a test alert needs an alertname label'),
      annotations: z
        .record(z.string().min(1).max(1024), z.string().max(64 * 1024))
        .refine((r) => Object.keys(r).length <= 100, 'at most 100 annotations')
        .optional(),
      durationMs: z.number().int().min(10_000).max(3_600_000).optional(),
    }),
  ]),
  'schedules:overview': z.tuple([]),
  'schedules:fromTemplate': z.tuple([id, id]),
  'schedules:exportYaml': z.tuple([]),
  'schedules:importYaml': z.tuple([z.string().max(1_000_000)]),
  'history:page': z.tuple([
    z.strictObject({
      ...timelineRange,
      kinds,
      fingerprint: id.optional(),
      groupKey: id.optional(),
      beforeId: z.number().int().positive().optional(),
      limit: z.number().int().min(1).max(5_000).optional(),
    }),
  ]),
  'history:summary': z.tuple([z.strictObject(timelineRange)]),
  'history:export': z.tuple([
    z.strictObject({ ...timelineRange, kinds }),
    z.enum(['csv', 'json']),
    z.number().int().min(0).optional(),
  ]),
  'history:status': z.tuple([]),
  'history:markSeen': z.tuple([]),
};

export type ValidateResult<K extends RequestChannel> =
  { ok: true; args: Requests[K]['args'] } | { ok: false; message: string; fields: FieldProblem[] };

/** Validates (and normalises: defaults filled, unknown settings fields dropped) a tuple. */
export function validateArgs<K extends RequestChannel>(
  channel: K,
  args: unknown,
): ValidateResult<K> {
  const schema = argSchemas[channel] as z.ZodType<Requests[K]['args'], unknown>;
  const result = schema.safeParse(args);
  if (result.success) return { ok: true, args: result.data };
  // Each problem by its path inside its argument (`comment`, `silences.unusedAfterMin`): the
  // window puts the words at that field. The message (for logs) names the channel and paths.
  const fields = result.error.issues.slice(0, 20).map((issue) => ({
    path: issue.path.slice(1).map(String).join('.'),
    message: issue.message,
  }));
  const message = fields
    .slice(0, 5)
    .map((f) => (f.path ? `${f.path}: ${f.message}` : f.message))
    .join('; ');
  return { ok: false, message: `${channel}: ${message}`, fields };
}
