// Phase 1 of the notification policy's decide (notify.ts): alert events paired by (cluster,
// fingerprint), with the escalation among them.
import type { CoreEvent } from '../model/events.ts';

export type AlertEvent = Extract<
  CoreEvent,
  { type: 'alert-firing' | 'alert-unsuppressed' | 'severity-escalated' }
>;
export type Escalation = Extract<CoreEvent, { type: 'severity-escalated' }>;

export const pairKey = (e: { clusterId: string; fingerprint: string }) =>
  `${e.clusterId}\u0000${e.fingerprint}`;

function isAlertEvent(e: CoreEvent): e is AlertEvent {
  return (
    e.type === 'alert-firing' || e.type === 'alert-unsuppressed' || e.type === 'severity-escalated'
  );
}

/** Phase 1: alert events by (cluster, fingerprint); a firing alert may come with an escalation. */
export function relatedAlertEvents(events: readonly CoreEvent[]): {
  related: Map<string, AlertEvent[]>;
  escalations: Map<string, Escalation>;
} {
  const escalations = new Map<string, Escalation>();
  const related = new Map<string, AlertEvent[]>();
  for (const e of events) {
    if (!isAlertEvent(e)) continue;
    const cf = pairKey(e);
    if (e.type === 'severity-escalated') escalations.set(cf, e);
    const list = related.get(cf);
    if (list) list.push(e);
    else related.set(cf, [e]);
  }
  return { related, escalations };
}
