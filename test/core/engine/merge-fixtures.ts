// Raw API objects for the merge tests, shaped as the server returns them.
import type { GettableAlert } from '../../../main/core/api/types.ts';

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
