// What became of the alert a notification named, in the words of the bell's list: the list
// kept only what was said then ("DiskFull (critical) fires"), so at 3 a.m. the engineer could
// not tell which of the last hour's notifications still needed them without opening each.
import { acknowledgedBy, acksAmong } from '$core/model/ack-text.ts';
import type { AppNotification } from '$core/model/events.ts';
import type { AlertView, SilenceView } from '$core/model/view.ts';

/** `unknown`: only last-known data (no member of its Alertmanager answers): not "firing". */
export type NotificationStateKind = 'firing' | 'handled' | 'gone' | 'unknown';

export interface NotificationState {
  kind: NotificationStateKind;
  text: string;
}

/**
 * The state now of the alert a notification is about, on the Alertmanager it was about (the
 * merged state when that one no longer lists it or none was named); `null`: no longer in the
 * core's view (resolved, or gone with its server: "not firing now" says no more than known).
 */
export function alertStateNow(
  alert: AlertView | null,
  clusterId: string | undefined,
  silences: Readonly<Record<string, SilenceView>>,
): NotificationState {
  if (!alert) return { kind: 'gone', text: 'not firing now' };
  // A walk-through's bell said "still firing" of alerts on a server that had stopped answering.
  if (alert.stale) return { kind: 'unknown', text: 'no data now (last known: firing)' };
  const here = (clusterId !== undefined && alert.statusByCluster[clusterId]) || alert;
  if (here.state === 'active') return { kind: 'firing', text: 'still firing' };
  if (here.state === 'unprocessed') return { kind: 'firing', text: 'still firing (unprocessed)' };
  const acks = acksAmong(here.silencedBy, silences);
  if (acks.length > 0) return { kind: 'handled', text: acknowledgedBy(acks.map((s) => s.ack!)) };
  if (here.silencedBy.length > 0) return { kind: 'handled', text: 'silenced' };
  if (here.inhibitedBy.length > 0) return { kind: 'handled', text: 'inhibited' };
  return { kind: 'handled', text: 'muted' };
}

/** Most alerts of one notification looked up (a storm summary may stand for hundreds). */
export const MAX_ALERTS_LOOKED_UP = 20;

/** The alerts (on their Alertmanager) a notification is about, at most MAX_ALERTS_LOOKED_UP. */
export function alertsOf(n: AppNotification): { fingerprint: string; clusterId?: string }[] {
  const out: { fingerprint: string; clusterId?: string }[] = [];
  const seen = new Set<string>();
  const add = (fingerprint: string, clusterId: string | undefined): void => {
    const key = `${clusterId ?? ''}/${fingerprint}`;
    if (seen.has(key) || out.length >= MAX_ALERTS_LOOKED_UP) return;
    seen.add(key);
    out.push(clusterId === undefined ? { fingerprint } : { fingerprint, clusterId });
  };
  for (const e of n.events) {
    if (
      e.type === 'alert-firing' ||
      e.type === 'alert-reminder' ||
      e.type === 'alert-unsuppressed' ||
      e.type === 'severity-escalated'
    )
      add(e.fingerprint, e.clusterId);
  }
  if (out.length === 0 && n.target?.fingerprint) add(n.target.fingerprint, n.target.clusterId);
  return out;
}

/** One line for the states of a notification's alerts (firing first: what still needs you). */
export function summarize(states: readonly NotificationState[]): NotificationState | undefined {
  if (states.length === 0) return undefined;
  if (states.length === 1) return states[0];
  const firing = states.filter((s) => s.kind === 'firing').length;
  const unknown = states.filter((s) => s.kind === 'unknown').length;
  const noData = unknown > 0 ? `, ${unknown} without data now` : '';
  if (firing > 0)
    return {
      kind: 'firing',
      text:
        (firing === states.length
          ? 'all still firing'
          : `${firing} of ${states.length} still firing`) + noData,
    };
  if (unknown > 0)
    return {
      kind: 'unknown',
      text:
        unknown === states.length
          ? 'no data now'
          : `${unknown} of ${states.length} without data now`,
    };
  if (states.every((s) => s.kind === 'gone')) return { kind: 'gone', text: 'none firing now' };
  const texts = new Set(states.filter((s) => s.kind === 'handled').map((s) => s.text));
  return { kind: 'handled', text: texts.size === 1 ? [...texts][0]! : 'all handled' };
}
