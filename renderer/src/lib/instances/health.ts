// How the Instances view words an instance: its health (with a badge class), its version and
// its cluster's state. Plain functions of the instance and the clock.
import type { InstanceView } from '$core/model/view.ts';
import { formatTime } from '../format/time.ts';

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
