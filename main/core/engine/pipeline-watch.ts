// Dead-man's switch per cluster (issue 32): "no alerts" is only good news when the pipeline
// that would send them works. Prometheus setups keep an always-firing alert (kube-prometheus'
// `Watchdog`, `expr: vector(1)`) for this. The rule, evaluated after every merge:
//
// - The alert is whatever matches `notifications.watchdog` (default `alertname="Watchdog"`;
//   '' switches the watch off). Any state counts as seen (active, silenced, inhibited): a
//   silenced Watchdog still proves Prometheus evaluates rules and reaches Alertmanager.
// - A cluster is watched once the alert was seen there (`watchdogExpect: 'seen'`, the default:
//   clusters without such a rule are never flagged), or always (`'always'`: every cluster is
//   expected to have it). Where it was seen is remembered across restarts (a store, the
//   shells' watchdog.json): a Watchdog that stopped while the app was closed is still missed.
//   The memory belongs to one matcher: a new matcher starts it again.
// - A watched cluster is "pipeline silent" when it ANSWERS (health ok, not stale) and the alert
//   has not been listed there for `watchdogSilentMin` minutes, counted from the later of the
//   last time it was seen and the time the cluster last started answering (after an outage,
//   Alertmanager may have restarted empty; Prometheus re-sends within its resend delay).
// - A cluster that does not answer is missing data, never pipeline silent.
import type { ClusterView } from '../model/view.ts';
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

/** Clusters the alert was seen on (epoch ms, last time), for one matcher text. */
export interface WatchdogSeen {
  matcher: string;
  seen: Record<string, number>;
}

export interface WatchdogMemoryStore {
  load(): Promise<WatchdogSeen>;
  save(memory: WatchdogSeen): Promise<void>;
}

/** A remembered time is written again only when it is older than this (not every poll). */
const SAVE_EVERY_MS = 60 * 60_000;

export class PipelineWatch {
  readonly #clusters = new Map<string, ClusterWatch>();
  readonly #store: WatchdogMemoryStore | undefined;
  /** What the store holds (or will once written), by cluster; for `#matcher` only. */
  #remembered: Record<string, number> = {};
  #matcher = '';
  #saving = false;
  #dirty = false;
  /** Resolves once the store was read (tests; the watch works before, forgetting nothing). */
  readonly loaded: Promise<void>;

  constructor(store?: WatchdogMemoryStore, log?: (message: string) => void) {
    this.#store = store;
    this.loaded = store
      ? store.load().then(
          (m) => {
            // Anything seen before the file was read wins (it is newer).
            for (const [id, at] of Object.entries(m.seen)) {
              if (this.#matcher === '' || m.matcher === this.#matcher) {
                this.#remembered[id] = Math.max(this.#remembered[id] ?? 0, at);
              }
            }
            if (this.#matcher === '') this.#matcher = m.matcher;
          },
          (e: unknown) => log?.(`Watchdog memory not read: ${String(e)}`),
        )
      : Promise.resolve();
    this.#log = log;
  }
  readonly #log: ((message: string) => void) | undefined;

  /**
   * Sorted ids of the clusters that are pipeline silent now. `present`: the clusters where an
   * alert matching `n.watchdog` is listed and not stale (the merger keeps them as records
   * change: summary.ts AlertCounts.excludedOn).
   */
  observe(
    present: { has(cluster: string): boolean },
    clusters: Record<string, ClusterView>,
    n: WatchSettings,
    nowMs: number,
  ): string[] {
    const test = labelTest(n.watchdog);
    if (!test) {
      this.#clusters.clear();
      return [];
    }
    if (n.watchdog !== this.#matcher) {
      // Another alert is the Watchdog now: where the old one was seen says nothing of it.
      if (this.#matcher !== '') this.#remembered = {};
      this.#matcher = n.watchdog;
      for (const w of this.#clusters.values()) delete w.seenAt;
    }
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
        if (nowMs - (this.#remembered[id] ?? 0) >= SAVE_EVERY_MS) {
          this.#remembered[id] = nowMs;
          this.#dirty = true;
        }
        continue;
      }
      const seenAt = w.seenAt ?? this.#remembered[id];
      if (seenAt === undefined && n.watchdogExpect !== 'always') continue;
      const since = Math.max(seenAt ?? 0, w.answeringSince);
      if (nowMs - since >= n.watchdogSilentMin * 60_000) silent.push(id);
    }
    for (const id of this.#clusters.keys()) if (!(id in clusters)) this.#clusters.delete(id);
    if (this.#dirty) this.#save();
    return silent.sort();
  }

  /** Writes the memory (one write at a time; a change meanwhile is written after it). */
  #save(): void {
    const store = this.#store;
    if (!store || this.#saving) return;
    this.#dirty = false;
    this.#saving = true;
    void store
      .save({ matcher: this.#matcher, seen: { ...this.#remembered } })
      .catch((e: unknown) => this.#log?.(`Watchdog memory not saved: ${String(e)}`))
      .finally(() => {
        this.#saving = false;
        if (this.#dirty) this.#save();
      });
  }
}
