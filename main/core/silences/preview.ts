// Which current alerts of a cluster a silence would hit. Computed client side with the
// server's matcher rules, because the API offers no such query.
import type { Matcher } from '../api/types.ts';
import type { ViewSnapshot } from '../model/view.ts';
import type { PreviewResult } from '../service.ts';
import { matchesAlert, type MatcherInput } from '../matchers/evaluate.ts';
import { alertNameOf } from '../model/alert-name.ts';

/**
 * Alerts seen on `clusterId` (any state: an already silenced alert is still "affected") that
 * every matcher matches, sorted by alertname then fingerprint for a stable list.
 */
export function previewSilence(
  snapshot: ViewSnapshot,
  clusterId: string,
  matchers: readonly (Matcher | MatcherInput)[],
): PreviewResult {
  const alerts = Object.values(snapshot.alerts)
    .filter((a) => a.clusters.includes(clusterId) && matchesAlert(matchers, a.labels))
    .sort((a, b) => {
      const n = alertNameOf(a.labels).localeCompare(alertNameOf(b.labels));
      return n !== 0
        ? n
        : a.fingerprint < b.fingerprint
          ? -1
          : a.fingerprint > b.fingerprint
            ? 1
            : 0;
    });
  return {
    clusterId,
    fingerprints: alerts.map((a) => a.fingerprint),
    alerts,
    total: alerts.length,
  };
}
