// Events diffed from consecutive merged states, and the notifications the policy makes of them.
import type { Matcher } from '../api/types.ts';
import type { SilenceAttention } from './view.ts';

/** What every event about one alert in one cluster carries. */
interface AlertEventBase {
  fingerprint: string;
  clusterId: string;
  severity: string;
  alertname: string;
}

/**
 * The silences that held an alert which fires again without them (policy/lapsed.ts): an ack or
 * a silence that ended (expired, or edited away) or is gone (no longer listed by the cluster,
 * e.g. both HA peers restarted without their state).
 */
export interface Lapsed {
  kind: 'ack' | 'silence';
  /** Every silence that held it on that cluster before (`<clusterId>/<silenceId>`). */
  keys: string[];
  /** None of them is listed any more. */
  gone: boolean;
}

export type CoreEvent =
  | ({ type: 'alert-firing'; groupKey?: string } & AlertEventBase)
  | ({ type: 'alert-resolved' } & AlertEventBase)
  | ({ type: 'alert-suppressed' } & AlertEventBase)
  | ({
      type: 'alert-unsuppressed';
      groupKey?: string;
      /** Silences (acks among them) ended while it still fires: its note says so. */
      lapsed?: Lapsed;
    } & AlertEventBase)
  | {
      type: 'severity-escalated';
      fingerprint: string;
      clusterId: string;
      groupKey?: string;
      from: string;
      to: string;
      alertname: string;
    }
  /**
   * The alert still fires unacknowledged (not acked, silenced or inhibited) for
   * `unackedForMs`: its reminder is due (policy/reminders.ts, settings.notifications.remindEveryMin).
   */
  | ({ type: 'alert-reminder'; groupKey?: string; unackedForMs: number } & AlertEventBase)
  | { type: 'instance-unreachable'; instanceId: string; message: string }
  | { type: 'instance-recovered'; instanceId: string }
  /**
   * The cluster answers but its dead-man's-switch alert has not been listed for `afterMin`
   * minutes (engine/pipeline-watch.ts): alerts may not be reaching it.
   */
  | { type: 'pipeline-silent'; clusterId: string; watchdog: string; afterMin: number }
  | { type: 'pipeline-recovered'; clusterId: string }
  | { type: 'silence-created'; silenceKey: string; clusterId: string }
  | { type: 'silence-edited'; silenceKey: string; clusterId: string }
  | { type: 'silence-expired'; silenceKey: string; clusterId: string }
  | { type: 'silence-expiring'; silenceKey: string; clusterId: string; endsAt: string }
  /** Hygiene (silences/hygiene.ts) flagged an active silence for the first time. */
  | {
      type: 'silence-attention';
      silenceKey: string;
      clusterId: string;
      attention: SilenceAttention;
    }
  /**
   * A late copy of a silence this app wrote was found and expired (silences/actions.ts);
   * `silenceKey` is the silence that stays.
   */
  | {
      type: 'silence-duplicate-expired';
      silenceKey: string;
      clusterId: string;
      expiredKey: string;
      /** The members whose answer timed out and that applied the write later. */
      lateInstanceIds: string[];
      matchers: Matcher[];
    };

export type Urgency = 'low' | 'normal' | 'critical';

export interface AppNotification {
  id: string;
  title: string;
  body: string;
  urgency: Urgency;
  /** ISO time the decision was made. */
  at: string;
  /** What a click opens. */
  target?: {
    groupKey?: string;
    fingerprint?: string;
    clusterId?: string;
    silenceKey?: string;
    instanceId?: string;
  };
  /**
   * When set, the notification may offer "Silence 1h" and "Acknowledge" for this alert or
   * group.
   */
  silenceable?: boolean;
  /** A silence that needs attention (target.silenceKey): may offer Expire and Extend. */
  silenceActions?: boolean;
  /** The alert's runbook (an http(s) `runbook_url` or `runbook` annotation), if any. */
  runbookUrl?: string;
  /** Events this notification stands for (a storm summary stands for many). */
  events: CoreEvent[];
  /**
   * The app's own sound to play for it (policy/notification-build.ts decides from the settings
   * and the alerts' severity); absent: none (the OS notification keeps its default).
   */
  sound?: SoundName;
}

/** The app's bundled sounds (renderer/public/sounds/<name>.wav). */
export type SoundName = 'critical' | 'warning';
