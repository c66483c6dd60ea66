// Runtime validation of every API response (zod 4). A server is untrusted input: anything that
// does not match types.ts becomes an 'invalid-response' error naming the endpoint and the field
// path, e.g. `GET /alerts/groups: [3].alerts[0].status.state: Invalid option: ...`.
// Unknown extra fields are tolerated (and dropped); the compile-time checks at the bottom make
// sure the parsed shapes are exactly the types of types.ts.
import { z } from 'zod';
import { AlertmanagerError } from './errors.ts';
import { keyedCopy } from '../model/own-keys.ts';
import type {
  AlertGroup,
  AlertStatus,
  BuildInfo,
  AlertmanagerStatus,
  GettableAlert,
  GettableSilence,
  Matcher,
  Receiver,
  ReceiverInfo,
} from './types.ts';

/** A date-time the client can compute with (RFC 3339 from Go; any precision or offset). */
const dateTime = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), { message: 'expected an RFC 3339 date-time' });

/**
 * Go encodes nil slices as null; Alertmanager avoids that for silencedBy/inhibitedBy but
 * compatible servers may not. Null is read as empty, so the output type stays string[].
 */
const stringArray = z
  .array(z.string())
  .nullable()
  .transform((v) => v ?? []);

const labelRecord = z.record(z.string(), z.string());

/**
 * Label sets are required objects. (Accepting null here as well measured at about +60 ms per
 * 10,000 alerts, on every poll, for a case no known server produces.) zod's record rebuilds the
 * object by assignment, which drops a label named "__proto__" (a valid label name; JSON.parse
 * keeps it as an own key): such a set is kept whole, in a prototype-less copy (own-keys.ts).
 */
const labelSet = z.unknown().transform((v, ctx): Record<string, string> => {
  const r = labelRecord.safeParse(v);
  if (!r.success) {
    for (const issue of r.error.issues) ctx.addIssue({ ...issue } as never);
    return z.NEVER;
  }
  return Object.hasOwn(v as object, '__proto__') ? keyedCopy(v as Record<string, string>) : r.data;
});

/** A label set newer servers add: null, absent or empty all read as "none". */
const optionalLabelSet = labelSet.nullish();

/** `rest` with `key` set only when the label set is not empty (old servers: absent). */
function withLabels<T extends object, K extends string>(
  rest: T,
  key: K,
  labels: Record<string, string> | null | undefined,
): T & { [P in K]?: Record<string, string> } {
  return labels && Object.keys(labels).length > 0 ? { ...rest, [key]: labels } : rest;
}

export const receiverSchema = z.object({ name: z.string() });

export const peerStatusSchema = z.object({ name: z.string(), address: z.string() });

export const clusterStatusSchema = z.object({
  name: z.string().optional(),
  status: z.enum(['ready', 'settling', 'disabled']),
  peers: z.preprocess((v) => v ?? undefined, z.array(peerStatusSchema).optional()),
});

export const versionInfoSchema = z.object({
  version: z.string(),
  revision: z.string(),
  branch: z.string(),
  buildUser: z.string(),
  buildDate: z.string(),
  goVersion: z.string(),
});

export const statusSchema = z.object({
  cluster: clusterStatusSchema,
  versionInfo: versionInfoSchema,
  // Grafana-managed Alertmanagers answer the whole configuration as a JSON OBJECT, uptime null
  // and every version field "N/A" (grafana: pkg/services/ngalert/api/tooling/definitions/
  // alertmanager.go, NewGettableStatus): the object is kept as indented JSON text.
  config: z
    .union([
      z.object({ original: z.string() }),
      z
        .record(z.string(), z.unknown())
        .transform((obj) => ({ original: JSON.stringify(obj, null, 2) })),
    ])
    .transform((c): { original: string } => ({ original: c.original })),
  uptime: z.preprocess((v) => v ?? undefined, dateTime.optional()),
});

export const matcherSchema = z.object({
  name: z.string(),
  value: z.string(),
  isRegex: z.boolean(),
  isEqual: z.boolean().default(true),
});

export const gettableSilenceSchema = z
  .object({
    id: z.string(),
    matchers: z.array(matcherSchema),
    startsAt: dateTime,
    endsAt: dateTime,
    createdBy: z.string(),
    comment: z.string(),
    status: z.object({ state: z.enum(['expired', 'active', 'pending']) }),
    updatedAt: dateTime,
    // 0.32+ (api/v2/openapi.yaml gettableSilence); kept so an edit can send them back.
    annotations: optionalLabelSet,
  })
  .transform(({ annotations, ...rest }): GettableSilence =>
    withLabels(rest, 'annotations', annotations),
  );

export const gettableAlertSchema = z.object({
  labels: labelSet,
  generatorURL: z.string().optional(),
  annotations: labelSet,
  receivers: z.array(receiverSchema),
  fingerprint: z.string(),
  startsAt: dateTime,
  updatedAt: dateTime,
  endsAt: dateTime,
  status: z
    .object({
      state: z.enum(['unprocessed', 'active', 'suppressed']),
      silencedBy: stringArray,
      inhibitedBy: stringArray,
      // 0.28+ (api/v2/compat.go AlertToOpenAPIAlert): time intervals muting the alert.
      mutedBy: stringArray.optional(),
    })
    .transform(({ mutedBy, ...rest }): AlertStatus =>
      mutedBy && mutedBy.length > 0 ? { ...rest, mutedBy } : rest,
    ),
});

export const alertGroupSchema = z
  .object({
    labels: labelSet,
    receiver: receiverSchema,
    alerts: z.array(gettableAlertSchema),
    // 0.34 (api/v2/api.go getAlertGroupsHandler, dispatch/dispatch.go RouteLabels).
    routeLabels: optionalLabelSet,
  })
  .transform(({ routeLabels, ...rest }): AlertGroup =>
    withLabels(rest, 'routeLabels', routeLabels),
  );

/**
 * POST /silences: `{silenceID}` (Alertmanager, newer Grafana) or `{message, id}` (older
 * Grafana). Resolves to the id.
 */
export const postSilenceResponseSchema = z
  .object({ silenceID: z.string().min(1).optional(), id: z.string().min(1).optional() })
  .refine((v) => v.silenceID !== undefined || v.id !== undefined, {
    message: 'expected silenceID (or id) in the answer',
  })
  .transform((v) => (v.silenceID ?? v.id) as string);

/**
 * Mimir's `<prefix>/api/v1/status/buildinfo` (mimir: pkg/util/version/info_handler.go,
 * BuildInfoResponse; registered by pkg/api/api.go RegisterAlertmanager). Its /api/v2/status
 * carries no version of its own.
 */
export const buildInfoResponse = z
  .object({
    status: z.string().optional(),
    data: z.object({
      application: z.string().optional(),
      version: z.string().min(1),
      revision: z.string().optional(),
      branch: z.string().optional(),
      goVersion: z.string().optional(),
    }),
  })
  .transform((b): BuildInfo => {
    const out: BuildInfo = { version: b.data.version };
    if (b.data.application) out.application = b.data.application;
    if (b.data.revision) out.revision = b.data.revision;
    if (b.data.branch) out.branch = b.data.branch;
    if (b.data.goVersion) out.goVersion = b.data.goVersion;
    return out;
  });

// 0.33+ (api/v2/openapi.yaml `receiver`: name + labels; alerts and groups keep the name-only
// `receiverReference`). Older servers send the name alone: no labels.
export const receiverInfoSchema = z
  .object({ name: z.string(), labels: optionalLabelSet })
  .transform(({ labels, ...rest }): ReceiverInfo => withLabels(rest, 'labels', labels));

export const receiversResponse = z.array(receiverInfoSchema);
export const silencesResponse = z.array(gettableSilenceSchema);
export const alertsResponse = z.array(gettableAlertSchema);
export const alertGroupsResponse = z.array(alertGroupSchema);

// ---------------------------------------------------------------------------------------------
// Error reporting

/** `[3].alerts[0].status.state`, or `labels["odd key"]` for keys that are not identifiers. */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key))
      out += out === '' ? key : `.${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}

/** Parses a body with a schema or throws an 'invalid-response' AlertmanagerError. */
export function parseBody<S extends z.ZodType>(
  schema: S,
  endpoint: string,
  status: number,
  text: string,
): z.output<S> {
  return validateJson(schema, endpoint, status, parseJson(endpoint, status, text));
}

/** The body as JSON, or an 'invalid-response' AlertmanagerError saying what it was instead. */
export function parseJson(endpoint: string, status: number, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    // V8 quotes the text's start, which may be binary (a gzip body): escape it for one UI line.
    const reason = (err as Error).message.replace(
      /[\p{Cc}\p{Cf}\uFFFD]/gu,
      (c) => `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`,
    );
    const preview = text.trim() === '' ? 'an empty body' : `not JSON (${reason})`;
    throw new AlertmanagerError({
      kind: 'invalid-response',
      endpoint,
      status,
      message: `${endpoint}: expected a JSON answer, got ${preview}`,
      cause: err,
    });
  }
}

/** Parsed JSON checked against a schema, or an 'invalid-response' AlertmanagerError. */
export function validateJson<S extends z.ZodType>(
  schema: S,
  endpoint: string,
  status: number,
  json: unknown,
): z.output<S> {
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const first = issues[0];
  const field = first ? formatPath(first.path) : '';
  // zod says "Invalid option: expected one of ..."; the path already says what is invalid.
  const problem = (first?.message ?? 'invalid').replace(/^Invalid (input|option|type): /, '');
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem(s))` : '';
  throw new AlertmanagerError({
    kind: 'invalid-response',
    endpoint,
    status,
    field,
    message: `${endpoint}: ${field === '' ? '(root)' : field}: ${problem}${more}`,
    cause: result.error,
  });
}

// ---------------------------------------------------------------------------------------------
// Compile-time proof that the schemas produce exactly the types of types.ts (strict identity,
// not mere assignability: an extra or missing optional field fails the build).

type Equals<X, Y> =
  (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
type Assert<T extends true> = T;

/** @public Never imported: the type-check itself is the point. */
export type _SchemaTypeChecks = [
  Assert<Equals<z.output<typeof statusSchema>, AlertmanagerStatus>>,
  Assert<Equals<z.output<typeof receiverSchema>, Receiver>>,
  Assert<Equals<z.output<typeof receiverInfoSchema>, ReceiverInfo>>,
  Assert<Equals<z.output<typeof matcherSchema>, Matcher>>,
  Assert<Equals<z.output<typeof gettableSilenceSchema>, GettableSilence>>,
  Assert<Equals<z.output<typeof gettableAlertSchema>, GettableAlert>>,
  Assert<Equals<z.output<typeof alertGroupSchema>, AlertGroup>>,
  Assert<Equals<z.output<typeof postSilenceResponseSchema>, string>>,
];
