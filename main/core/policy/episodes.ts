// The notification policy's memory of firing episodes (cluster + fingerprint + startsAt):
// which were notified, so one episode notifies at most once even when its alert vanishes and
// comes back, and what a later resolve notification needs. Bounded: `episodes` by maxEpisodes,
// `current` and `open` only point at episodes in it (removed with them), the expiry queue by
// resolutions within the TTL.
import type { AlertView, ViewSnapshot } from '../model/view.ts';
import { MAX_BODY } from './notification-text.ts';
import type { AlertFacts } from './rule-filters.ts';
import { severityRank } from './severity.ts';
import { SlicedSweep } from './sliced-sweep.ts';

/**
 * What a resolve notification needs of the alert it follows, kept once a firing notification
 * was shown. The label set and arrays are the record's own (shared while the alert lives);
 * the annotation text is cut to what fits in a notification body.
 */
export interface ShownAlert extends AlertFacts {
  text: string;
}

/**
 * One firing episode. Small on purpose: up to `maxEpisodes` (20,000) are remembered, so it
 * holds no AlertView, only what deciding and a later resolve notification need.
 */
export interface Episode {
  /** Its key in `episodes`: `<cluster>\0<fingerprint>\0<startsAt>`. */
  key: string;
  clusterId: string;
  fingerprint: string;
  /** A notification was shown for it (resolve notifications only follow shown ones). */
  delivered: boolean;
  /** Severity rank notified (for same-fingerprint escalations). */
  rank: number;
  resolvedAt: number | undefined;
  /** The alert as last seen firing, once delivered (for resolve notifications). */
  shown: ShownAlert | undefined;
}

function shownAlert(a: AlertView): ShownAlert {
  const text = a.annotations.summary ?? a.annotations.description ?? '';
  return {
    labels: a.labels,
    severity: a.severity,
    instances: a.instances,
    receivers: a.receivers,
    // The body is cut at MAX_BODY characters anyway: a longer text never shows past that.
    text: text.length > MAX_BODY ? text.slice(0, MAX_BODY) : text,
  };
}

export interface LedgerMemory {
  episodes: number;
  current: number;
  open: number;
  expiryQueue: number;
}

export class EpisodeLedger {
  readonly #episodeTtlMs: number;
  readonly #maxEpisodes: number;
  /** Episode key `<cluster>\0<fingerprint>\0<startsAt>` -> episode (insertion = age order). */
  #episodes = new Map<string, Episode>();
  /** `<cluster>\0<fingerprint>` -> its current episode, while it is open or just resolved. */
  #current = new Map<string, Episode>();
  /** Episodes not resolved yet: the only ones an alert vanishing without an event can end. */
  #open = new Set<Episode>();
  /** Resolved episodes in order of resolution (with that time), to expire them without a scan. */
  #expiry: { episodes: Episode[]; at: number[]; head: number } = {
    episodes: [],
    at: [],
    head: 0,
  };
  /** Episodes resolved during the current decide (see settleResolved). */
  readonly #justResolved: Episode[] = [];
  /** Open episodes looked at a slice per merge for alerts gone without an event. */
  readonly #sweep = new SlicedSweep(() => this.#open.values());

  constructor(episodeTtlMs: number, maxEpisodes: number) {
    this.#episodeTtlMs = episodeTtlMs;
    this.#maxEpisodes = maxEpisodes;
  }

  /** Number of remembered episodes. */
  get size(): number {
    return this.#episodes.size;
  }

  /** Sizes of everything remembered (for tests and diagnostics: all stay bounded). */
  get memory(): LedgerMemory {
    return {
      episodes: this.#episodes.size,
      current: this.#current.size,
      open: this.#open.size,
      expiryQueue: this.#expiry.at.length - this.#expiry.head,
    };
  }

  /** Returns the episode when this is news: a new episode, or a same-fingerprint escalation. */
  start(
    alert: AlertView,
    clusterId: string,
    order: readonly string[],
    escalated: boolean,
  ): Episode | undefined {
    const cf = `${clusterId}\u0000${alert.fingerprint}`;
    const key = `${cf}\u0000${alert.startsAt}`;
    const ep = this.#episodes.get(key);
    if (ep) {
      this.#current.set(cf, ep);
      if (ep.delivered) ep.shown = shownAlert(alert);
      if (ep.resolvedAt !== undefined) {
        ep.resolvedAt = undefined;
        this.#open.add(ep);
      }
      const rank = severityRank(alert.severity, order);
      return escalated && rank < ep.rank ? ep : undefined;
    }
    const created: Episode = {
      key,
      clusterId,
      fingerprint: alert.fingerprint,
      delivered: false,
      rank: severityRank(alert.severity, order),
      resolvedAt: undefined,
      shown: undefined,
    };
    this.#episodes.set(key, created);
    this.#current.set(cf, created);
    this.#open.add(created);
    if (this.#episodes.size > this.#maxEpisodes) {
      const oldest = this.#episodes.values().next().value;
      if (oldest !== undefined) this.#forget(oldest);
    }
    return created;
  }

  /** Drops an episode and everything pointing at it. */
  #forget(ep: Episode): void {
    this.#episodes.delete(ep.key);
    this.#open.delete(ep);
    const cf = `${ep.clusterId}\u0000${ep.fingerprint}`;
    if (this.#current.get(cf) === ep) this.#current.delete(cf);
  }

  /** The alert's current episode on the cluster (open or just resolved), if any. */
  currentOf(clusterId: string, fingerprint: string): Episode | undefined {
    return this.#current.get(`${clusterId}\u0000${fingerprint}`);
  }

  markDelivered(ep: Episode, alert: AlertView, order: readonly string[]): void {
    ep.delivered = true;
    ep.rank = Math.min(ep.rank, severityRank(alert.severity, order));
    ep.shown = shownAlert(alert);
  }

  /** A reminder was shown for the alert: its episode counts as notified (a resolve follows). */
  reminded(clusterId: string, alert: AlertView, order: readonly string[]): void {
    const ep = this.#current.get(`${clusterId}\u0000${alert.fingerprint}`);
    if (ep && !ep.delivered && ep.resolvedAt === undefined) this.markDelivered(ep, alert, order);
  }

  #resolve(ep: Episode, nowMs: number): void {
    if (ep.resolvedAt !== undefined) return;
    ep.resolvedAt = nowMs;
    this.#open.delete(ep);
    this.#expiry.episodes.push(ep);
    this.#expiry.at.push(nowMs);
    this.#justResolved.push(ep);
  }

  /**
   * After the cycle an episode resolved in (its resolve notification decided), it only needs
   * to be recognised if it fires again: drop the shown alert and its `current` entry (a
   * resolved event can only follow a new firing, which sets both again).
   */
  settleResolved(): void {
    for (const ep of this.#justResolved) {
      if (ep.resolvedAt === undefined) continue;
      ep.shown = undefined;
      const cf = `${ep.clusterId}\u0000${ep.fingerprint}`;
      if (this.#current.get(cf) === ep) this.#current.delete(cf);
    }
    this.#justResolved.length = 0;
  }

  end(clusterId: string, fingerprint: string, nowMs: number): Episode | undefined {
    const ep = this.#current.get(`${clusterId}\u0000${fingerprint}`);
    if (ep) this.#resolve(ep, nowMs);
    return ep;
  }

  /**
   * Forgets episodes resolved longer than the TTL ago; alerts gone without an event count as
   * resolved. Work is proportional to the episodes expiring, not to all remembered ones, and
   * to a slice of the open episodes per call while a pass is under way (sliced-sweep.ts).
   */
  prune(view: ViewSnapshot, nowMs: number): void {
    this.#sweep.step(view.alerts, (ep) => {
      if (!view.alerts[ep.fingerprint]) this.#resolve(ep, nowMs);
    });
    const q = this.#expiry;
    while (q.head < q.at.length) {
      const at = q.at[q.head] as number;
      if (nowMs - at <= this.#episodeTtlMs) break;
      const ep = q.episodes[q.head] as Episode;
      q.head++;
      // Entries of episodes reopened (or resolved again later) or already dropped are stale.
      if (ep.resolvedAt === at && this.#episodes.get(ep.key) === ep) this.#forget(ep);
    }
    // Compact the queue: drop the consumed head, and stale entries if they pile up (flapping).
    if (q.head > 1024 && q.head * 2 > q.at.length) {
      q.episodes = q.episodes.slice(q.head);
      q.at = q.at.slice(q.head);
      q.head = 0;
    }
    if (q.at.length - q.head > 2 * this.#maxEpisodes + 1024) {
      const episodes: Episode[] = [];
      const at: number[] = [];
      for (let i = q.head; i < q.at.length; i++) {
        const ep = q.episodes[i] as Episode;
        const t = q.at[i] as number;
        if (ep.resolvedAt === t && this.#episodes.get(ep.key) === ep) {
          episodes.push(ep);
          at.push(t);
        }
      }
      this.#expiry = { episodes, at, head: 0 };
    }
  }
}
