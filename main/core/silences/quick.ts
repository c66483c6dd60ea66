// Matchers and drafts for quick silences (tray menu, notification action, one-click buttons).
import type { Matcher } from '../api/types.ts';
import type { AlertView, GroupView } from '../model/view.ts';
import type { SilenceDraft } from '../service.ts';

function eq(name: string, value: string): Matcher {
  return { name, value, isRegex: false, isEqual: true };
}

/** Escapes a literal for use inside an (RE2 or JS) regex. */
export function escapeRegex(literal: string): string {
  return literal.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');
}

/** alertname first (what people read), then label names alphabetically. */
function byName(a: Matcher, b: Matcher): number {
  if (a.name === b.name) return 0;
  if (a.name === 'alertname') return -1;
  if (b.name === 'alertname') return 1;
  return a.name < b.name ? -1 : 1;
}

/**
 * Matchers that silence exactly this group: its group labels (the route's group_by values).
 * A group without labels (group_by: [] routes everything into one group) falls back to the
 * alertname(s) of its alerts: one equality matcher, or an anchored alternation for several.
 * Returns [] when there is nothing to match on (the caller must not create a silence then).
 */
export function quickMatchersForGroup(
  group: GroupView,
  alerts: Readonly<Record<string, AlertView>> = {},
): Matcher[] {
  const fromLabels = Object.entries(group.labels)
    .filter(([, v]) => v !== '')
    .map(([k, v]) => eq(k, v))
    .sort(byName);
  if (fromLabels.length > 0) return fromLabels;
  const names = [
    ...new Set(
      group.alerts
        .map((fp) => alerts[fp]?.labels.alertname)
        .filter((n): n is string => n !== undefined && n !== ''),
    ),
  ].sort();
  if (names.length === 0) return [];
  if (names.length === 1) return [eq('alertname', names[0] as string)];
  return [
    { name: 'alertname', value: names.map(escapeRegex).join('|'), isRegex: true, isEqual: true },
  ];
}

/**
 * Matchers that silence this alert and keep silencing it after a restart: all its labels
 * except the volatile ones (pod names, container ids... that change each restart). If every
 * label is volatile, all labels are kept so the silence is never broader than the alert.
 */
export function quickMatchersForAlert(
  alert: AlertView,
  volatileLabels: readonly string[],
): Matcher[] {
  const volatile = new Set(volatileLabels);
  const all = Object.entries(alert.labels).filter(([, v]) => v !== '');
  const kept = all.filter(([k]) => !volatile.has(k));
  return (kept.length > 0 ? kept : all).map(([k, v]) => eq(k, v)).sort(byName);
}

export interface DraftInput {
  matchers: Matcher[];
  durationMs: number;
  createdBy: string;
  comment: string;
  /** Epoch ms; the silence starts now. */
  now: number;
}

export function buildDraft(input: DraftInput): SilenceDraft {
  return {
    matchers: input.matchers.map((m) => ({ ...m })),
    startsAt: new Date(input.now).toISOString(),
    endsAt: new Date(input.now + input.durationMs).toISOString(),
    createdBy: input.createdBy,
    comment: input.comment,
  };
}
