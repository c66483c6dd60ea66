// What the history keeps: one row per change the core saw. Kept flat (no nested objects but
// the labels) so a row maps to one SQLite row and one CSV line.

export const HISTORY_KINDS = [
  'fired',
  'resolved',
  'silenced',
  'acknowledged',
  'inhibited',
  'unsuppressed',
  'severity-changed',
  'instance-down',
  'instance-up',
  'silence-created',
  'silence-edited',
  'silence-expired',
  'notified',
  'withheld',
  // Appended (kinds are stored as text; the order is only the schema's): an alert that was
  // already firing when the app first saw its cluster. Not a firing: the app did not see it
  // start, so it is not counted in "fired N times".
  'first-seen',
  // A time the app was not watching that could not be filled from Prometheus (backfill/).
  'gap',
] as const;

export type HistoryKind = (typeof HISTORY_KINDS)[number];

export interface HistoryRecord {
  /** Row id: increasing in insertion order (absent before it is stored). */
  id?: number;
  /** Epoch ms the core saw the change. */
  at: number;
  kind: HistoryKind;
  clusterId?: string;
  instanceId?: string;
  fingerprint?: string;
  groupKey?: string;
  alertname?: string;
  severity?: string;
  /** The alert's labels (alert kinds), so the timeline filters with the same matchers. */
  labels?: Record<string, string>;
  silenceKey?: string;
  /** Human text: the escalation, the silence's matchers, a notification's title, a reason. */
  detail?: string;
  /**
   * Set on records the app did not see itself but filled in afterwards from Prometheus'
   * ALERTS series (backfill/): their times are only as exact as the query's step.
   */
  filled?: FilledFrom;
}

export interface FilledFrom {
  from: 'prometheus';
  /** The query_range step: a filled time is within this of the real one. */
  stepMs: number;
}
