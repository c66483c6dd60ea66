// Reminders until acknowledged (issue 28): an alert that still fires unacknowledged is
// notified again every N minutes of its severity (settings.notifications.remindEveryMin;
// critical 5 by default, 0 = never) until someone acknowledges or silences it. An ack is a
// silence on the server, so an ack made by any install (or in Alertmanager's own UI) stops
// the reminders at the next poll: the alert is then no longer active there.
// The policy tells this clock which alerts fire (their firing / unsuppressed events) and
// which stopped (suppressed, resolved); `due` says, from the current view, whose reminder is
// due; `settle` records what the policy decided. A reminder kept quiet is withheld once per
// reason (quiet hours, snooze, a mute), not every N minutes: the Timeline says it once, and
// the reminder comes as soon as the reason ends, at least N minutes after the withheld one
// (the morning after quiet hours, it comes at once).
import type { CoreEvent } from '../model/events.ts';
import type { AlertView, ViewSnapshot } from '../model/view.ts';
import type { NotificationSettings } from '../settings/types.ts';
import { isClusterFresh } from './freshness.ts';
import { SlicedSweep } from './sliced-sweep.ts';

type ReminderEvent = Extract<CoreEvent, { type: 'alert-reminder' }>;

/** An alert firing unacknowledged on one cluster, watched for reminders. */
interface Watched {
  clusterId: string;
  fingerprint: string;
  alertname: string;
  /** Its severity (the interval is looked up without reading the view). */
  severity: string;
  groupKey: string | undefined;
  /** When this app saw it start firing unacknowledged (this stretch). */
  since: number;
  /** Its last notice (the first one, or the last reminder shown or withheld). */
  last: number;
  /** The reason its last reminder was withheld for: the same reason stays quiet. */
  held: string | undefined;
  /** The last `endsAt` read and its time (one Date.parse per change, not per merge). */
  endsAt: string;
  end: number;
}

/** A reminder that is due, with the alert as it is now. */
export interface DueReminder {
  event: ReminderEvent;
  alert: AlertView;
  watched: Watched;
}

const key = (clusterId: string, fingerprint: string) => `${clusterId}\u0000${fingerprint}`;

export class ReminderClock {
  /** `<cluster>\0<fingerprint>` -> the alert watched there; only alerts firing now. */
  readonly #watched = new Map<string, Watched>();
  /**
   * Watched alerts looked at a slice per merge (sliced-sweep.ts): alerts that resolve or are
   * suppressed stop being watched by their event; the prune only catches those gone without
   * one (an instance removed, a cluster regrouped), so it may take a few merges.
   */
  readonly #sweep = new SlicedSweep(() => this.#watched.entries());

  /** Alerts watched (for tests: the watch stays bounded by what fires). */
  get size(): number {
    return this.#watched.size;
  }

  /**
   * The alert fires (or fires again) unacknowledged on the cluster as of `nowMs`. Watched only
   * when its severity has reminders: at 100,000 alerts, watching every one held ~20 MB and
   * cost a pass per merge for nothing. (Reminders turned on for a severity later start with
   * that severity's next firings.)
   */
  firing(
    e: { clusterId: string; fingerprint: string; groupKey?: string | undefined },
    alert: AlertView,
    nowMs: number,
    n: NotificationSettings,
  ): void {
    if (!((n.remindEveryMin[alert.severity] ?? 0) > 0)) return;
    const k = key(e.clusterId, e.fingerprint);
    if (this.#watched.has(k) || alert.statusByCluster[e.clusterId]?.state !== 'active') return;
    this.#watched.set(k, {
      clusterId: e.clusterId,
      fingerprint: e.fingerprint,
      alertname: alert.labels.alertname ?? '',
      severity: alert.severity,
      groupKey: e.groupKey,
      since: nowMs,
      last: nowMs,
      held: undefined,
      endsAt: '',
      end: Number.NaN,
    });
  }

  /** Acknowledged, silenced, inhibited or resolved: no more reminders for it. */
  stopped(clusterId: string, fingerprint: string): void {
    this.#watched.delete(key(clusterId, fingerprint));
  }

  /** Reminders due at `nowMs`: watched alerts still active on a cluster with fresh data. */
  due(view: ViewSnapshot, n: NotificationSettings, nowMs: number): DueReminder[] {
    this.#prune(view, nowMs);
    const out: DueReminder[] = [];
    for (const w of this.#watched.values()) {
      // Most watched alerts have no reminders (warnings by default): skipped without a lookup.
      const every = n.remindEveryMin[w.severity] ?? 0;
      if (!(every > 0) || nowMs - w.last < every * 60_000) continue;
      const alert = view.alerts[w.fingerprint];
      if (!alert) continue;
      // Data we cannot refresh says nothing of acks made meanwhile: no reminder from it.
      if (!isClusterFresh(view, w.clusterId) || !active(alert, w, nowMs)) continue;
      out.push({
        alert,
        watched: w,
        event: {
          type: 'alert-reminder',
          fingerprint: w.fingerprint,
          clusterId: w.clusterId,
          severity: alert.severity,
          alertname: w.alertname,
          ...(w.groupKey === undefined ? {} : { groupKey: w.groupKey }),
          unackedForMs: nowMs - w.since,
        },
      });
    }
    return out;
  }

  /**
   * What the policy decided for a due reminder: shown (`blocked` null), or kept quiet for
   * `blocked`. False when it is to be left unsaid: withheld for this same reason before.
   */
  settle(d: DueReminder, blocked: string | null, nowMs: number): boolean {
    const w = d.watched;
    if (blocked !== null && w.held === blocked) return false;
    w.held = blocked ?? undefined;
    w.last = nowMs;
    return true;
  }

  /** Drops alerts gone, and those no longer active where data is fresh (bounded memory). */
  #prune(view: ViewSnapshot, nowMs: number): void {
    this.#sweep.step(view.alerts, ([k, w]) => {
      const alert = view.alerts[w.fingerprint];
      if (!alert?.statusByCluster[w.clusterId]) this.#watched.delete(k);
      else if (isClusterFresh(view, w.clusterId) && !active(alert, w, nowMs)) {
        this.#watched.delete(k);
      }
    });
  }
}

/** Still firing on the watched cluster: active there, and its end not past. */
function active(alert: AlertView, w: Watched, nowMs: number): boolean {
  if (alert.statusByCluster[w.clusterId]?.state !== 'active') return false;
  if (alert.endsAt !== w.endsAt) {
    w.endsAt = alert.endsAt;
    w.end = Date.parse(alert.endsAt);
  }
  return Number.isNaN(w.end) || w.end <= 0 || w.end > nowMs;
}
