// A server that restarted lost its alerts: Alertmanager keeps them in memory only (silences
// and the notification log are on disk), and Prometheus sends them again at its next rule
// evaluation past its resend delay (a minute each by default). Meanwhile its list is short or
// empty. A walk-through restarted a standalone Alertmanager: its critical left the list and the
// Timeline logged it "resolved" while nobody knew, the "all clear" of missing data. What it
// listed before the restart is kept, stale, until each alert's own end and at least
// RESEND_GRACE_MS after the restart: an alert Prometheus still fires is back by then, and one
// that is not was resolved while the server was away. (An HA member's peers still list theirs:
// merge-input.ts keeps only what no answering member lists.)
import type { AlertGroup } from '../api/types.ts';
import type { InstanceData } from './merge-input.ts';

/** How long after a restart its old alerts are kept at least: two default resend rounds. */
export const RESEND_GRACE_MS = 3 * 60_000;

export interface RestartHold {
  /** What the server listed before it restarted (silences are on its disk: none kept). */
  data: InstanceData;
  /** The alerts are kept at least until this time (ms). */
  keepUntil: number;
  /** Past this time nothing is kept: the latest of keepUntil and the alerts' ends. */
  expires: number;
  /** When the server started again (its /status uptime). */
  startedAt: string;
}

/** Whether /status says the server started after the one seen before (a new uptime). */
export function restarted(before: string | undefined, now: string | undefined): boolean {
  if (before === undefined || now === undefined || before === now) return false;
  const a = Date.parse(before);
  const b = Date.parse(now);
  return Number.isFinite(a) && Number.isFinite(b) && b > a;
}

/** Alerts listed (a label set listed under two receivers counts twice: a hint, not a count). */
export function listedAlerts(groups: readonly AlertGroup[]): number {
  let n = 0;
  for (const g of groups) n += g.alerts.length;
  return n;
}

/**
 * The hold after a restart seen at `now`: the data from before it, and what an earlier hold
 * still kept that this data does not list (a server restarted twice within the grace).
 */
export function holdAfterRestart(
  before: InstanceData,
  startedAt: string,
  now: number,
  earlier: RestartHold | undefined,
): RestartHold | undefined {
  const started = Date.parse(startedAt);
  // The server's clock may be ahead of ours: the grace counts from whichever is earlier.
  const keepUntil = (Number.isFinite(started) ? Math.min(started, now) : now) + RESEND_GRACE_MS;
  let groups = before.groups;
  if (earlier && now < earlier.expires) {
    const listed = new Set<string>();
    for (const g of groups) for (const a of g.alerts) listed.add(a.fingerprint);
    const more: AlertGroup[] = [];
    for (const g of earlier.data.groups) {
      const alerts = g.alerts.filter((a) => !listed.has(a.fingerprint));
      if (alerts.length > 0) more.push(alerts.length === g.alerts.length ? g : { ...g, alerts });
    }
    if (more.length > 0) groups = [...groups, ...more];
  }
  return withEnd(groups, keepUntil, startedAt);
}

/**
 * The hold without the alerts the server lists again (Prometheus sent them): undefined when
 * none is left, so the instance stops saying it restarted once all are back.
 */
export function pruneHold(hold: RestartHold, now: InstanceData): RestartHold | undefined {
  const listed = new Set<string>();
  for (const g of now.groups) for (const a of g.alerts) listed.add(a.fingerprint);
  let changed = false;
  const groups: AlertGroup[] = [];
  for (const g of hold.data.groups) {
    const alerts = g.alerts.filter((a) => !listed.has(a.fingerprint));
    if (alerts.length !== g.alerts.length) changed = true;
    if (alerts.length > 0) groups.push(alerts.length === g.alerts.length ? g : { ...g, alerts });
  }
  return changed ? withEnd(groups, hold.keepUntil, hold.startedAt) : hold;
}

function withEnd(
  groups: AlertGroup[],
  keepUntil: number,
  startedAt: string,
): RestartHold | undefined {
  if (groups.length === 0) return undefined;
  let expires = keepUntil;
  for (const g of groups)
    for (const a of g.alerts) {
      const end = Date.parse(a.endsAt);
      if (end > expires) expires = end;
    }
  return { data: { groups, silences: [] }, keepUntil, expires, startedAt };
}
