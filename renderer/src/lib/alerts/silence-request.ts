// What "silence" on a row of the alert list opens: the silence form for the group (its
// cluster), for the alert (the cluster of its group, else its first), or a blank one.
import type { SilenceFormRequest } from '../app/silence-form-request.ts';
import type { ListRow as Row } from '$core/list/list-query.ts';

export function silenceRequestFor(row: Row | null): SilenceFormRequest {
  if (!row || row.kind === 'section') return { mode: 'create' };
  // The view's group (a section's group row stands for part of it).
  if (row.kind === 'group')
    return { mode: 'create', from: { groupKey: row.group.key }, clusterId: row.group.clusterId };
  const clusterId = row.clusterId || row.alert.clusters[0];
  return {
    mode: 'create',
    from: { fingerprint: row.alert.fingerprint, ...(clusterId ? { clusterId } : {}) },
    ...(clusterId ? { clusterId } : {}),
  };
}
