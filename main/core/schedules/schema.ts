// Validation of templates and schedules (settings file, settings form, bridge, YAML import).
// A schedule whose rule, zone or times cannot be computed is refused at its field, so the
// writer never meets one.
import { z } from 'zod';
import { parseRule } from './occurrences.ts';
import { validZone } from './zone-time.ts';

import { DEFAULT_SCHEDULE_HORIZON_DAYS } from './defaults.ts';

const matcher = z.object({
  name: z.string().min(1).max(500),
  value: z.string().max(10_000),
  isRegex: z.boolean(),
  isEqual: z.boolean().default(true),
});

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time as HH:MM');
const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

export const templateSchema = z.object({
  id: uuid,
  name: z.string().min(1).max(200),
  matchers: z.array(matcher).min(1).max(100),
  durationMin: z
    .number()
    .int()
    .min(1)
    .max(366 * 24 * 60),
  comment: z.string().max(2000).default(''),
});

export const scheduleSchema = z.object({
  id: uuid,
  name: z.string().min(1).max(200),
  enabled: z.boolean().default(true),
  matchers: z.array(matcher).min(1).max(100),
  comment: z.string().max(2000).default(''),
  rrule: z
    .string()
    .max(500)
    .superRefine((text, ctx) => {
      try {
        parseRule(text);
      } catch (e) {
        ctx.addIssue({ code: 'custom', message: e instanceof Error ? e.message : String(e) });
      }
    }),
  timeZone: z.string().max(100).refine(validZone, { message: 'not a known IANA time zone' }),
  startDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD'),
  start: time,
  end: time,
  instances: z.array(z.string()).default(() => []),
  skipped: z
    .array(z.string().max(20))
    .max(1000)
    .default(() => []),
});

export const scheduleSettingsSchema = z
  .object({
    horizonDays: z.number().int().min(1).max(60).default(DEFAULT_SCHEDULE_HORIZON_DAYS),
    templates: z.array(templateSchema).default(() => []),
    list: z.array(scheduleSchema).default(() => []),
  })
  .superRefine((s, ctx) => {
    const seen = new Set<string>();
    s.list.forEach((x, i) => {
      if (seen.has(x.id)) {
        ctx.addIssue({ code: 'custom', path: ['list', i, 'id'], message: 'duplicate id' });
      }
      seen.add(x.id);
    });
  });
