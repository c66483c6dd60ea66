// Realistic, deterministic alert data for the benchmarks: label sets shaped like a Kubernetes
// fleet scraped by Prometheus (alertname, severity, instance, job, namespace, pod, cluster,
// team, container, service) with summary/description/runbook_url annotations. Deterministic
// (seeded PRNG) so every run measures the same payload.
import { createHash } from 'node:crypto';
import { routingConfig } from '../../support/alertmanager.ts';
import type {
  AlertGroup,
  GettableAlert,
  LabelSet,
  PostableAlert,
} from '../../../main/core/api/types.ts';

/** mulberry32: tiny seeded PRNG, good enough to spread label values. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALERT_BASES = [
  'KubePodCrashLooping',
  'KubePodNotReady',
  'KubeDeploymentReplicasMismatch',
  'KubeContainerWaiting',
  'NodeFilesystemSpaceFillingUp',
  'NodeMemoryHighUtilization',
  'NodeCPUHighUsage',
  'NodeNetworkReceiveErrs',
  'TargetDown',
  'HighErrorRate',
  'HighLatencyP99',
  'CertificateExpiringSoon',
  'PersistentVolumeFillingUp',
  'EtcdMembersDown',
  'KafkaConsumerLag',
  'PostgresReplicationLag',
  'RedisMemoryHigh',
  'IngressHigh5xx',
  'JobFailed',
  'CronJobSuspended',
];
const JOBS = [
  'node-exporter',
  'kube-state-metrics',
  'kubelet',
  'api-gateway',
  'payments',
  'checkout',
  'postgres-exporter',
  'redis-exporter',
];
const NAMESPACES = [
  'default',
  'kube-system',
  'monitoring',
  'payments',
  'checkout',
  'search',
  'ingress-nginx',
  'data',
];
const CLUSTERS = ['prod-eu-west-1', 'prod-us-east-1', 'prod-ap-south-1', 'staging-eu-west-1'];
const TEAMS = ['a', 'b', 'platform', 'payments', 'data'];
const SEVERITIES = ['critical', 'warning', 'warning', 'info'];

export interface FleetOptions {
  /** Number of alerts. */
  alerts: number;
  /** Distinct alertnames; with group_by [alertname] this is the number of groups. */
  alertnames: number;
  seed?: number;
}

/** The alertname of group `g` and its fixed severity/team (constant per alertname, so each
 * alertname routes to exactly one receiver and makes exactly one group). */
function groupIdentity(g: number): { alertname: string; severity: string; team: string } {
  const base = ALERT_BASES[g % ALERT_BASES.length] as string;
  return {
    alertname: `${base}_${String(g).padStart(4, '0')}`,
    severity: SEVERITIES[g % SEVERITIES.length] as string,
    team: TEAMS[g % TEAMS.length] as string,
  };
}

function hex(r: () => number, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += '0123456789abcdef'[Math.floor(r() * 16)];
  return s;
}

/** Labels of alert number `i` of the fleet (unique per i). */
export function fleetLabels(i: number, opts: FleetOptions): LabelSet {
  const r = prng((opts.seed ?? 1) * 1_000_003 + i);
  const g = i % opts.alertnames;
  const id = groupIdentity(g);
  const namespace = NAMESPACES[Math.floor(r() * NAMESPACES.length)] as string;
  const job = JOBS[Math.floor(r() * JOBS.length)] as string;
  return {
    alertname: id.alertname,
    severity: id.severity,
    team: id.team,
    cluster: CLUSTERS[Math.floor(r() * CLUSTERS.length)] as string,
    namespace,
    job,
    service: job,
    container: job.split('-')[0] as string,
    pod: `${job}-${hex(r, 10)}-${hex(r, 5)}`,
    // The alert index keeps every label set unique (Alertmanager dedups identical labels).
    instance: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}:9100`,
    prometheus: 'monitoring/k8s',
  };
}

export function fleetAnnotations(labels: LabelSet): LabelSet {
  return {
    summary: `${labels.alertname} on ${labels.instance} in ${labels.namespace}`,
    description:
      `Pod ${labels.namespace}/${labels.pod} (${labels.container}) of job ${labels.job} in cluster ` +
      `${labels.cluster} has been in a failing state for more than 15 minutes. Current value: 0.93. ` +
      'Check recent deployments and the pod events before escalating.',
    runbook_url: `https://runbooks.example.com/alerts/${(labels.alertname ?? '').split('_')[0]?.toLowerCase()}`,
  };
}

/** Alerts ready to POST to a real server (endsAt far ahead so they stay firing for the run). */
export function fleetPostable(opts: FleetOptions, from = 0, to = opts.alerts): PostableAlert[] {
  const startsAt = new Date(Date.now() - 3_600_000).toISOString();
  const endsAt = new Date(Date.now() + 6 * 3_600_000).toISOString();
  const out: PostableAlert[] = [];
  for (let i = from; i < to; i++) {
    const labels = fleetLabels(i, opts);
    out.push({
      labels,
      annotations: fleetAnnotations(labels),
      startsAt,
      endsAt,
      generatorURL: `http://prometheus.example.com/graph?g0.expr=up%3D%3D0&i=${i}`,
    });
  }
  return out;
}

/** Alertmanager-style 16-hex-digit fingerprint of a label set (stable, content-derived). */
export function fingerprintOf(labels: LabelSet): string {
  const keys = Object.keys(labels).sort();
  const h = createHash('sha1');
  for (const k of keys) h.update(`${k}\xff${labels[k]}\xff`);
  return h.digest('hex').slice(0, 16);
}

/** One alert as GET /alerts/groups returns it. */
export function gettable(
  i: number,
  opts: FleetOptions,
  receiver: string,
  updatedAt: string,
): GettableAlert {
  const labels = fleetLabels(i, opts);
  return {
    labels,
    annotations: fleetAnnotations(labels),
    receivers: [{ name: receiver }],
    fingerprint: fingerprintOf(labels),
    startsAt: '2026-01-01T00:00:00.000Z',
    updatedAt,
    endsAt: '2026-12-31T00:00:00.000Z',
    generatorURL: `http://prometheus.example.com/graph?g0.expr=up%3D%3D0&i=${i}`,
    status: { state: 'active', silencedBy: [], inhibitedBy: [] },
  };
}

/** Receiver the bench config routes a group to (mirrors BENCH_CONFIG below). */
export function receiverOf(labels: LabelSet): string {
  if (labels.severity === 'critical') return 'pager';
  if (labels.team === 'b') return 'team-b';
  return 'team-a';
}

/**
 * The /alerts/groups payload for the alert indices given, grouped by alertname like the
 * server does with BENCH_CONFIG. A fresh object graph each call (as a JSON parse would make).
 */
export function groupsPayload(indices: Iterable<number>, opts: FleetOptions): AlertGroup[] {
  const updatedAt = '2026-01-01T00:00:00.000Z';
  const groups = new Map<string, AlertGroup>();
  for (const i of indices) {
    const labels = fleetLabels(i, opts);
    const receiver = receiverOf(labels);
    const alertname = labels.alertname as string;
    const key = `${receiver}|${alertname}`;
    let group = groups.get(key);
    if (!group) {
      group = { labels: { alertname }, receiver: { name: receiver }, alerts: [] };
      groups.set(key, group);
    }
    group.alerts.push(gettable(i, opts, receiver, updatedAt));
  }
  return [...groups.values()];
}

/**
 * Bench server config: group_by [alertname], critical -> pager, team=b -> team-b, else team-a.
 * Severity and team are constant per alertname, so `alertnames` alertnames make exactly that
 * many groups and no alert is in two groups.
 */
export const BENCH_CONFIG = routingConfig({ criticalAlsoToTeamB: false, testExtras: false });
