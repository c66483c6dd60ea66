// Which current alerts of a cluster a silence would hit. Computed client side with the
// server's matcher rules, because the API offers no such query. Under the matching budget
// (matchers/budget.ts): an alert whose test is too expensive is counted as unknown (the window
// says the server decides), and a preview over many alerts yields to the event loop whenever
// this turn's matching time is spent, so polls and bridge calls go on meanwhile.
import type { Matcher } from '../api/types.ts';
import type { AlertView, ViewSnapshot } from '../model/view.ts';
import type { PreviewResult } from '../service.ts';
import { evaluateAlert, type MatcherInput } from '../matchers/evaluate.ts';
import { turnHasTime, yieldWhenSpent } from '../matchers/budget.ts';
import { alertNameOf } from '../model/alert-name.ts';
import { valuesOf } from '../model/record-values.ts';

function byNameThenFingerprint(a: AlertView, b: AlertView): number {
  const n = alertNameOf(a.labels).localeCompare(alertNameOf(b.labels));
  if (n !== 0) return n;
  return a.fingerprint < b.fingerprint ? -1 : a.fingerprint > b.fingerprint ? 1 : 0;
}

/**
 * Alerts seen on `clusterId` (any state: an already silenced alert is still "affected") that
 * every matcher matches, sorted by alertname then fingerprint for a stable list; `unknown`
 * counts those the budget kept from being evaluated.
 */
export async function previewSilence(
  snapshot: ViewSnapshot,
  clusterId: string,
  matchers: readonly (Matcher | MatcherInput)[],
): Promise<PreviewResult> {
  const alerts: AlertView[] = [];
  let unknown = 0;
  for (const a of valuesOf(snapshot.alerts)) {
    if (!a.clusters.includes(clusterId)) continue;
    await yieldWhenSpent();
    let v = evaluateAlert(matchers, a.labels);
    // Unknown because the turn ran out (other work ran before this alert): ask again in the
    // next turn; unknown with time left is the per-test bound, and final.
    while (v === 'unknown' && !turnHasTime()) {
      await yieldWhenSpent();
      v = evaluateAlert(matchers, a.labels);
    }
    if (v === 'match') alerts.push(a);
    else if (v === 'unknown') unknown++;
  }
  alerts.sort(byNameThenFingerprint);
  return {
    clusterId,
    fingerprints: alerts.map((a) => a.fingerprint),
    alerts,
    total: alerts.length,
    unknown,
  };
}
