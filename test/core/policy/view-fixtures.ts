// Hand-built ViewSnapshot fixtures for policy and silence unit tests.
import type { AlertState, LabelSet } from '../../../main/core/api/types.ts';
import type {
  AlertView,
  ClusterView,
  GroupView,
  HealthState,
  InstanceView,
  SilenceView,
  ViewSnapshot,
} from '../../../main/core/model/view.ts';

export const T0 = Date.parse('2026-11-20T12:00:00.000Z');
export const MIN = 60_000;
export const iso = (ms: number) => new Date(ms).toISOString();

export interface AlertSpec {
  labels: LabelSet;
  fingerprint?: string;
  annotations?: LabelSet;
  startsAt?: string;
  endsAt?: string;
  /** per cluster state; default { c1: 'active' } */
  states?: Record<string, AlertState>;
  receivers?: string[];
  instances?: string[];
}

export function fp(labels: LabelSet): string {
  return Object.keys(labels)
    .sort()
    .map((k) => `${k}=${labels[k]}`)
    .join(',');
}

export function alert(spec: AlertSpec): AlertView {
  const states = spec.states ?? { c1: 'active' };
  const statusByCluster: AlertView['statusByCluster'] = {};
  for (const [c, state] of Object.entries(states)) {
    statusByCluster[c] = {
      state,
      silencedBy: state === 'suppressed' ? [`${c}/s1`] : [],
      inhibitedBy: [],
    };
  }
  const merged: AlertState = Object.values(states).includes('active')
    ? 'active'
    : Object.values(states).includes('suppressed')
      ? 'suppressed'
      : 'unprocessed';
  return {
    fingerprint: spec.fingerprint ?? fp(spec.labels),
    labels: spec.labels,
    annotations: spec.annotations ?? {},
    startsAt: spec.startsAt ?? iso(T0 - 10 * MIN),
    endsAt: spec.endsAt ?? iso(T0 + 1000 * MIN),
    updatedAt: iso(T0),
    state: merged,
    silencedBy: Object.values(statusByCluster).flatMap((s) => s.silencedBy),
    inhibitedBy: [],
    statusByCluster,
    receivers: spec.receivers ?? ['team-a'],
    instances: spec.instances ?? Object.keys(states).map((c) => `${c}-i1`),
    clusters: Object.keys(states),
    severity: spec.labels.severity ?? '',
    stale: false,
  };
}

export function instance(id: string, clusterId: string, health: HealthState = 'ok'): InstanceView {
  return {
    id,
    name: id,
    url: `http://${id}:9093`,
    clusterId,
    enabled: true,
    health,
    ...(health === 'ok' ? { lastSuccessAt: iso(T0) } : {}),
    ...(health === 'unreachable'
      ? {
          lastError: {
            kind: 'network' as const,
            endpoint: 'GET /alerts/groups',
            message: 'connect ECONNREFUSED',
          },
        }
      : {}),
  };
}

export function cluster(
  id: string,
  opts: { health?: HealthState; stale?: boolean; members?: string[] } = {},
): ClusterView {
  return {
    id,
    name: id === 'c1' ? 'prod' : id,
    members: opts.members ?? [`${id}-i1`],
    health: opts.health ?? 'ok',
    stale: opts.stale ?? false,
  };
}

export function silence(
  spec: Partial<SilenceView> & { id: string; clusterId?: string },
): SilenceView {
  const clusterId = spec.clusterId ?? 'c1';
  return {
    key: `${clusterId}/${spec.id}`,
    clusterId,
    matchers: [{ name: 'alertname', value: 'HighCPU', isRegex: false, isEqual: true }],
    startsAt: iso(T0 - 60 * MIN),
    endsAt: iso(T0 + 60 * MIN),
    updatedAt: iso(T0 - 60 * MIN),
    createdBy: 'alice',
    comment: 'maintenance',
    state: 'active',
    ...spec,
  };
}

export interface SnapshotSpec {
  alerts?: AlertView[];
  clusters?: ClusterView[];
  instances?: InstanceView[];
  groups?: GroupView[];
  silences?: SilenceView[];
  seq?: number;
}

/** A snapshot; by default one healthy cluster `c1` ("prod") with one instance `c1-i1`. */
export function snapshot(spec: SnapshotSpec = {}): ViewSnapshot {
  const clusters = spec.clusters ?? [cluster('c1')];
  const instances =
    spec.instances ??
    clusters.flatMap((c) =>
      c.members.map((m) => instance(m, c.id, c.stale ? 'unreachable' : c.health)),
    );
  const alerts = spec.alerts ?? [];
  return {
    seq: spec.seq ?? 1,
    instances: Object.fromEntries(instances.map((i) => [i.id, i])),
    clusters: Object.fromEntries(clusters.map((c) => [c.id, c])),
    groups: Object.fromEntries((spec.groups ?? []).map((g) => [g.key, g])),
    alerts: Object.fromEntries(alerts.map((a) => [a.fingerprint, a])),
    silences: Object.fromEntries((spec.silences ?? []).map((s) => [s.key, s])),
    summary: {
      bySeverity: {},
      firing: alerts.filter((a) => a.state === 'active').length,
      suppressed: alerts.filter((a) => a.state === 'suppressed').length,
      unacknowledged: 0,
      worst: 'ok',
      unreachableInstances: [],
      missingData: [],
      degradedClusters: [],
      staleClusters: clusters.filter((c) => c.stale).map((c) => c.id),
      severityLabel: 'severity',
    },
  };
}

export function group(
  clusterId: string,
  labels: LabelSet,
  alerts: AlertView[],
  receiver = 'team-a',
): GroupView {
  const sorted = Object.keys(labels)
    .sort()
    .map((k) => `${k}=${labels[k]}`)
    .join(',');
  return {
    key: `${clusterId}|${sorted}`,
    clusterId,
    receivers: [receiver],
    labels,
    alerts: alerts.map((a) => a.fingerprint),
    counts: { active: alerts.length, suppressed: 0, unprocessed: 0 },
    severity: 'warning',
    stale: false,
  };
}
