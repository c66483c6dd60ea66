// Health of one instance, from the outcome of its polls. The rules (also in the README of
// this folder):
// - disabled: the instance is switched off in settings (never polled).
// - unknown: enabled, no poll finished yet.
// - auth-failed: the last poll got 401/403.
// - unreachable: the last poll failed hard: network, timeout, TLS, invalid or oversized
//   response, or an HTTP error other than 503 (5xx, or a 404 from a wrong path). One hard
//   failure is enough: the next successful poll clears it.
// - stale: the last poll did not fail hard (it got 503 "busy"), but nothing succeeded for
//   STALE_AFTER_INTERVALS poll intervals (counted from the last success, or from the first
//   failure when there never was one). 503 alone never makes an instance unreachable.
// - ok: the last poll succeeded, or it got 503 within that window.
// In every failing state the last good data is kept and shown as stale, never blanked.
import type { AlertmanagerError } from '../api/errors.ts';
import type { HealthState } from '../model/view.ts';

export const STALE_AFTER_INTERVALS = 3;

export type PollOutcome = 'none' | 'ok' | 'busy' | 'auth' | 'hard';

export interface HealthInput {
  enabled: boolean;
  intervalMs: number;
  now: number;
  lastOutcome: PollOutcome;
  lastSuccessAt?: number | undefined;
  failingSince?: number | undefined;
}

export function outcomeOf(error: AlertmanagerError): PollOutcome {
  if (error.kind === 'auth' || error.status === 401 || error.status === 403) return 'auth';
  if (error.busy) return 'busy';
  return 'hard';
}

export function computeHealth(h: HealthInput): HealthState {
  if (!h.enabled) return 'disabled';
  switch (h.lastOutcome) {
    case 'none':
      return 'unknown';
    case 'auth':
      return 'auth-failed';
    case 'hard':
      return 'unreachable';
    case 'ok':
    case 'busy': {
      const since = h.lastSuccessAt ?? h.failingSince;
      if (since !== undefined && h.now - since > STALE_AFTER_INTERVALS * h.intervalMs)
        return 'stale';
      return h.lastSuccessAt === undefined ? 'unknown' : 'ok';
    }
  }
}

/** Best first: the health a cluster shows is that of its best enabled member. */
const RANK: Record<HealthState, number> = {
  ok: 0,
  stale: 1,
  unknown: 2,
  unreachable: 3,
  'auth-failed': 4,
  disabled: 5,
};

export function bestHealth(states: HealthState[]): HealthState {
  let best: HealthState = 'disabled';
  for (const s of states) if (RANK[s] < RANK[best]) best = s;
  return best;
}
