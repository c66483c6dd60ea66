// Runtime validation of settings (files, settings form, bridge). Mirrors types.ts exactly:
// the parsed output is a `Settings`. Missing fields get defaults and unknown fields are
// dropped, so files from older/newer app versions still load.
import { z } from 'zod';
import { scheduleSettingsSchema } from '../schedules/schema.ts';
import {
  DEFAULT_EXPIRING_WITHIN_MIN,
  defaultRemindEveryMin,
  DEFAULT_HISTORY_MAX_MB,
  DEFAULT_HISTORY_RETENTION_DAYS,
  DEFAULT_POLL_INTERVAL_SEC,
  DEFAULT_SEVERITY_LABEL,
  DEFAULT_SEVERITY_ORDER,
  DEFAULT_STORM_THRESHOLD,
  DEFAULT_WATCHDOG,
  DEFAULT_WATCHDOG_SILENT_MIN,
  DEFAULT_TIMEOUT_SEC,
  DEFAULT_VOLATILE_LABELS,
  DEFAULT_ACK_MINUTES,
  DEFAULT_ACK_MAX_HOURS,
  DEFAULT_UNUSED_AFTER_MIN,
  DEFAULT_LABEL_LAST,
  DEFAULT_LABEL_PRIORITY,
  DEFAULT_LONG_RUNNING_DAYS,
  MIN_POLL_INTERVAL_SEC,
  DEFAULT_SOUND_VOLUME,
} from './defaults.ts';
import { baseUrlProblem } from '../model/base-url-problem.ts';
import { migrateSettings } from './migrations.ts';
import {
  INSTANCE_NUMBER_RULES as INST,
  SETTINGS_NUMBER_RULES as NUM,
} from '../model/field-rules.ts';
import { ruledNumber } from './field-checks.ts';
import { LABEL_COLOURS, SETTINGS_VERSION, type Settings } from './types.ts';

/** Headers that carry credentials: they belong in `auth` (and the SecretStore), not here. */
export const CREDENTIAL_HEADERS: readonly string[] = [
  'authorization',
  'proxy-authorization',
  'cookie',
];

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:MM (00:00-23:59)');

// No credentials, query or fragment (base-url.ts says why, and what to do instead).
const httpUrl = z.string().superRefine((s, ctx) => {
  const problem = baseUrlProblem(s);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message });
});

const authSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('none') }),
  z.object({
    type: z.literal('basic'),
    username: z.string(),
    passwordKey: z.string().min(1, 'password key required'),
  }),
  z.object({ type: z.literal('bearer'), tokenKey: z.string().min(1, 'token key required') }),
]);

const headersSchema = z.record(z.string().min(1), z.string()).superRefine((headers, ctx) => {
  for (const name of Object.keys(headers)) {
    if (CREDENTIAL_HEADERS.includes(name.toLowerCase())) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `header ${name} carries credentials: use basic or bearer auth instead`,
      });
    }
  }
});

export const instanceSettingsSchema = z.object({
  id: z.string().min(1),
  name: z.string().default(''),
  url: httpUrl,
  auth: authSchema.default({ type: 'none' }),
  headers: headersSchema.default(() => ({})),
  tls: z
    .object({
      caFile: z.string().optional(),
      certFile: z.string().optional(),
      keyFile: z.string().optional(),
      insecureSkipVerify: z.boolean().optional(),
    })
    .default(() => ({})),
  // Clamped rather than rejected: an old file with a too-small interval still loads.
  pollIntervalSec: z
    .number()
    .finite()
    .default(DEFAULT_POLL_INTERVAL_SEC)
    .transform((v) => Math.max(MIN_POLL_INTERVAL_SEC, v)),
  timeoutSec: ruledNumber(INST.timeoutSec).default(DEFAULT_TIMEOUT_SEC),
  enabled: z.boolean().default(true),
  cluster: z.string().optional(),
  prometheusUrl: httpUrl.optional(),
});

export const quietHoursSchema = z.object({
  enabled: z.boolean().default(false),
  start: hhmm.default('22:00'),
  end: hhmm.default('07:00'),
  days: z.array(z.number().int().min(0).max(6)).default(() => []),
});

export const notificationSettingsSchema = z.object({
  enabled: z.boolean().default(true),
  mutedInstances: z.array(z.string()).default(() => []),
  mutedReceivers: z.array(z.string()).default(() => []),
  minSeverity: z.string().default(''),
  include: z.array(z.string()).default(() => []),
  exclude: z.array(z.string()).default(() => []),
  notifyOnResolve: z.boolean().default(false),
  quietHours: quietHoursSchema.prefault({}),
  snoozeUntil: z
    .string()
    .refine((s) => !Number.isNaN(Date.parse(s)), 'expected an ISO time')
    .optional(),
  stormThreshold: ruledNumber(NUM['notifications.stormThreshold']).default(DEFAULT_STORM_THRESHOLD),
  expiringWithinMin: ruledNumber(NUM['notifications.expiringWithinMin']).default(
    DEFAULT_EXPIRING_WITHIN_MIN,
  ),
  sound: z
    .object({
      enabled: z.boolean().default(true),
      critical: z.boolean().default(true),
      warning: z.boolean().default(false),
      volume: ruledNumber(NUM['notifications.sound.volume']).default(DEFAULT_SOUND_VOLUME),
    })
    .prefault({}),
  // ---- attention (issue 28): whole minutes, 0 = off; at most a day apart ----
  remindEveryMin: z
    .record(z.string(), ruledNumber(NUM['notifications.remindEveryMin']))
    .default(defaultRemindEveryMin),
  criticalBreaksQuiet: z.boolean().default(false),
  // ---- pipeline health and team (issue 32); a fraction of a minute is allowed (tests) ----
  watchdog: z.string().max(1000).default(DEFAULT_WATCHDOG),
  watchdogExpect: z.enum(['seen', 'always']).default('seen'),
  watchdogSilentMin: z
    .number()
    .finite()
    .min(0.05)
    .max(24 * 60)
    .default(DEFAULT_WATCHDOG_SILENT_MIN),
  team: z.string().max(1000).default(''),
  teamOnly: z.boolean().default(false),
});

export const silenceDefaultsSchema = z.object({
  last: z.object({ author: z.string(), durationMs: z.number().finite().positive() }).optional(),
  author: z.string().default(''),
  requireComment: z.boolean().default(true),
  volatileLabels: z.array(z.string()).default(() => [...DEFAULT_VOLATILE_LABELS]),
  ackMinutes: ruledNumber(NUM['silences.ackMinutes']).default(DEFAULT_ACK_MINUTES),
  ackMaxHours: ruledNumber(NUM['silences.ackMaxHours']).default(DEFAULT_ACK_MAX_HOURS),
  unusedAfterMin: ruledNumber(NUM['silences.unusedAfterMin']).default(DEFAULT_UNUSED_AFTER_MIN),
  longRunningDays: ruledNumber(NUM['silences.longRunningDays']).default(DEFAULT_LONG_RUNNING_DAYS),
});

const filterSchema = z.object({
  text: z.string().default(''),
  showActive: z.boolean().default(true),
  showSilenced: z.boolean().default(false),
  showInhibited: z.boolean().default(false),
  showUnprocessed: z.boolean().default(true),
  receivers: z.array(z.string()).default(() => []),
  instances: z.array(z.string()).default(() => []),
});

export const uiSettingsSchema = z.object({
  theme: z.enum(['system', 'light', 'dark']).default('system'),
  // Top bar › Views: named filters, restored by name.
  savedViews: z
    .array(
      z.object({
        name: z.string().trim().min(1, 'name required').max(100),
        filter: filterSchema.prefault({}),
        groupBy: z.string().max(256).default(''),
      }),
    )
    .max(100)
    .default(() => []),
  filter: z
    .object({
      text: z.string().default(''),
      showActive: z.boolean().default(true),
      showSilenced: z.boolean().default(false),
      showInhibited: z.boolean().default(false),
      showUnprocessed: z.boolean().default(true),
      receivers: z.array(z.string()).default(() => []),
      instances: z.array(z.string()).default(() => []),
      /** Sections by this label (karma's multi-grid); '' = Alertmanager's groups. */
      groupBy: z.string().max(200).default(''),
      myTeam: z.boolean().optional(),
    })
    .prefault({}),
  launchAtLogin: z.boolean().default(false),
  labelColours: z
    .record(z.string().min(1), z.record(z.string(), z.enum(LABEL_COLOURS)))
    .default(() => ({})),
  labelPriority: z
    .array(z.string().min(1).max(200))
    .max(50)
    .default(() => [...DEFAULT_LABEL_PRIORITY]),
  labelLast: z
    .array(z.string().min(1).max(200))
    .max(50)
    .default(() => [...DEFAULT_LABEL_LAST]),
  // Settings › Links: URLs filled from an alert's labels (renderer/src/lib/links).
  linkTemplates: z
    .array(
      z.object({
        name: z.string().trim().min(1, 'name required').max(100),
        url: z
          .string()
          .max(2048)
          .regex(/^https?:\/\//i, 'the URL must start with http:// or https://'),
      }),
    )
    .max(50)
    .default(() => []),
  window: z
    .object({
      x: z.number().finite(),
      y: z.number().finite(),
      width: z.number().finite().positive(),
      height: z.number().finite().positive(),
    })
    .optional(),
});

export const settingsSchema = z
  .object({
    version: z.number().int().min(0).default(SETTINGS_VERSION),
    instances: z.array(instanceSettingsSchema).default(() => []),
    severityLabel: z.string().min(1).default(DEFAULT_SEVERITY_LABEL),
    severityOrder: z.array(z.string().min(1)).default(() => [...DEFAULT_SEVERITY_ORDER]),
    notifications: notificationSettingsSchema.prefault({}),
    silences: silenceDefaultsSchema.prefault({}),
    schedules: scheduleSettingsSchema.prefault({}),
    history: z
      .object({
        enabled: z.boolean().default(true),
        retentionDays: ruledNumber(NUM['history.retentionDays']).default(
          DEFAULT_HISTORY_RETENTION_DAYS,
        ),
        maxMb: ruledNumber(NUM['history.maxMb']).default(DEFAULT_HISTORY_MAX_MB),
      })
      .prefault({}),
    ui: uiSettingsSchema.prefault({}),
  })
  .superRefine((s, ctx) => {
    const seen = new Set<string>();
    s.instances.forEach((inst, i) => {
      if (seen.has(inst.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['instances', i, 'id'],
          message: `duplicate instance id ${inst.id}`,
        });
      }
      seen.add(inst.id);
    });
  });

// Compile-time proof that the schema output is exactly Settings, both ways.
type SchemaOut = z.output<typeof settingsSchema>;
const _toSettings = (s: SchemaOut): Settings => s;
const _fromSettings = (s: Settings): SchemaOut => s;
void _toSettings;
void _fromSettings;

export type ParseSettingsResult =
  | {
      ok: true;
      settings: Settings;
      /** Secrets moved out of an old file by migration (SecretStore key -> value). */
      extractedSecrets: Record<string, string>;
      /** True when a migration ran: the caller should write the file back. */
      migrated: boolean;
    }
  | { ok: false; error: string };

function formatIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const path = issue.path.map(String).join('.');
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

/** Migrates then validates unknown JSON into Settings. Never throws. */
export function parseSettings(raw: unknown): ParseSettingsResult {
  let migrated;
  try {
    migrated = migrateSettings(raw);
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  const result = settingsSchema.safeParse(migrated.settings);
  if (!result.success) return { ok: false, error: formatIssues(result.error) };
  const settings: Settings = result.data;
  // Files from a newer app are read tolerantly but written back in our own version.
  settings.version = SETTINGS_VERSION;
  return {
    ok: true,
    settings,
    extractedSecrets: migrated.extractedSecrets,
    migrated: migrated.applied.length > 0,
  };
}
