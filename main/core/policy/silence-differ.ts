// Silence events of the event differ (differ.ts): created, edited, expired, and expiring
// soon (once per silence and end time). Only clusters with fresh data take part. An
// acknowledgement never warns that it ends: its owner renews it while its alerts fire (once
// less than half is left, so it always crosses the warning line before its renewal) and lets
// it end on purpose once they resolved; a warning would nag the person who acknowledged.
import type { CoreEvent } from '../model/events.ts';
import type { SilenceView, ViewSnapshot } from '../model/view.ts';
import { hadData, isClusterFresh } from './freshness.ts';
import type { RecordFacts } from './record-facts.ts';
import { valuesOf } from '../model/record-values.ts';

export class SilenceDiffer {
  readonly #facts: RecordFacts;
  /** `<silenceKey>\0<endsAt>` already warned about (or never to warn about). */
  readonly #warned = new Set<string>();

  constructor(facts: RecordFacts) {
    this.#facts = facts;
  }

  diff(
    prev: ViewSnapshot | undefined,
    next: ViewSnapshot,
    nowMs: number,
    expiringWithinMin: number,
    out: CoreEvent[],
  ): void {
    const windowMs = Math.max(0, expiringWithinMin) * 60_000;
    const stillThere = new Set<string>();
    for (const s of valuesOf(next.silences)) {
      const warnKey = this.#facts.warnKey(s);
      stillThere.add(warnKey);
      if (!isClusterFresh(next, s.clusterId)) continue;
      const before = prev?.silences[s.key];
      if (!before) {
        // Silences of a cluster we see for the first time existed already: not "created".
        if (hadData(prev, s.clusterId) && s.state !== 'expired') {
          out.push({ type: 'silence-created', silenceKey: s.key, clusterId: s.clusterId });
        }
      } else if (before.state !== 'expired' && s.state === 'expired') {
        out.push({ type: 'silence-expired', silenceKey: s.key, clusterId: s.clusterId });
      } else if (s.state !== 'expired' && before.updatedAt !== s.updatedAt) {
        // Alertmanager updates a silence in place (same id) when only its times or comment
        // change; a matcher change makes a new silence (created + expired instead).
        out.push({ type: 'silence-edited', silenceKey: s.key, clusterId: s.clusterId });
      }
      if (windowMs > 0) this.#checkExpiring(s, warnKey, nowMs, windowMs, out);
    }
    for (const before of Object.values(prev?.silences ?? {})) {
      if (next.silences[before.key] || before.state === 'expired') continue;
      if (!isClusterFresh(next, before.clusterId)) continue;
      out.push({ type: 'silence-expired', silenceKey: before.key, clusterId: before.clusterId });
    }
    // Bounded memory: only silences (and end times) that still exist.
    for (const k of this.#warned) if (!stillThere.has(k)) this.#warned.delete(k);
  }

  #checkExpiring(
    s: SilenceView,
    warnKey: string,
    nowMs: number,
    windowMs: number,
    out: CoreEvent[],
  ): void {
    if (s.state !== 'active' || this.#warned.has(warnKey)) return;
    // An ack (ours or another install's: each owner renews its own) never warns.
    if (s.ack) {
      this.#warned.add(warnKey);
      return;
    }
    const end = this.#facts.endMs(s);
    const start = this.#facts.startMs(s);
    if (Number.isNaN(end)) return;
    // A silence shorter than the window was "expiring" from birth: its author knows.
    if (!Number.isNaN(start) && end - start <= windowMs) {
      this.#warned.add(warnKey);
      return;
    }
    const remaining = end - nowMs;
    if (remaining > 0 && remaining <= windowMs) {
      this.#warned.add(warnKey);
      out.push({
        type: 'silence-expiring',
        silenceKey: s.key,
        clusterId: s.clusterId,
        endsAt: s.endsAt,
      });
    }
  }
}
