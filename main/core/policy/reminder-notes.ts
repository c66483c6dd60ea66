// Reminder notifications (reminders.ts decides when), the alert's name first and marked as a
// reminder after it: "DiskFull (critical): still firing, unacknowledged for 15 min" (a toast
// cut at its end still names what fires; "Still firing, unacknowledged for 15 min: Postgres…"
// did not). One for a group of alerts due together, offering Silence and Acknowledge; one for
// everything due together when that is several groups: four criticals reminded at once were
// four notifications, a burst every five minutes (walk-through).
import type { AppNotification } from '../model/events.ts';
import type { ViewSnapshot } from '../model/view.ts';
import { isolatedProse } from '../model/visible-text.ts';
import type { NotificationSettings } from '../settings/types.ts';
import type { NoteMaker } from './notification-build.ts';
import {
  MAX_BODY,
  alertBody,
  countByName,
  displayAlertName,
  groupLines,
  minutesText,
  runbookOf,
  truncate,
} from './notification-text.ts';
import type { DueReminder } from './reminders.ts';
import { isTopSeverity } from './severity.ts';

const MAX_TITLE = 100;

function still(list: readonly DueReminder[]): string {
  const longest = Math.max(...list.map((d) => d.event.unackedForMs));
  return `still firing, unacknowledged for ${minutesText(longest)}`;
}

export function reminderNotes(
  make: NoteMaker,
  view: ViewSnapshot,
  due: readonly DueReminder[],
  n: NotificationSettings,
  order: readonly string[],
): AppNotification[] {
  if (due.length === 0) return [];
  const urgency = (list: readonly DueReminder[]) =>
    list.some((d) => isTopSeverity(d.alert.severity, order)) ? 'critical' : 'normal';
  const byGroup = new Map<string, DueReminder[]>();
  for (const d of due) {
    const k = d.event.groupKey ?? `\u0000${d.event.clusterId}\u0000${d.event.fingerprint}`;
    const list = byGroup.get(k);
    if (list) list.push(d);
    else byGroup.set(k, [d]);
  }
  if (due.length > n.stormThreshold || byGroup.size > 1) {
    // Several groups at once: one reminder naming them (counted by name past a few).
    const clusters = [...new Set(due.map((d) => d.event.clusterId))];
    const lines = [...byGroup.values()].slice(0, 4).map((list) => {
      const first = list[0] as DueReminder;
      const what =
        list.length === 1
          ? displayAlertName(first.alert)
          : countByName(
              list.map((d) => d.alert),
              2,
              order,
            );
      const summary = list.length === 1 ? first.alert.annotations.summary : undefined;
      return `${what} on ${make.clusterName(first.event.clusterId)}${summary ? `: ${isolatedProse(summary)}` : ''}`;
    });
    if (byGroup.size > 4) lines.push(`+${byGroup.size - 4} more groups`);
    return [
      make.make({
        title: truncate(
          `${countByName(
            due.map((d) => d.alert),
            2,
            order,
          )}: ${still(due)}`,
          MAX_TITLE,
        ),
        body: truncate(lines.join('\n'), MAX_BODY),
        urgency: urgency(due),
        events: due.map((d) => d.event),
        target: clusters.length === 1 ? { clusterId: clusters[0] as string } : {},
      }),
    ];
  }
  return [...byGroup.values()].map((list) => {
    const first = list[0] as DueReminder;
    const where = make.clusterName(first.event.clusterId);
    const groupKey = first.event.groupKey;
    const target = {
      clusterId: first.event.clusterId,
      ...(groupKey === undefined ? {} : { groupKey }),
    };
    if (list.length === 1) {
      const sev = first.alert.severity;
      return make.make({
        title: truncate(
          `${displayAlertName(first.alert)}${sev ? ` (${sev})` : ''}: ${still(list)}`,
          MAX_TITLE,
        ),
        body: truncate(alertBody(first.alert, where, view.summary.severityLabel), MAX_BODY),
        urgency: urgency(list),
        events: [first.event],
        target: { ...target, fingerprint: first.event.fingerprint },
        silenceable: true,
        ...runbookOf(first.alert),
      });
    }
    const lines = groupLines(
      list.map((d) => d.alert),
      view.summary.severityLabel,
    );
    return make.make({
      title: truncate(
        `${countByName(
          list.map((d) => d.alert),
          2,
          order,
        )}: ${still(list)}`,
        MAX_TITLE,
      ),
      body: truncate([`on ${where}`, ...lines].join('\n'), MAX_BODY),
      urgency: urgency(list),
      events: list.map((d) => d.event),
      target,
      silenceable: true,
    });
  });
}
