// The settings form's fields as the inputs hold them (lists as text), and the rules that turn
// them back into Settings: kept out of the form class so they are unit-tested. The form edits
// only these fields (and the instance list, settings-draft.svelte.ts); everything else is
// taken from the settings as stored when it saves, so a change saved elsewhere meanwhile (a
// saved view, the remembered filter, a snooze, the last silence's author) stays.
import { parseMatchers } from '$core/matchers/parse.ts';
import { DEFAULT_SEVERITY_LABEL } from '$core/settings/defaults.ts';
import { numberProblem, SETTINGS_NUMBER_RULES, type NumberRule } from '$core/model/field-rules.ts';
import type {
  HistorySettings,
  NotificationSettings,
  SilenceDefaults,
  Settings,
  Theme,
} from '$core/settings/types.ts';
import { formatLabelColourRules, parseLabelColourRules } from '../alerts/label-colour.ts';
import { templateProblem, type LinkTemplate } from '../links/link-template.ts';

/** Notification settings the form edits (the snooze has its own buttons, saved at once). */
export type NotificationFields = Omit<NotificationSettings, 'snoozeUntil' | 'include' | 'exclude'>;
/** Silence defaults the form edits (the last author and duration are the dialog's). */
export type SilenceFields = Omit<SilenceDefaults, 'last'>;

export interface SettingsFields {
  theme: Theme;
  /** Applied through the shell on save (the OS login item), not written as a field. */
  launchAtLogin: boolean;
  /** Settings › Links: rows as typed. */
  linkTemplates: LinkTemplate[];
  severityLabel: string;
  /** Comma-separated, most severe first. */
  severityOrderText: string;
  /** One rule per line (lib/alerts/label-colour.ts). */
  labelColoursText: string;
  /** Comma-separated label names shown first on rows, whole; and those shown last. */
  labelPriorityText: string;
  labelLastText: string;
  /** One matcher set per line. */
  includeText: string;
  excludeText: string;
  notifications: NotificationFields;
  silences: SilenceFields;
  history: HistorySettings;
}

/** The fields for settings as stored (a deep copy: the form may change it in place). */
export function fieldsOf(s: Settings): SettingsFields {
  const { snoozeUntil: _s, include, exclude, ...notifications } = structuredClone(s.notifications);
  const { last: _l, ...silences } = structuredClone(s.silences);
  return {
    theme: s.ui.theme,
    launchAtLogin: s.ui.launchAtLogin,
    linkTemplates: s.ui.linkTemplates.map((t) => ({ ...t })),
    severityLabel: s.severityLabel,
    severityOrderText: s.severityOrder.join(', '),
    labelColoursText: formatLabelColourRules(s.ui.labelColours),
    labelPriorityText: s.ui.labelPriority.join(', '),
    labelLastText: s.ui.labelLast.join(', '),
    includeText: include.join('\n'),
    excludeText: exclude.join('\n'),
    notifications,
    silences,
    history: structuredClone(s.history),
  };
}

/** Comma-separated names, trimmed, empty ones and repeats dropped. */
function names(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    ),
  ];
}

/** Non-empty trimmed lines. */
export function lines(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

/** One message per line that is not a valid matcher set ("line: why"). */
export function matcherErrors(text: string): string[] {
  const out: string[] = [];
  for (const l of lines(text)) {
    try {
      parseMatchers(l);
    } catch (e) {
      out.push(`${l}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return out;
}

/**
 * The settings to save: `current` (as stored now) with the form's fields, or why not (the
 * first problem, as the save bar says it).
 */
export function settingsWith(
  current: Settings,
  f: SettingsFields,
): { settings: Settings } | { error: string } {
  if (
    matcherErrors(f.includeText).length > 0 ||
    matcherErrors(f.excludeText).length > 0 ||
    // One matcher set each (issue 32): the dead-man's switch and "my team".
    matcherErrors(f.notifications.watchdog).length > 0 ||
    matcherErrors(f.notifications.team).length > 0
  )
    return { error: 'Fix the matcher errors first.' };
  const colours = parseLabelColourRules(f.labelColoursText);
  if (colours.errors.length > 0) return { error: 'Fix the label colours first.' };
  if (f.linkTemplates.some((t) => templateProblem(t) !== null))
    return { error: 'Fix the links first.' };
  if (Object.keys(numberProblems(f)).length > 0)
    return { error: 'Not saved: a field says what it needs.' };
  const { snoozeUntil } = current.notifications;
  const { last } = current.silences;
  return {
    settings: {
      ...current,
      severityLabel: f.severityLabel.trim() || DEFAULT_SEVERITY_LABEL,
      severityOrder: f.severityOrderText
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
      notifications: {
        ...f.notifications,
        include: lines(f.includeText),
        exclude: lines(f.excludeText),
        // Absent stays absent: JSON would turn undefined into null.
        ...(snoozeUntil !== undefined ? { snoozeUntil } : {}),
      },
      silences: { ...f.silences, ...(last !== undefined ? { last } : {}) },
      history: f.history,
      ui: {
        ...current.ui,
        theme: f.theme,
        linkTemplates: f.linkTemplates.map((t) => ({ name: t.name.trim(), url: t.url.trim() })),
        labelColours: colours.rules,
        labelPriority: names(f.labelPriorityText),
        labelLast: names(f.labelLastText),
      },
    },
  };
}

/** The value at a dotted Settings path in the fields (`silences.unusedAfterMin`), if it is one. */
export function fieldValueAt(f: SettingsFields, path: string): unknown {
  let at: unknown = f;
  for (const key of path.split('.')) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/**
 * Each number field that breaks its rule, by its Settings path, in the rule's words ("At least
 * 5 minutes."): the same rules and words as the settings schema the bridge validates with.
 */
export function numberProblems(f: SettingsFields): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, rule] of Object.entries(SETTINGS_NUMBER_RULES) as [string, NumberRule][]) {
    const value = fieldValueAt(f, path);
    const each =
      path === 'notifications.remindEveryMin'
        ? Object.entries(value as Record<string, unknown>).map(([k, v]) => [`${path}.${k}`, v])
        : [[path, value]];
    for (const [p, v] of each as [string, unknown][]) {
      const problem = v === undefined && p === path ? null : numberProblem(v, rule);
      if (problem) out[p] = problem;
    }
  }
  return out;
}

/** What the bridge said about a field, and the value it was about (it holds while that stays). */
export interface ServerProblem {
  message: string;
  value: unknown;
}

/**
 * A refused save, each problem at its field when the form has it (by path), the rest as one
 * line of plain words for the save bar.
 */
export function placeSettingsProblems(
  problems: readonly { path: string; message: string }[],
  f: SettingsFields,
): { fields: Record<string, ServerProblem>; rest: string | null } {
  const fields: Record<string, ServerProblem> = {};
  const rest: string[] = [];
  for (const p of problems) {
    const value = p.path.includes('.') ? fieldValueAt(f, p.path) : undefined;
    if (value !== undefined) fields[p.path] = { message: p.message, value };
    else rest.push(p.message);
  }
  return { fields, rest: rest.length ? rest.join(' ') : null };
}
