// Types for every resource of the Alertmanager HTTP API v2 (see ../shared/alerting-api-v2.md).
// These are the shapes after runtime validation (schemas.ts must produce exactly these).

export type LabelSet = Record<string, string>;

export interface PeerStatus {
  name: string;
  address: string;
}

export type ClusterState = 'ready' | 'settling' | 'disabled';

export interface ClusterStatus {
  name?: string;
  status: ClusterState;
  peers?: PeerStatus[];
}

export interface AlertmanagerConfig {
  original: string;
}

export interface VersionInfo {
  version: string;
  revision: string;
  branch: string;
  buildUser: string;
  buildDate: string;
  goVersion: string;
}

/** Mimir's buildinfo (its Alertmanager's /status reports no version). */
export interface BuildInfo {
  /** e.g. "Grafana Mimir". */
  application?: string;
  version: string;
  revision?: string;
  branch?: string;
  goVersion?: string;
}

/** GET /silences state flags (Alertmanager 0.34; older servers ignore them). */
export interface SilenceQueryFlags {
  active?: boolean;
  pending?: boolean;
  expired?: boolean;
}

export interface AlertmanagerStatus {
  cluster: ClusterStatus;
  versionInfo: VersionInfo;
  config: AlertmanagerConfig;
  /** Absent on Grafana-managed Alertmanagers. */
  uptime?: string;
}

export interface Matcher {
  name: string;
  value: string;
  isRegex: boolean;
  /** Defaults to true when the server omits it. */
  isEqual: boolean;
}

export interface Silence {
  matchers: Matcher[];
  startsAt: string;
  endsAt: string;
  createdBy: string;
  comment: string;
}

export type SilenceState = 'expired' | 'active' | 'pending';

export interface SilenceStatus {
  state: SilenceState;
}

export interface GettableSilence extends Silence {
  id: string;
  status: SilenceStatus;
  updatedAt: string;
  /**
   * Alertmanager 0.32+ (api/v2/openapi.yaml `silence.annotations`); absent on older servers
   * and when empty.
   */
  annotations?: LabelSet;
}

export interface PostableSilence extends Silence {
  id?: string;
  /** Only sent to servers that keep them (0.32+); older ones would drop them silently. */
  annotations?: LabelSet;
}

export interface Receiver {
  name: string;
}

/** GET /receivers: from Alertmanager 0.33 a receiver carries labels (e.g. team="payments"). */
export interface ReceiverInfo {
  name: string;
  labels?: LabelSet;
}

export interface Alert {
  labels: LabelSet;
  generatorURL?: string;
}

export type AlertState = 'unprocessed' | 'active' | 'suppressed';

export interface AlertStatus {
  state: AlertState;
  silencedBy: string[];
  inhibitedBy: string[];
  /**
   * Alertmanager 0.28+: the time intervals muting the alert's route (api/v2/compat.go sets
   * state `suppressed` for them). Absent on older servers and when empty.
   */
  mutedBy?: string[];
}

export interface GettableAlert extends Alert {
  annotations: LabelSet;
  receivers: Receiver[];
  fingerprint: string;
  startsAt: string;
  updatedAt: string;
  endsAt: string;
  status: AlertStatus;
}

export interface PostableAlert extends Alert {
  startsAt?: string;
  endsAt?: string;
  annotations?: LabelSet;
}

export interface AlertGroup {
  labels: LabelSet;
  receiver: Receiver;
  alerts: GettableAlert[];
  /**
   * Alertmanager 0.34: the route's own labels rendered for the group (dispatch/dispatch.go
   * RouteLabels). Absent on older servers and when empty.
   */
  routeLabels?: LabelSet;
}

/** State flags of GET /alerts (all default to true on the server). */
export interface AlertQueryFlags {
  active?: boolean;
  silenced?: boolean;
  inhibited?: boolean;
  unprocessed?: boolean;
}

/** State flags of GET /alerts/groups (no `unprocessed`). */
export type AlertGroupQueryFlags = Omit<AlertQueryFlags, 'unprocessed'>;
