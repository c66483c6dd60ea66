// How the Instances view words an instance: its health (with a badge class), its version and
// its cluster's state. Plain functions of the instance and the clock.
import type { InstanceView } from '$core/model/view.ts';
import { formatTime } from '../format/time.ts';
import { isUnhealthy } from '$core/model/health.ts';

/** "0.25.0", "Grafana Mimir 2.14.0", or why there is none ("unknown: not reported by ..."). */
export function versionText(i: InstanceView): string {
  if (!i.version) return '—';
  if (i.versionNote) return `unknown (${i.versionNote})`;
  return i.product ? `${i.product} ${i.version.version}` : i.version.version;
}

export function healthOf(i: InstanceView, now: number): { text: string; cls: string } {
  if (!i.enabled || i.health === 'disabled') return { text: 'disabled', cls: '' };
  if (i.busy) return { text: 'busy (backing off)', cls: 'warn' };
  switch (i.health) {
    case 'ok':
      return { text: 'ok', cls: 'ok' };
    case 'unreachable':
      return {
        text: i.failingSince
          ? `unreachable since ${formatTime(i.failingSince, now)}`
          : 'unreachable',
        cls: 'danger',
      };
    case 'auth-failed':
      return { text: 'auth failed', cls: 'danger' };
    case 'stale':
      return { text: 'stale', cls: 'warn' };
    default:
      return { text: 'waiting for first poll', cls: '' };
  }
}

export function clusterCls(s: string | undefined): string {
  return s === 'ready' ? 'ok' : s === 'settling' ? 'warn' : '';
}

/**
 * Whether what /status said (cluster state, peers, version, uptime) is only the last known: the
 * instance does not answer now. Shown as current, a dead peer read "ready, 2 peers, up 5m".
 */
export function statusIsLastKnown(i: InstanceView): boolean {
  return i.enabled && i.health !== 'ok' && i.health !== 'disabled' && i.health !== 'unknown';
}

/** The title of a last-known cell: since when it is that old. */
export function lastKnownTitle(i: InstanceView, now: number): string {
  return i.lastSuccessAt
    ? `Last known at ${formatTime(i.lastSuccessAt, now)}: this Alertmanager does not answer now`
    : 'Last known: this Alertmanager does not answer now';
}

/**
 * The cluster cell's word. Alertmanager says "disabled" for a server run without clustering,
 * which read as the instance itself being off: it is a standalone server.
 */
export function clusterStatusText(s: string | undefined): string {
  if (s === undefined) return '—';
  return s === 'disabled' ? 'standalone' : s;
}

/** "1 of 2 answering" for an HA cluster some of whose members do not answer; else nothing. */
export function membersAnswering(
  members: readonly string[],
  health: (id: string) => string | undefined,
): string | undefined {
  if (members.length < 2) return undefined;
  const ok = members.filter((m) => health(m) === 'ok').length;
  return ok === members.length ? undefined : `${ok} of ${members.length} answering`;
}

/**
 * Why a silence sent to this cluster now would fail: none of its members answers ("staging is
 * not answering since 6:16 AM", "prod: none of its 2 instances answers"); undefined while one
 * does, or before the first poll says. The silence form says it before a comment is typed.
 */
export function notAnswering(
  name: string,
  members: readonly (InstanceView | undefined)[],
  now: number,
): string | undefined {
  const known = members.filter((m): m is InstanceView => m !== undefined && m.enabled);
  if (known.length === 0 || !known.every((m) => isUnhealthy(m.health))) return undefined;
  if (known.length > 1) return `${name}: none of its ${known.length} instances answers`;
  const since = known[0]!.failingSince;
  return `${name} is not answering${since ? ` since ${formatTime(since, now)}` : ''}`;
}
