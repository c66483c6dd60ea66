// The view's summary (counts, worst state, missing data) from the alert counts the merger
// keeps up to date and the instance and cluster records.
import type { AlertView, ClusterView, InstanceView, Summary, WorstState } from '../model/view.ts';
import { isUnhealthy } from '../model/health.ts';

/**
 * Counts over every alert record, kept by the merger as records come and go (a merge that
 * rebuilds 50 records of 100,000 adjusts 50 counts instead of recounting).
 */
export class AlertCounts {
  /** Active alerts per severity ('' for none). */
  readonly #bySeverity = new Map<string, number>();
  #firing = 0;
  #suppressed = 0;
  /** Alerts each silence key silences now (the server's silencedBy), for silence hygiene. */
  readonly #silenceUse = new Map<string, number>();
  /**
   * The dead-man's switch (pipeline-watch.ts) fires forever by design: it is not counted as
   * firing, so it never makes the tray "warning". Changed only together with clear().
   */
  exclude: ((labels: Record<string, string>) => boolean) | undefined;
  /**
   * Clusters listing that switch in an alert that is not stale, with how many such alerts:
   * where the pipeline watch sees it, kept up to date instead of a pass over every alert of
   * each merge (~25–55 ms at 100,000 alerts).
   */
  readonly #excludedOn = new Map<string, number>();

  add(view: AlertView, sign: 1 | -1): void {
    for (const k of view.silencedBy) {
      const n = (this.#silenceUse.get(k) ?? 0) + sign;
      if (n === 0) this.#silenceUse.delete(k);
      else this.#silenceUse.set(k, n);
    }
    if (this.exclude?.(view.labels)) {
      if (!view.stale) {
        for (const c of view.clusters) {
          const n = (this.#excludedOn.get(c) ?? 0) + sign;
          if (n === 0) this.#excludedOn.delete(c);
          else this.#excludedOn.set(c, n);
        }
      }
      return;
    }
    if (view.state === 'active') {
      this.#firing += sign;
      const n = (this.#bySeverity.get(view.severity) ?? 0) + sign;
      if (n === 0) this.#bySeverity.delete(view.severity);
      else this.#bySeverity.set(view.severity, n);
    } else if (view.state === 'suppressed') {
      this.#suppressed += sign;
    }
  }

  clear(): void {
    this.#excludedOn.clear();
    this.#silenceUse.clear();
    this.#bySeverity.clear();
    this.#firing = 0;
    this.#suppressed = 0;
  }

  /** Silence keys that silence at least one alert (kept up to date, never copied). */
  get silenceUse(): ReadonlyMap<string, number> {
    return this.#silenceUse;
  }

  /** Clusters where the dead-man's switch is listed (not stale) now (kept up to date). */
  get excludedOn(): ReadonlyMap<string, number> {
    return this.#excludedOn;
  }

  get firing(): number {
    return this.#firing;
  }

  get suppressed(): number {
    return this.#suppressed;
  }

  active(severity: string | undefined): number {
    return severity === undefined ? 0 : (this.#bySeverity.get(severity) ?? 0);
  }

  bySeverity(): Record<string, number> {
    return Object.fromEntries(this.#bySeverity);
  }
}

/**
 * Summary. `worst`, most urgent first:
 * - critical: an active alert has the top severity (severityOrder[0]);
 * - warning: any other active alert (unknown or missing severities included);
 * - unreachable: nothing fires that we can see, but a cluster has no answering member (we may
 *   be missing alerts: an all-dead cluster is never "all clear");
 * - unknown: no enabled instance has answered yet (or none is configured);
 * - ok.
 * What we cannot see is the separate `missingData` list, so a dead instance never hides a
 * critical alert firing on another one; a peer down while its cluster answers is `degraded`.
 */
export function buildSummary(
  order: readonly InstanceView[],
  instances: Record<string, InstanceView>,
  clusters: Record<string, ClusterView>,
  counts: AlertCounts,
  severityLabel: string,
  severityOrder: readonly string[],
  pipelineSilent: string[] = [],
): Summary {
  const unreachableInstances: string[] = [];
  const missingData: string[] = [];
  const degraded = new Set<string>();
  let anyAnswered = false;
  for (const o of order) {
    const v = instances[o.id]!;
    if (!v.enabled) continue;
    if (v.health !== 'unknown') anyAnswered = true;
    if (!isUnhealthy(v.health)) continue;
    unreachableInstances.push(v.id);
    const cluster = clusters[v.clusterId];
    const peerAnswers = cluster?.members.some((id) => {
      const peer = instances[id];
      return id !== v.id && peer?.enabled === true && peer.health === 'ok';
    });
    if (peerAnswers) degraded.add(v.clusterId);
    else missingData.push(v.id);
  }
  const staleClusters = Object.keys(clusters).filter((c) => clusters[c]!.stale);
  const firing = counts.firing;
  let worst: WorstState;
  if (counts.active(severityOrder[0]) > 0) worst = 'critical';
  else if (firing > 0) worst = 'warning';
  else if (missingData.length > 0) worst = 'unreachable';
  else if (!anyAnswered) worst = 'unknown';
  else worst = 'ok';
  return {
    bySeverity: counts.bySeverity(),
    firing,
    suppressed: counts.suppressed,
    // An ack is a silence: an active alert is one nobody acknowledged (nor silenced, inhibited).
    unacknowledged: counts.active(severityOrder[0]),
    worst,
    unreachableInstances,
    missingData,
    degradedClusters: [...degraded].sort(),
    staleClusters,
    severityLabel,
    ...(pipelineSilent.length > 0 ? { pipelineSilent } : {}),
  };
}
