// Escalation sources for the event differ (differ.ts): a more severe alert of the same rule
// (same labels but the severity label) firing while the less severe one is still there.
// Prev's alerts by alertname are the only candidates (the identity includes the alertname);
// the index is built on first need and then kept up to date from the records that changed,
// so candidates are found without reading every alert.
import type { AlertView } from '../model/view.ts';
import { namesOf, type RecordFacts } from './record-facts.ts';
import { severityRank } from './severity.ts';

type NameIndex = Map<string | undefined, Set<AlertView>>;

/** What one diff knows of the previous view. */
export interface PrevAlerts {
  alerts: Record<string, AlertView> | undefined;
  records: readonly AlertView[];
  /** now of the previous diff: phases of prev are judged at the time it was current. */
  nowMs: number;
  severityLabel: string;
  order: readonly string[];
}

export class EscalationSources {
  readonly #facts: RecordFacts;
  /** Records of `map` by alertname (only of the last view: it describes one map). */
  #index: { map: Record<string, AlertView>; names: NameIndex } | undefined;

  constructor(facts: RecordFacts) {
    this.#facts = facts;
  }

  /** A diff from `prevAlerts` starts: the index is kept only if it describes that map. */
  begin(prevAlerts: Record<string, AlertView> | undefined): void {
    if (!prevAlerts || this.#index?.map !== prevAlerts) this.#index = undefined;
  }

  /** The still-present, less severe alert of the same rule `a` (on cluster `c`) escalates from. */
  find(prev: PrevAlerts, a: AlertView, c: string): AlertView | undefined {
    if (!prev.alerts) return undefined;
    this.#index ??= { map: prev.alerts, names: namesOf(prev.records) };
    const same = this.#index.names.get(a.labels.alertname);
    if (!same) return undefined;
    const rank = severityRank(a.severity, prev.order);
    let identity: string | undefined;
    const found = [...same].filter((p) => {
      if (
        p.fingerprint === a.fingerprint ||
        p.severity === a.severity ||
        severityRank(p.severity, prev.order) <= rank
      ) {
        return false;
      }
      const ph = this.#facts.phase(p, c, prev.nowMs);
      if (ph === undefined || ph === 'resolved') return false;
      identity ??= this.#facts.identity(a, prev.severityLabel);
      return this.#facts.identity(p, prev.severityLabel) === identity;
    });
    // Several (rare): the first in prev's order, as a scan of prev would find.
    if (found.length > 1) {
      const pos = new Map(found.map((p) => [p, prev.records.indexOf(p)]));
      found.sort((x, y) => (pos.get(x) ?? 0) - (pos.get(y) ?? 0));
    }
    return found[0];
  }

  /** The index now describes `next` (kept only if it existed: built on first need). */
  advance(
    next: Record<string, AlertView>,
    added: readonly AlertView[],
    dropped: readonly AlertView[],
  ): void {
    if (!this.#index) return;
    const names = this.#index.names;
    for (const r of dropped) {
      const set = names.get(r.labels.alertname);
      if (set?.delete(r) && set.size === 0) names.delete(r.labels.alertname);
    }
    for (const r of added) {
      const set = names.get(r.labels.alertname);
      if (set) set.add(r);
      else names.set(r.labels.alertname, new Set([r]));
    }
    this.#index = { map: next, names };
  }
}
