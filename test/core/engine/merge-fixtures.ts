// Raw API objects for the merge tests, shaped as the server returns them.
import type { AlertGroup, GettableAlert } from '../../../main/core/api/types.ts';
import type { MergeInput, MergeInstance } from '../../../main/core/engine/merge.ts';
import type { HealthState } from '../../../main/core/model/view.ts';

export const T = '2026-11-21T01:00:00.000Z';

/** One alert as /alerts/groups lists it: active, one receiver, no annotations unless given. */
export function rawAlert(
  fp: string,
  labels: Record<string, string>,
  extra: Partial<GettableAlert> = {},
): GettableAlert {
  return {
    labels,
    annotations: {},
    receivers: [{ name: 'team-a' }],
    fingerprint: fp,
    startsAt: T,
    updatedAt: T,
    endsAt: '2026-11-21T05:00:00.000Z',
    status: { state: 'active', silencedBy: [], inhibitedBy: [] },
    ...extra,
  };
}

/** Fresh objects, as each poll parses new JSON. */
export const copy = <X>(x: X): X => structuredClone(x);

// The reuse and memory tests' payloads: alerts named, one group per name and receiver.
export const LATER = '2026-11-21T01:05:00.000Z';

export function alert(
  fp: string,
  alertname: string,
  extra: Partial<GettableAlert> = {},
): GettableAlert {
  return rawAlert(
    fp,
    { alertname, severity: 'warning', fp },
    { annotations: { summary: `about ${fp}` }, ...extra },
  );
}

export function group(alertname: string, alerts: GettableAlert[], receiver = 'team-a'): AlertGroup {
  return { labels: { alertname }, receiver: { name: receiver }, alerts };
}

export function inst(
  id: string,
  groups: AlertGroup[] | undefined,
  health: HealthState = 'ok',
  clusterId = 'c1',
): MergeInstance {
  return {
    view: { id, name: id, url: `http://${id}`, clusterId, enabled: true, health },
    data: groups ? { groups, silences: [] } : undefined,
  };
}

export function input(
  instances: MergeInstance[],
  severityOrder = ['critical', 'warning'],
): MergeInput {
  return { instances, clusterNames: {}, severityLabel: 'severity', severityOrder };
}
