// Events and notifications from consecutive snapshots: the EventDiffer (main/core/policy)
// turns two snapshots into CoreEvents, the NotificationPolicy decides what the user sees.
// Both keep memory across cycles (episodes, warned silences), so one pipeline lives as long
// as the core. The core's own notices (hygiene, duplicates) and the reminders of alerts
// firing unacknowledged enter the same policy.
import type { AppNotification, CoreEvent } from '../model/events.ts';
import type { ViewSnapshot } from '../model/view.ts';
import { EventDiffer, initialClusters, type AlertChanges } from '../policy/differ.ts';
import { NotificationPolicy } from '../policy/notify.ts';
import { diffPipeline } from '../policy/pipeline-notices.ts';
import type { LedgerMemory } from '../policy/episodes.ts';
import type { Settings } from '../settings/types.ts';

/** A notification the policy kept quiet (quiet hours, snooze, rules) and why. */
export interface Withheld {
  event: CoreEvent;
  reason: string;
}

export interface CycleOutcome {
  events: CoreEvent[];
  notifications: AppNotification[];
  withheld: Withheld[];
}

export class EventPipeline {
  readonly #differ = new EventDiffer();
  readonly #policy = new NotificationPolicy();

  /** `changes`: the merger's change list from prev to next, when it has one (differ.ts). */
  process(
    prev: ViewSnapshot,
    next: ViewSnapshot,
    settings: Settings,
    nowMs: number,
    changes?: AlertChanges,
  ): CycleOutcome {
    const events = this.#differ.diff(
      prev,
      next,
      nowMs,
      {
        expiringWithinMin: settings.notifications.expiringWithinMin,
        severityLabel: settings.severityLabel,
        severityOrder: settings.severityOrder,
      },
      changes,
    );
    events.push(...diffPipeline(prev, next, settings.notifications));
    // Clusters whose first data arrived this cycle: their alerts were already firing before
    // we looked, so the policy summarizes them instead of notifying one by one.
    return this.#decide(events, next, settings, nowMs, initialClusters(prev, next));
  }

  /** Events the core raised itself (not diffed from views): decided on the current view. */
  notices(
    events: CoreEvent[],
    view: ViewSnapshot,
    settings: Settings,
    nowMs: number,
  ): CycleOutcome {
    return this.#decide(events, view, settings, nowMs, new Set());
  }

  /** The user ended these silences from this app: what they let go is no news (lapsed.ts). */
  userEnded(silenceKeys: readonly string[], nowMs: number): void {
    this.#policy.userEnded(silenceKeys, nowMs);
  }

  /** What the policy remembers, by kind (a diagnostic: the bench's heap case reads it). */
  get policyMemory(): LedgerMemory {
    return this.#policy.memory;
  }

  /** Reminders of alerts still firing unacknowledged: asked after every merge. */
  reminders(view: ViewSnapshot, settings: Settings, nowMs: number): CycleOutcome {
    const withheld: Withheld[] = [];
    const { events, notifications } = this.#policy.remind(view, settings, nowMs, {
      initialClusters: new Set(),
      onWithheld: (event, reason) => withheld.push({ event, reason }),
    });
    return { events, notifications, withheld };
  }

  #decide(
    events: CoreEvent[],
    view: ViewSnapshot,
    settings: Settings,
    nowMs: number,
    initial: ReadonlySet<string>,
  ): CycleOutcome {
    const withheld: Withheld[] = [];
    if (events.length === 0) return { events, notifications: [], withheld };
    const notifications = this.#policy.decide(events, view, settings, nowMs, {
      initialClusters: initial,
      onWithheld: (event, reason) => withheld.push({ event, reason }),
    });
    return { events, notifications, withheld };
  }
}
