// Reminder notifications (reminders.ts decides when): marked as reminders in their title,
// "Still firing, unacknowledged for 15 min: DiskFull (critical)", one per group of alerts
// due together (one summary above the storm threshold), each offering Silence and Acknowledge.
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
  minutesText,
  runbookOf,
  truncate,
} from './notification-text.ts';
import type { DueReminder } from './reminders.ts';
import { isTopSeverity } from './severity.ts';

const MAX_TITLE = 100;

function prefix(list: readonly DueReminder[]): string {
  const longest = Math.max(...list.map((d) => d.event.unackedForMs));
  return `Still firing, unacknowledged for ${minutesText(longest)}`;
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
  if (due.length > n.stormThreshold) {
    const clusters = [...new Set(due.map((d) => d.event.clusterId))];
    return [
      make.make({
        title: `${prefix(due)}: ${due.length} alerts`,
        body: countByName(
          due.map((d) => d.alert),
          4,
          order,
        ),
        urgency: urgency(due),
        events: due.map((d) => d.event),
        target: clusters.length === 1 ? { clusterId: clusters[0] as string } : {},
      }),
    ];
  }
  const byGroup = new Map<string, DueReminder[]>();
  for (const d of due) {
    const k = d.event.groupKey ?? `\u0000${d.event.clusterId}\u0000${d.event.fingerprint}`;
    const list = byGroup.get(k);
    if (list) list.push(d);
    else byGroup.set(k, [d]);
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
          `${prefix(list)}: ${displayAlertName(first.alert)}${sev ? ` (${sev})` : ''}`,
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
    const summaries = list
      .map((d) => d.alert.annotations.summary)
      .filter((s): s is string => !!s)
      .slice(0, 3)
      .map(isolatedProse);
    return make.make({
      title: truncate(
        `${prefix(list)}: ${countByName(
          list.map((d) => d.alert),
          2,
          order,
        )}`,
        MAX_TITLE,
      ),
      body: truncate([`on ${where}`, ...summaries].join('\n'), MAX_BODY),
      urgency: urgency(list),
      events: list.map((d) => d.event),
      target,
      silenceable: true,
    });
  });
}
