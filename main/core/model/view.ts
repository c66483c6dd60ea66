// The merged view the core maintains across every configured Alertmanager, and the deltas
// that carry its changes to the renderer and the tray. Plain JSON-safe data only: it crosses
// the bridge (IPC or WebSocket) as is.
import type { SerializedError } from '../api/errors.ts';
import type {
  AlertState,
  ClusterState,
  LabelSet,
  Matcher,
  PeerStatus,
  SilenceState,
  VersionInfo,
} from '../api/types.ts';

export type HealthState = 'unknown' | 'ok' | 'unreachable' | 'auth-failed' | 'stale' | 'disabled';

export interface InstanceView {
  id: string;
  name: string;
  url: string;
  /** Cluster this instance belongs to (explicit setting or detected from /status). */
  clusterId: string;
  enabled: boolean;
  health: HealthState;
  /** ISO time of the first failure of the current failure streak. */
  failingSince?: string;
  lastError?: SerializedError;
  /** ISO time and duration (ms) of the last completed poll, good or bad. */
  lastPollAt?: string;
  lastPollMs?: number;
  lastSuccessAt?: string;
  /** True while the server answered 503 (busy) and we are backing off. */
  busy?: boolean;
  /** From /status, refreshed less often than alerts. */
  version?: VersionInfo;
  uptime?: string;
  /**
   * The server restarted at this time (its uptime) and alerts it listed before are kept,
   * stale, until Prometheus sends them again or their grace ends (restart-hold.ts).
   */
  restartedAt?: string;
  clusterStatus?: ClusterState;
  clusterName?: string;
  peers?: PeerStatus[];
  receivers?: string[];
  /**
   * Labels of the receivers that carry some (Alertmanager 0.33+, e.g. team="payments"), by
   * receiver name; absent on older servers. The "my team" filter and rule read them.
   */
  receiverLabels?: Record<string, LabelSet>;
  /** The server has no receivers endpoint (Grafana): `receivers` are those its groups name. */
  receiversDerived?: boolean;
  /** The product when it is not a plain Alertmanager: "Grafana Mimir", "Grafana". */
  product?: string;
  /** Why no version is shown ("not reported by Grafana-managed Alertmanagers"). */
  versionNote?: string;
}

/**
 * A cluster is where silences live: an HA group of Alertmanagers, or one standalone instance
 * (a cluster of one, id `instance:<instanceId>`).
 */
export interface ClusterView {
  id: string;
  name: string;
  members: string[];
  /** ok if any member is ok; otherwise the best member health. */
  health: HealthState;
  /** True when no member has answered recently: data shown is the last good data. */
  stale: boolean;
}

export interface AlertStatusView {
  state: AlertState;
  /** Silence keys (`<clusterId>/<silenceId>`). */
  silencedBy: string[];
  /** Fingerprints of inhibiting alerts. */
  inhibitedBy: string[];
  /** Time intervals muting it (Alertmanager 0.28+); absent when none. */
  mutedBy?: string[];
}

export interface AlertView {
  /** Alertmanager fingerprint: identifies the alert by its labels, equal across HA peers. */
  fingerprint: string;
  labels: LabelSet;
  annotations: LabelSet;
  startsAt: string;
  endsAt: string;
  updatedAt: string;
  generatorURL?: string;
  /** Merged state: active if active on any cluster, else suppressed, else unprocessed. */
  state: AlertState;
  silencedBy: string[];
  inhibitedBy: string[];
  /** Names of the time intervals muting it on some cluster (Alertmanager 0.28+). */
  mutedBy?: string[];
  /** Per cluster status, since the same alert may be silenced in one cluster only. */
  statusByCluster: Record<string, AlertStatusView>;
  receivers: string[];
  /** Where it was seen. */
  instances: string[];
  clusters: string[];
  /** Value of the configured severity label, or '' when missing. */
  severity: string;
  /** True when every cluster that has it only has last-good (stale) data. */
  stale: boolean;
}

export interface GroupView {
  /** `<clusterId>|<sorted group labels>`: one label set is one group across receivers. */
  key: string;
  clusterId: string;
  /** Every receiver the cluster lists this label set under, sorted. */
  receivers: string[];
  labels: LabelSet;
  /** Fingerprints, in server order. */
  alerts: string[];
  counts: { active: number; suppressed: number; unprocessed: number };
  /** Worst severity rank among active alerts (see summary.severityOrder). */
  severity: string;
  stale: boolean;
  /** The route's labels for this group (Alertmanager 0.34); absent when none. */
  routeLabels?: LabelSet;
}

export interface SilenceView {
  /** `<clusterId>/<silenceId>` */
  key: string;
  id: string;
  clusterId: string;
  matchers: Matcher[];
  startsAt: string;
  endsAt: string;
  updatedAt: string;
  createdBy: string;
  comment: string;
  state: SilenceState;
  /** Silence annotations (Alertmanager 0.32+), kept on every edit. */
  annotations?: LabelSet;
  /** An acknowledgement (silences/ack.ts): its author, and whether this install wrote it. */
  ack?: { by: string; mine: boolean };
  /** An occurrence of a recurring silence (core/schedules/identity.ts): its schedule's id. */
  schedule?: { id: string; occurrence: string };
  /** Active and needs attention (main/core/silences/hygiene.ts). */
  attention?: SilenceAttention;
}

/** Why an active silence needs attention. */
export interface SilenceAttention {
  /** It has silenced no alert since this time (for at least the configured minutes). */
  unusedSince?: string;
  /** It is set to run longer than the configured days. */
  longRunning?: boolean;
}

export type WorstState = 'ok' | 'warning' | 'critical' | 'unreachable' | 'unknown';

export interface Summary {
  /** Active (not suppressed) alert counts by severity value; '' is the missing-severity bucket. */
  bySeverity: Record<string, number>;
  firing: number;
  suppressed: number;
  /**
   * Alerts of the top severity (severityOrder[0]) firing that nobody acknowledged, silenced or
   * inhibited: the attention state (tray badge and flash, "2 critical unacknowledged").
   */
  unacknowledged: number;
  /**
   * The most urgent thing that fires (critical > warning), else what we cannot see
   * (unreachable: a cluster has no answering member), else unknown / ok. Missing data never
   * replaces a firing alert: it is the second signal, `missingData`.
   */
  worst: WorstState;
  /** Every enabled instance that is unreachable, auth-failed or stale. */
  unreachableInstances: string[];
  /**
   * Enabled instances whose whole cluster has no answering member (a standalone instance is
   * its own cluster): alerts there may be missing. A peer down while its cluster answers is
   * not missing data but a degraded cluster.
   */
  missingData: string[];
  /** Clusters with an unhealthy member while another member answers. */
  degradedClusters: string[];
  staleClusters: string[];
  /** Severity label configured (default `severity`). */
  severityLabel: string;
  /**
   * Clusters that answer but whose dead-man's-switch alert (Watchdog) has not been listed for
   * the configured minutes: alerts may not reach them (engine/pipeline-watch.ts). Absent when
   * none.
   */
  pipelineSilent?: string[];
}

export interface ViewSnapshot {
  seq: number;
  instances: Record<string, InstanceView>;
  clusters: Record<string, ClusterView>;
  groups: Record<string, GroupView>;
  alerts: Record<string, AlertView>;
  silences: Record<string, SilenceView>;
  summary: Summary;
}

/** What a merge produces (engine/merge.ts): a snapshot before the core numbers it. */
export type MergedView = Omit<ViewSnapshot, 'seq'>;

type Collections = 'instances' | 'clusters' | 'groups' | 'alerts' | 'silences';

/**
 * A change between two snapshots. A cycle without change produces no delta at all.
 * `upsert` carries whole changed records; `remove` carries keys.
 */
export interface ViewDelta {
  /** seq of the snapshot this delta produces; the previous one is seq - 1. */
  seq: number;
  upsert: { [K in Collections]?: ViewSnapshot[K][string][] };
  remove: { [K in Collections]?: string[] };
  summary?: Summary;
}

/** First message of the view subscription is the full snapshot, then deltas. */
export type ViewMessage =
  { type: 'snapshot'; snapshot: ViewSnapshot } | { type: 'delta'; delta: ViewDelta };

/** A stream of a large snapshot: how many records its parts will bring. */
export interface SnapshotLoading {
  alerts: number;
  groups: number;
}

/** Records of a streamed snapshot (see ViewStreamMessage). */
export interface SnapshotPart {
  /** seq of the snapshot this part belongs to. */
  seq: number;
  groups: GroupView[];
  alerts: AlertView[];
  /** The last part: the snapshot is complete. */
  last: boolean;
}

/**
 * What a window's 'view:changes' subscription receives: the core's ViewMessages, cut into
 * messages of a bounded size (main/core/bridge/view-stream.ts). A large snapshot comes as a
 * head (`loading` set: every collection but groups and alerts, which are empty) followed by
 * 'snapshot-part' messages, the groups that sort first (most severe) first, before any delta.
 * A large delta comes as several 'delta' messages of one seq, all but the last with `more`:
 * the window applies them together, so it never shows half a change.
 */
export type ViewStreamMessage =
  | { type: 'snapshot'; snapshot: ViewSnapshot; loading?: SnapshotLoading }
  | { type: 'snapshot-part'; part: SnapshotPart }
  | { type: 'delta'; delta: ViewDelta; more?: true };
