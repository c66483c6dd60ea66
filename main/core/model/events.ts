// Events diffed from consecutive merged states, and the notifications the policy makes of them.

export type CoreEvent =
  | {
      type: 'alert-firing';
      fingerprint: string;
      clusterId: string;
      groupKey?: string;
      severity: string;
      alertname: string;
    }
  | {
      type: 'alert-resolved';
      fingerprint: string;
      clusterId: string;
      severity: string;
      alertname: string;
    }
  | {
      type: 'alert-suppressed';
      fingerprint: string;
      clusterId: string;
      severity: string;
      alertname: string;
    }
  | {
      type: 'alert-unsuppressed';
      fingerprint: string;
      clusterId: string;
      groupKey?: string;
      severity: string;
      alertname: string;
    }
  | {
      type: 'severity-escalated';
      fingerprint: string;
      clusterId: string;
      groupKey?: string;
      from: string;
      to: string;
      alertname: string;
    }
  | { type: 'instance-unreachable'; instanceId: string; message: string }
  | { type: 'instance-recovered'; instanceId: string }
  | { type: 'silence-created'; silenceKey: string; clusterId: string }
  | { type: 'silence-edited'; silenceKey: string; clusterId: string }
  | { type: 'silence-expired'; silenceKey: string; clusterId: string }
  | { type: 'silence-expiring'; silenceKey: string; clusterId: string; endsAt: string };

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
}
