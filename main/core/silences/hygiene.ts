// Stale-silence hygiene: silences that silence nothing and silences set to run for weeks are
// how alerts stay hidden long after anyone remembers why. The core watches every active
// silence: one that has silenced no alert for `unusedAfterMin` minutes, or that is set to run
// longer than `longRunningDays`, needs attention; each is announced once.
//
// "Silenced" is the server's word for it (the alert's silencedBy), not a preview of ours.
// What the app has not seen it does not claim: the clock of an unused silence starts when the
// core first sees it, and nothing is flagged from a cluster with no fresh data (missing data
// never makes a silence look unused; once data is back, it says whether the silence is used).
// The clocks and what was announced are kept in the history file when it is on
// (hygiene-memory.ts): a restart continues them. Nothing is forgotten about a silence until its
// cluster has answered again without it (a cluster not yet polled after a start proves nothing).
import type { MergedView } from '../engine/merge.ts';
import type { SilenceAttention } from '../model/view.ts';
import { valuesOf } from '../model/record-values.ts';
import {
  HygieneMemory,
  sameMark,
  type HygieneMark,
  type HygieneReason,
  type HygieneStore,
} from './hygiene-memory.ts';

type HygieneView = Pick<MergedView, 'silences' | 'alerts' | 'clusters'>;

export interface HygienePolicy {
  unusedAfterMs: number;
  longRunningMs: number;
}

export interface HygieneResult {
  /** The flags by silence key; the same Map object as before when nothing changed. */
  attention: ReadonlyMap<string, SilenceAttention>;
  /** Flags raised for the first time (to announce once). */
  raised: { silenceKey: string; attention: SilenceAttention }[];
}

export class SilenceHygiene {
  /** When each active silence last silenced an alert (or was first seen, or data went stale). */
  readonly #lastUsed = new Map<string, number>();
  #attention: ReadonlyMap<string, SilenceAttention> = new Map();
  /** `<key>|unused` / `<key>|long` already announced. */
  readonly #announced = new Set<string>();
  #alerts: MergedView['alerts'] | undefined;
  #used: { has(key: string): boolean } = new Set<string>();
  readonly #memory: HygieneMemory;
  /** The store the marks were last loaded from, and what it holds now (as written). */
  #store: HygieneStore | null = null;
  #saved = new Map<string, HygieneMark>();

  constructor(memory = new HygieneMemory()) {
    this.#memory = memory;
  }

  /**
   * `inUse`: the silence keys the view's alerts are silenced by, when the caller keeps them
   * (the Merger does, as records change); otherwise they are found by a pass over the alerts,
   * redone whenever the alerts map changed (100,000 alerts: a sorted key list per cycle).
   */
  observe(
    view: HygieneView,
    now: number,
    policy: HygienePolicy,
    inUse?: ReadonlyMap<string, unknown>,
  ): HygieneResult {
    this.#recall();
    if (inUse) {
      this.#alerts = undefined;
      this.#used = inUse;
    } else if (view.alerts !== this.#alerts) {
      // Which silences silence something now: one pass over the alerts, redone only when the
      // alert records changed.
      this.#alerts = view.alerts;
      const used = new Set<string>();
      for (const a of valuesOf(view.alerts)) for (const k of a.silencedBy) used.add(k);
      this.#used = used;
    }
    const next = new Map<string, SilenceAttention>();
    const raised: HygieneResult['raised'] = [];
    const live = new Set<string>();
    for (const key in view.silences) {
      const s = view.silences[key]!;
      if (s.state !== 'active') continue;
      live.add(key);
      if (this.#used.has(key) || !this.#lastUsed.has(key)) this.#lastUsed.set(key, now);
      // Our acks are short by design and we expire them. Anyone else's "ack" is checked like
      // any silence: the ACK! text proves nothing (a 30-day one deserves attention).
      if (s.ack?.mine) continue;
      const cluster = view.clusters[s.clusterId];
      if (!cluster || cluster.stale) {
        // No fresh data: nothing new is concluded (flags stay as they were, none is raised).
        const had = this.#attention.get(key);
        if (had) next.set(key, had);
        continue;
      }
      const a: SilenceAttention = {};
      const since = this.#lastUsed.get(key)!;
      if (now - since >= policy.unusedAfterMs) a.unusedSince = new Date(since).toISOString();
      if (Date.parse(s.endsAt) - Date.parse(s.startsAt) > policy.longRunningMs)
        a.longRunning = true;
      if (a.unusedSince === undefined && !a.longRunning) continue;
      next.set(key, a);
      if (a.unusedSince !== undefined && !this.#announced.has(`${key}|unused`)) {
        this.#announced.add(`${key}|unused`);
        raised.push({ silenceKey: key, attention: a });
      } else if (a.longRunning && !this.#announced.has(`${key}|long`)) {
        this.#announced.add(`${key}|long`);
        raised.push({ silenceKey: key, attention: a });
      }
      // A silence flagged for both is announced once for each reason, in that order.
      if (a.unusedSince !== undefined && a.longRunning && !this.#announced.has(`${key}|long`))
        this.#announced.add(`${key}|long`);
    }
    for (const key of this.#lastUsed.keys())
      if (!live.has(key) && answered(view, key)) this.#lastUsed.delete(key);
    // Unused again later after being used: announce again then. Only fresh data concludes.
    for (const mark of this.#announced) {
      const [key, why] = splitMark(mark);
      if (!answered(view, key)) continue;
      if (!live.has(key) || (why === 'unused' && next.get(key)?.unusedSince === undefined))
        this.#announced.delete(mark);
    }
    if (!sameAttention(next, this.#attention)) this.#attention = next;
    this.#persist(view, live);
    return { attention: this.#attention, raised };
  }

  /**
   * A store just plugged in: its marks continue the clocks of silences not tracked yet (a
   * start); for those tracked (the history turned on while running) this run's are newer.
   */
  #recall(): void {
    const store = this.#memory.store;
    if (store === this.#store) return;
    this.#store = store;
    this.#saved = store ? store.load() : new Map();
    for (const [key, m] of this.#saved) {
      if (this.#lastUsed.has(key)) continue;
      if (m.unusedSince !== null) this.#lastUsed.set(key, m.unusedSince);
      for (const why of m.announced) this.#announced.add(`${key}|${why}`);
    }
  }

  /** Writes the marks that changed (rarely: a silence turning unused, a flag announced). */
  #persist(view: HygieneView, live: ReadonlySet<string>): void {
    if (!this.#store) return;
    const changes = new Map<string, HygieneMark | null>();
    const consider = (key: string) => {
      if (changes.has(key)) return;
      const want = this.#markOf(view, live, key);
      if (!sameMark(want, this.#saved.get(key))) changes.set(key, want ?? null);
    };
    for (const key of this.#lastUsed.keys()) consider(key);
    for (const key of this.#saved.keys()) consider(key);
    for (const mark of this.#announced) consider(splitMark(mark)[0]);
    if (changes.size === 0) return;
    for (const [key, m] of changes) {
      if (m) this.#saved.set(key, m);
      else this.#saved.delete(key);
    }
    this.#store.save(changes);
  }

  #markOf(view: HygieneView, live: ReadonlySet<string>, key: string): HygieneMark | undefined {
    const s = view.silences[key];
    if (s?.ack) return undefined;
    const isLive = live.has(key);
    const since = isLive && this.#used.has(key) ? null : (this.#lastUsed.get(key) ?? null);
    // Most silences are in use and were never announced: no row, nothing built.
    if (
      since === null &&
      !this.#announced.has(`${key}|unused`) &&
      !this.#announced.has(`${key}|long`)
    )
      return undefined;
    const announced = REASONS.filter((why) => this.#announced.has(`${key}|${why}`));
    const endsAt = s ? Date.parse(s.endsAt) : (this.#saved.get(key)?.endsAt ?? 0);
    return { unusedSince: since, announced, endsAt };
  }
}

const REASONS: readonly HygieneReason[] = ['unused', 'long'];

/**
 * Whether the silence's cluster has said what it holds now: it answered (fresh data), or it
 * is gone from the settings. Until then nothing about its silences is forgotten.
 */
function answered(view: HygieneView, key: string): boolean {
  const cluster = view.clusters[key.slice(0, key.lastIndexOf('/'))];
  return !cluster || (cluster.health === 'ok' && !cluster.stale);
}

function splitMark(mark: string): [string, string] {
  const i = mark.lastIndexOf('|');
  return [mark.slice(0, i), mark.slice(i + 1)];
}

function sameAttention(
  a: ReadonlyMap<string, SilenceAttention>,
  b: ReadonlyMap<string, SilenceAttention>,
): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) {
    const w = b.get(k);
    if (!w || w.unusedSince !== v.unusedSince || w.longRunning !== v.longRunning) return false;
  }
  return true;
}
