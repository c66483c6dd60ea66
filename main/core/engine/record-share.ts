// Identical parts of alert records, one object for all of them. At 100,000 alerts almost every
// record lists the same one or two instances, clusters and receivers, and its per-cluster
// status is a plain "active" with nothing silencing it; one array or object per record was
// about 30 MB. Records are never mutated once built, so sharing is safe; the shared parts are
// frozen so a stray write throws instead of changing every record that holds them.
//
// Owned by a Merger (no module-level state): bounded, each table is dropped when it reaches
// MAX_ENTRIES distinct values (a hostile server inventing receiver lists), which only costs
// the sharing of records built after that, never a wrong record.
import type { AlertState } from '../api/types.ts';
import type { AlertStatusView } from '../model/view.ts';
import { NONE } from '../model/none.ts';

const MAX_ENTRIES = 4096;

export class RecordShare {
  #lists = new Map<string, string[]>();
  #statuses = new Map<string, Record<string, AlertStatusView>>();

  /** The shared list with these items (NONE when empty). */
  list(items: readonly string[]): string[] {
    if (items.length === 0) return NONE;
    const key = items.length === 1 ? items[0]! : items.join('\u0000');
    let shared = this.#lists.get(key);
    if (shared === undefined) {
      if (this.#lists.size >= MAX_ENTRIES) this.#lists = new Map();
      shared = Object.freeze(items.slice()) as string[];
      this.#lists.set(key, shared);
    }
    return shared;
  }

  /**
   * The shared per-cluster status for these clusters when each status is plain (its state,
   * nothing silencing, inhibiting or muting it); undefined otherwise, the record keeps its own.
   */
  plainStatuses(
    clusterIds: readonly string[],
    byCluster: Record<string, AlertStatusView>,
  ): Record<string, AlertStatusView> | undefined {
    let key = '';
    for (const c of clusterIds) {
      const s = byCluster[c]!;
      if (s.silencedBy.length > 0 || s.inhibitedBy.length > 0 || s.mutedBy) return undefined;
      key += `${c}\u0001${s.state}\u0000`;
    }
    let shared = this.#statuses.get(key);
    if (shared === undefined) {
      if (this.#statuses.size >= MAX_ENTRIES) this.#statuses = new Map();
      const built: Record<string, AlertStatusView> = {};
      for (const c of clusterIds) built[c] = plain(byCluster[c]!.state);
      shared = Object.freeze(built);
      this.#statuses.set(key, shared);
    }
    return shared;
  }
}

function plain(state: AlertState): AlertStatusView {
  return Object.freeze({ state, silencedBy: NONE, inhibitedBy: NONE });
}
