// Events and notifications from consecutive snapshots: the EventDiffer (main/core/policy)
// turns two snapshots into CoreEvents, the NotificationPolicy decides what the user sees.
// Both keep memory across cycles (episodes, warned silences), so one pipeline lives as long
// as the core.
import type { AppNotification, CoreEvent } from '../model/events.ts';
import type { ViewSnapshot } from '../model/view.ts';
import { EventDiffer, initialClusters, NotificationPolicy } from '../policy/index.ts';
import type { Settings } from '../settings/types.ts';

export class EventPipeline {
  private readonly differ = new EventDiffer();
  private readonly policy = new NotificationPolicy();

  process(
    prev: ViewSnapshot,
    next: ViewSnapshot,
    settings: Settings,
    nowMs: number,
  ): { events: CoreEvent[]; notifications: AppNotification[] } {
    const events = this.differ.diff(prev, next, nowMs, {
      expiringWithinMin: settings.notifications.expiringWithinMin,
      severityLabel: settings.severityLabel,
      severityOrder: settings.severityOrder,
    });
    if (events.length === 0) return { events, notifications: [] };
    // Clusters whose first data arrived this cycle: their alerts were already firing before
    // we looked, so the policy summarizes them instead of notifying one by one.
    const notifications = this.policy.decide(events, next, settings, nowMs, {
      initialClusters: initialClusters(prev, next),
    });
    return { events, notifications };
  }
}
