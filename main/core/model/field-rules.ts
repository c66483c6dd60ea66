// The limits of what a person types (silence form, Settings, instance editor) and their words,
// in one place: the bridge's zod schemas (bridge/validate.ts, settings/schema.ts) call these
// same checks, and the window calls them before it sends, so both say the same thing, in plain
// words, at the field. Plain TypeScript: the window must not load zod (its CSP refuses eval).

/** Longest texts of a silence the bridge takes (characters, as JavaScript counts them). */
export const SILENCE_TEXT_LIMITS = {
  comment: 64 * 1024,
  createdBy: 1024,
  labelName: 1024,
  labelValue: 64 * 1024,
} as const;

/** 65,536: the same grouping in every locale, so tests and messages agree. */
export function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** "The comment is too long: at most 65,536 characters (this one has 100,000)." or null. */
export function tooLongProblem(what: string, text: string, max: number): string | null {
  if (text.length <= max) return null;
  return `${what} is too long: at most ${count(max)} characters (this one has ${count(text.length)}).`;
}

export interface NumberRule {
  /** Smallest allowed (inclusive). */
  min?: number;
  /** Smallest not allowed from below (exclusive): "more than 0 seconds". */
  above?: number;
  max?: number;
  /** Singular; the plural adds an s unless `plural` says otherwise. */
  unit: string;
  plural?: string;
  whole?: boolean;
}

function unit(rule: NumberRule, n: number): string {
  return n === 1 ? rule.unit : (rule.plural ?? `${rule.unit}s`);
}

/** What is wrong with a number typed into a field with this rule ("At least 5 minutes."), or null. */
export function numberProblem(value: unknown, rule: NumberRule): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'Enter a number.';
  if (rule.whole && !Number.isInteger(value)) return `A whole number of ${unit(rule, 2)}.`;
  if (rule.min !== undefined && value < rule.min)
    return `At least ${count(rule.min)} ${unit(rule, rule.min)}.`;
  if (rule.above !== undefined && value <= rule.above)
    return `More than ${count(rule.above)} ${unit(rule, 2)}.`;
  if (rule.max !== undefined && value > rule.max)
    return `At most ${count(rule.max)} ${unit(rule, rule.max)}.`;
  return null;
}

const minutes = { unit: 'minute', whole: true } as const;

/**
 * Settings numbers by their path in Settings. The schema builds its number fields from these;
 * the Settings view checks its inputs with them.
 */
export const SETTINGS_NUMBER_RULES = {
  'silences.ackMinutes': { ...minutes, min: 2, max: 240 },
  'silences.ackMaxHours': { unit: 'hour', whole: true, min: 1, max: 24 * 14 },
  'silences.unusedAfterMin': { ...minutes, min: 5, max: 7 * 24 * 60 },
  'silences.longRunningDays': { unit: 'day', whole: true, min: 1, max: 365 },
  'history.retentionDays': { unit: 'day', whole: true, min: 1, max: 3650 },
  'history.maxMb': { unit: 'MB', plural: 'MB', whole: true, min: 5, max: 100_000 },
  'notifications.stormThreshold': { unit: 'alert', whole: true, min: 1 },
  'notifications.expiringWithinMin': { unit: 'minute', min: 0 },
  'notifications.remindEveryMin': { ...minutes, min: 0, max: 1440 },
  'notifications.sound.volume': { unit: 'percent', plural: 'percent', min: 0, max: 100 },
} as const satisfies Record<string, NumberRule>;

/** An instance's numbers. The poll interval is clamped on load (old files keep loading). */
export const INSTANCE_NUMBER_RULES = {
  pollIntervalSec: { unit: 'second', min: 2 },
  timeoutSec: { unit: 'second', above: 0 },
} as const satisfies Record<string, NumberRule>;
