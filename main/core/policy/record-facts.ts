// Per-record facts the event differ (differ.ts) derives from merged-view records, cached by
// the record itself, and the enumeration of an alerts map it reuses across cycles.
import { builtListOf } from '../model/record-values.ts';
import type { AlertView, SilenceView } from '../model/view.ts';

export type Phase = 'active' | 'suppressed' | 'unprocessed' | 'resolved';

/**
 * Per-record derived values, cached by the record itself: the engine keeps unchanged records
 * (same object) across cycles, so a steady cycle parses and joins nothing again. WeakMaps let
 * the entries go with their records. One per differ, which counts its own work (tests assert
 * that steady cycles skip unchanged records).
 */
export class RecordFacts {
  readonly #endMs = new WeakMap<AlertView | SilenceView, number>();
  readonly #startMs = new WeakMap<SilenceView, number>();
  readonly #identity = new WeakMap<AlertView, { severityLabel: string; identity: string }>();
  readonly #warnKey = new WeakMap<SilenceView, string>();
  readonly work = { identities: 0, endsAtParsed: 0 };

  endMs(r: AlertView | SilenceView): number {
    let ms = this.#endMs.get(r);
    if (ms === undefined) {
      this.work.endsAtParsed++;
      ms = Date.parse(r.endsAt);
      this.#endMs.set(r, ms);
    }
    return ms;
  }

  startMs(s: SilenceView): number {
    let ms = this.#startMs.get(s);
    if (ms === undefined) {
      ms = Date.parse(s.startsAt);
      this.#startMs.set(s, ms);
    }
    return ms;
  }

  warnKey(s: SilenceView): string {
    let k = this.#warnKey.get(s);
    if (k === undefined) {
      k = `${s.key}\u0000${s.endsAt}`;
      this.#warnKey.set(s, k);
    }
    return k;
  }

  /** endsAt reached: resolved alerts may still be listed until the server drops them. */
  ended(alert: AlertView, nowMs: number): boolean {
    const end = this.endMs(alert);
    return !Number.isNaN(end) && end > 0 && end <= nowMs;
  }

  /** The alert's labels without the severity label: a warning and a critical of one rule share it. */
  identity(a: AlertView, severityLabel: string): string {
    const cached = this.#identity.get(a);
    if (cached?.severityLabel === severityLabel) return cached.identity;
    this.work.identities++;
    const identity = Object.keys(a.labels)
      .filter((k) => k !== severityLabel)
      .sort()
      .map((k) => `${k}\u0000${a.labels[k]}`)
      .join('\u0001');
    this.#identity.set(a, { severityLabel, identity });
    return identity;
  }

  phase(alert: AlertView, clusterId: string, nowMs: number): Phase | undefined {
    const status = alert.statusByCluster[clusterId];
    if (!status) return undefined;
    if (this.ended(alert, nowMs)) return 'resolved';
    return status.state;
  }
}

/** An alerts map's records, in the map's order (looked up by their fingerprints, the keys). */
export interface AlertList {
  map: Record<string, AlertView>;
  records: readonly AlertView[];
}

/**
 * A map the merger built from a list (every merged view's: record-values.ts `builtFrom`) is
 * taken as that list: Object.keys of 50,000 dictionary keys cost ~16 ms a cycle. Otherwise
 * Object.keys + lookups: the merged view's maps are large dictionary-mode objects, where
 * Object.values is about twice as slow.
 */
export function listOf(map: Record<string, AlertView>): AlertList {
  const built = builtListOf(map);
  if (built !== undefined) return { map, records: built };
  const keys = Object.keys(map);
  const records: AlertView[] = new Array<AlertView>(keys.length);
  for (let i = 0; i < keys.length; i++) records[i] = map[keys[i] as string] as AlertView;
  return { map, records };
}

export function namesOf(records: readonly AlertView[]): Map<string | undefined, Set<AlertView>> {
  const names = new Map<string | undefined, Set<AlertView>>();
  for (const r of records) {
    const set = names.get(r.labels.alertname);
    if (set) set.add(r);
    else names.set(r.labels.alertname, new Set([r]));
  }
  return names;
}
