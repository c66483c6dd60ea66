// Events and notifications from consecutive snapshots: the EventDiffer (main/core/policy)
// turns two snapshots into CoreEvents, the NotificationPolicy decides what the user sees.
import type { AppNotification, CoreEvent } from '../model/events.ts';
import type { ViewSnapshot } from '../model/view.ts';
import { EventDiffer } from '../policy/differ.ts';
import type { Clock } from '../service.ts';
import type { Settings } from '../settings/types.ts';

export class EventPipeline {
  private readonly differ = new EventDiffer();
  private readonly clock: Clock;

  constructor(clock: Clock) {
    this.clock = clock;
  }

  process(
    prev: ViewSnapshot,
    next: ViewSnapshot,
    settings: Settings,
    initialClusters: Set<string>,
  ): { events: CoreEvent[]; notifications: AppNotification[] } {
    void initialClusters;
    const events = this.differ.diff(prev, next, this.clock.now(), {
      expiringWithinMin: settings.notifications.expiringWithinMin,
      severityLabel: settings.severityLabel,
      severityOrder: settings.severityOrder,
    });
    return { events, notifications: [] };
  }
}
