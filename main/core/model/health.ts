// "Is this instance not answering properly?": one rule for the summary, the event differ, the
// window's banner and its empty states. Stale counts: its data is old.
import type { HealthState } from './view.ts';

export function isUnhealthy(h: HealthState | undefined): boolean {
  return h === 'unreachable' || h === 'auth-failed' || h === 'stale';
}
