// The settings form's fields as the inputs hold them (lists as text), and the rules that turn
// them back into Settings: kept out of the form class so they are unit-tested. The form edits
// only these fields (and the instance list, settings-draft.svelte.ts); everything else is
// taken from the settings as stored when it saves, so a change saved elsewhere meanwhile (a
// saved view, the remembered filter, a snooze, the last silence's author) stays.
import { parseMatchers } from '$core/matchers/parse.ts';
import { DEFAULT_SEVERITY_LABEL } from '$core/settings/defaults.ts';
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
