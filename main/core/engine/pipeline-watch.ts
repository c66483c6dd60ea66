// Dead-man's switch per cluster (issue 32): "no alerts" is only good news when the pipeline
// that would send them works. Prometheus setups keep an always-firing alert (kube-prometheus'
// `Watchdog`, `expr: vector(1)`) for this. The rule, evaluated after every merge:
//
// - The alert is whatever matches `notifications.watchdog` (default `alertname="Watchdog"`;
//   '' switches the watch off). Any state counts as seen (active, silenced, inhibited): a
//   silenced Watchdog still proves Prometheus evaluates rules and reaches Alertmanager.
// - A cluster is watched once the alert was seen there since the app started
//   (`watchdogExpect: 'seen'`, the default: clusters without such a rule are never flagged), or
//   always (`'always'`: every cluster is expected to have it).
// - A watched cluster is "pipeline silent" when it ANSWERS (health ok, not stale) and the alert
//   has not been listed there for `watchdogSilentMin` minutes, counted from the later of the
//   last time it was seen and the time the cluster last started answering (after an outage,
//   Alertmanager may have restarted empty; Prometheus re-sends within its resend delay).
// - A cluster that does not answer is missing data, never pipeline silent.
import type { AlertView, ClusterView } from '../model/view.ts';
import { labelTest } from '../matchers/label-test.ts';
import type { NotificationSettings } from '../settings/types.ts';

interface ClusterWatch {
  /** When the alert was last listed on this cluster (ms), if ever. */
  seenAt?: number;
  /** Since when the cluster answers without a break (ms); undefined while it does not. */
  answeringSince?: number;
}

type WatchSettings = Pick<
  NotificationSettings,
  'watchdog' | 'watchdogExpect' | 'watchdogSilentMin'
>;

export class PipelineWatch {
  readonly #clusters = new Map<string, ClusterWatch>();
  /** Clusters the alert was listed on, for the last alerts collection looked at. */
  #present: { alerts: Record<string, AlertView>; text: string; on: Set<string> } | undefined;

  /** Sorted ids of the clusters that are pipeline silent now. */
  observe(
    alerts: Record<string, AlertView>,
    clusters: Record<string, ClusterView>,
    n: WatchSettings,
    nowMs: number,
  ): string[] {
    const test = labelTest(n.watchdog);
    if (!test) {
      this.#clusters.clear();
      return [];
    }
    const present = this.#presentOn(alerts, n.watchdog, test);
    const silent: string[] = [];
    for (const [id, cluster] of Object.entries(clusters)) {
      const w = this.#clusters.get(id) ?? {};
      this.#clusters.set(id, w);
      const answers = cluster.health === 'ok' && !cluster.stale;
      if (!answers) {
        delete w.answeringSince;
        continue;
      }
      w.answeringSince ??= nowMs;
      if (present.has(id)) {
        w.seenAt = nowMs;
        continue;
      }
      if (w.seenAt === undefined && n.watchdogExpect !== 'always') continue;
      const since = Math.max(w.seenAt ?? 0, w.answeringSince);
      if (nowMs - since >= n.watchdogSilentMin * 60_000) silent.push(id);
    }
    for (const id of this.#clusters.keys()) if (!(id in clusters)) this.#clusters.delete(id);
    return silent.sort();
  }

  /**
   * Where the alert is listed. The alerts collection is a new object only when an alert
   * changed, so an unchanged poll costs nothing; otherwise one cheap test per alert.
   */
  #presentOn(
    alerts: Record<string, AlertView>,
    text: string,
    test: (labels: Record<string, string>) => boolean,
  ): Set<string> {
    if (this.#present?.alerts === alerts && this.#present.text === text) return this.#present.on;
    const on = new Set<string>();
    for (const fp in alerts) {
      const a = alerts[fp]!;
      if (a.stale || !test(a.labels)) continue;
      for (const c of a.clusters) on.add(c);
    }
    this.#present = { alerts, text, on };
    return on;
  }
}
