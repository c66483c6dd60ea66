// Hand-built view records for tests of the window and the transports: one alert, one standalone
// cluster, an empty summary and a snapshot of given records. Plain defaults (one cluster `c1`,
// one instance `i1`, receiver `r`), so each test states only what it is about.
import type {
  AlertView,
  ClusterView,
  GroupView,
  Summary,
  ViewSnapshot,
} from '../../main/core/model/view.ts';
import { builtFrom } from '../../main/core/model/record-values.ts';

/** An active alert seen on `c1`/`i1`; severity from the `severity` label unless `opts` says. */
export function alertView(
  fingerprint: string,
  labels: Record<string, string>,
  opts: Partial<AlertView> = {},
): AlertView {
  return {
    fingerprint,
    labels,
    annotations: {},
    startsAt: '2026-01-01T00:00:00Z',
    endsAt: '2026-01-01T01:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    state: 'active',
    silencedBy: [],
    inhibitedBy: [],
    statusByCluster: {},
    receivers: ['r'],
    instances: ['i1'],
    clusters: ['c1'],
    severity: labels['severity'] ?? '',
    stale: false,
    ...opts,
  };
}

/** The healthy single-instance cluster the core makes for instance `id`. */
export function standaloneCluster(id: string): ClusterView {
  return { id: `instance:${id}`, name: id, members: [id], health: 'ok', stale: false };
}

/** Nothing firing, nothing wrong. */
export function emptySummary(patch: Partial<Summary> = {}): Summary {
  return {
    bySeverity: {},
    firing: 0,
    suppressed: 0,
    unacknowledged: 0,
    worst: 'ok',
    unreachableInstances: [],
    missingData: [],
    degradedClusters: [],
    staleClusters: [],
    severityLabel: 'severity',
    ...patch,
  };
}

/** A snapshot holding exactly these records (keyed as the core keys them). */
export function snapshotOf(
  seq: number,
  records: { alerts?: AlertView[]; groups?: GroupView[]; summary?: Partial<Summary> } = {},
): ViewSnapshot {
  return {
    seq,
    instances: {},
    clusters: {},
    groups: Object.fromEntries((records.groups ?? []).map((g) => [g.key, g])),
    alerts: Object.fromEntries((records.alerts ?? []).map((a) => [a.fingerprint, a])),
    silences: {},
    summary: emptySummary(records.summary),
  };
}

/**
 * A keyed alerts record built from `list` the way the merger builds one (valuesOf then reads
 * `list`), behind a Proxy counting how often it is listed: code that runs per merge or per
 * query must never list a 100,000-key record (~60 ms in V8).
 */
export function countedAlertsRecord(list: AlertView[]): {
  alerts: Record<string, AlertView>;
  listed: () => number;
} {
  const record: Record<string, AlertView> = {};
  for (const a of list) record[a.fingerprint] = a;
  let listed = 0;
  const alerts = new Proxy(record, {
    ownKeys(target) {
      listed++;
      return Reflect.ownKeys(target);
    },
  });
  builtFrom(alerts, list);
  return { alerts, listed: () => listed };
}
