// Pure application of the 'view:changes' stream (a snapshot, then deltas) to the window's copy
// of the view. Kept free of Svelte so it is unit-testable in plain Node.
//
// A delta is applied in place, reporting which collections it touched, because copying a
// 100,000-key collection for every delta is a 60 ms long task. (The plain copying meaning of a
// delta, which the core's tests check against, is test/core/engine/spec/apply-delta.ts.)
import type {
  AlertView,
  GroupView,
  SnapshotLoading,
  ViewDelta,
  ViewSnapshot,
  ViewStreamMessage,
} from '$core/model/view.ts';
import { keyedCopy, keyedRecord, ownValue } from '$core/model/own-keys.ts';

export type CollectionName = 'instances' | 'clusters' | 'groups' | 'alerts' | 'silences';

export const COLLECTIONS: readonly CollectionName[] = [
  'instances',
  'clusters',
  'groups',
  'alerts',
  'silences',
];

/** The field that keys each collection's records. */
export function recordKey(collection: CollectionName, record: unknown): string {
  const r = record as Record<string, unknown>;
  switch (collection) {
    case 'instances':
    case 'clusters':
      return String(r['id']);
    case 'groups':
    case 'silences':
      return String(r['key']);
    case 'alerts':
      return String(r['fingerprint']);
  }
}

/**
 * Each collection's records in a Map beside the keyed object the view exposes. Listing the
 * values of a 100,000-key object (Object.values, Object.keys) takes 100–200 ms in V8 (it
 * collects and orders a dictionary's keys); a Map lists them in about 1 ms. The reader keeps
 * both in step on every write, so "every silence" or "every alert" costs what it should.
 */
export type Mirrors = { readonly [K in CollectionName]: Map<string, unknown> };

function mirrorsOf(view: Pick<ViewSnapshot, CollectionName>): Mirrors {
  const of = (r: Record<string, unknown>) => new Map(Object.entries(r));
  return {
    instances: of(view.instances),
    clusters: of(view.clusters),
    groups: of(view.groups),
    alerts: of(view.alerts),
    silences: of(view.silences),
  };
}

/** How far a streamed snapshot has come. */
export interface LoadingProgress {
  alerts: number;
  groups: number;
  total: SnapshotLoading;
}

/** Which collections a read changed in place ('all': a new snapshot, every collection new). */
export type Changed = 'all' | readonly CollectionName[];

export type ReadResult =
  /** The complete view (new, or the same object changed in place as `changed` says). */
  | { kind: 'view'; snapshot: ViewSnapshot; changed: Changed }
  /**
   * A streamed snapshot is on its way: `partial` holds what has come so far, in collections
   * that grow in place as parts come (`changed` says which grew with this part).
   */
  | { kind: 'loading'; progress: LoadingProgress; partial: ViewSnapshot; changed: Changed }
  /** Part of a delta: nothing to show until its last part. */
  | { kind: 'pending' }
  | { kind: 'resync'; reason: 'no-snapshot' | 'out-of-order'; expected?: number; got: number };

/**
 * Told of every alert and group record the reader adds, replaces or removes, so indexes
 * derived from them are kept up to date per change instead of rebuilt from every record.
 */
export interface RecordWatcher {
  alert?(prev: AlertView | undefined, next: AlertView | undefined): void;
  group?(prev: GroupView | undefined, next: GroupView | undefined): void;
  /** A new snapshot starts (its records follow as additions): the old records are void. */
  reset(): void;
}

/**
 * The window's side of the view stream (main/core/bridge/view-stream.ts): assembles streamed
 * snapshots and multi-part deltas, so the view only ever moves from one complete state to the
 * next. While a snapshot streams, what has come is available as a partial view for the
 * caller to show, marked as loading.
 *
 * The reader owns its collections and changes them in place: a delta costs what it touches,
 * not a copy of every collection it touches. Whoever shows them re-reads the collections named
 * in `changed` (the view store bumps a version per collection).
 */
export class ViewStreamReader {
  #current: ViewSnapshot | null = null;
  #loading:
    | {
        /** The head with the growing groups and alerts: shown while loading, then the view. */
        view: ViewSnapshot;
        groups: Record<string, GroupView>;
        alerts: Record<string, AlertView>;
        progress: LoadingProgress;
      }
    | undefined;
  #deltaParts: ViewDelta[] = [];
  #watchers: RecordWatcher[] = [];
  #mirrors: Mirrors = mirrorsOf(emptyCollections());

  get current(): ViewSnapshot | null {
    return this.#current;
  }

  /**
   * The records of one collection of what was last read (the view, or the partial view while
   * loading), kept in step with it: a new Map per snapshot, changed in place by deltas.
   */
  values<T>(name: CollectionName): ReadonlyMap<string, T> {
    return this.#mirrors[name] as Map<string, T>;
  }

  /** Adds one who is told of each record change from now on. */
  watch(watcher: RecordWatcher): void {
    this.#watchers.push(watcher);
  }

  #reset(): void {
    for (const w of this.#watchers) w.reset();
  }

  #alert(prev: AlertView | undefined, next: AlertView | undefined): void {
    for (const w of this.#watchers) w.alert?.(prev, next);
  }

  #group(prev: GroupView | undefined, next: GroupView | undefined): void {
    for (const w of this.#watchers) w.group?.(prev, next);
  }

  reset(): void {
    this.#current = null;
    this.#loading = undefined;
    this.#deltaParts = [];
    this.#mirrors = mirrorsOf(emptyCollections());
    this.#reset();
  }

  read(message: ViewStreamMessage): ReadResult {
    if (message.type === 'snapshot') {
      this.#deltaParts = [];
      this.#reset();
      if (!message.loading) {
        this.#loading = undefined;
        // Own copies (a small snapshot: large ones stream in parts): later deltas change them
        // in place, and the message may be shared with its sender.
        this.#current = ownCopy(message.snapshot);
        this.#mirrors = mirrorsOf(this.#current);
        if (this.#watchers.length > 0) {
          for (const g of this.values<GroupView>('groups').values()) this.#group(undefined, g);
          for (const a of this.values<AlertView>('alerts').values()) this.#alert(undefined, a);
        }
        return { kind: 'view', snapshot: this.#current, changed: 'all' };
      }
      this.#current = null;
      const groups = keyedRecord<GroupView>();
      const alerts = keyedRecord<AlertView>();
      this.#loading = {
        view: { ...ownCopy(message.snapshot), groups, alerts },
        groups,
        alerts,
        progress: { alerts: 0, groups: 0, total: message.loading },
      };
      this.#mirrors = mirrorsOf(this.#loading.view);
      return this.#loadingResult('all');
    }
    if (message.type === 'snapshot-part') {
      const part = message.part;
      const l = this.#loading;
      if (!l) return { kind: 'resync', reason: 'no-snapshot', got: part.seq };
      if (part.seq !== l.view.seq)
        return { kind: 'resync', reason: 'out-of-order', expected: l.view.seq, got: part.seq };
      for (const g of part.groups) {
        this.#group(ownRecord(l.groups, g.key), g);
        l.groups[g.key] = g;
        this.#mirrors.groups.set(g.key, g);
      }
      for (const a of part.alerts) {
        this.#alert(ownRecord(l.alerts, a.fingerprint), a);
        l.alerts[a.fingerprint] = a;
        this.#mirrors.alerts.set(a.fingerprint, a);
      }
      l.progress = {
        alerts: l.progress.alerts + part.alerts.length,
        groups: l.progress.groups + part.groups.length,
        total: l.progress.total,
      };
      const grew: CollectionName[] = [];
      if (part.groups.length > 0) grew.push('groups');
      if (part.alerts.length > 0) grew.push('alerts');
      if (!part.last) return this.#loadingResult(grew);
      // Complete: the partial view was this view all along, now whole.
      this.#current = l.view;
      this.#loading = undefined;
      return { kind: 'view', snapshot: this.#current, changed: grew };
    }
    if (this.#loading) {
      // Deltas follow the last part of a snapshot, never interleave with it.
      return { kind: 'resync', reason: 'out-of-order', got: message.delta.seq };
    }
    if (message.more) {
      this.#deltaParts.push(message.delta);
      return { kind: 'pending' };
    }
    let delta = message.delta;
    if (this.#deltaParts.length > 0) {
      const parts = [...this.#deltaParts, delta];
      this.#deltaParts = [];
      if (parts.some((p) => p.seq !== delta.seq))
        return { kind: 'resync', reason: 'out-of-order', got: delta.seq };
      delta = joinDeltas(parts);
    }
    const current = this.#current;
    if (!current) return { kind: 'resync', reason: 'no-snapshot', got: delta.seq };
    // A repeated or older delta is already included: ignore it rather than resubscribing.
    if (delta.seq <= current.seq) return { kind: 'view', snapshot: current, changed: [] };
    if (delta.seq !== current.seq + 1) {
      return { kind: 'resync', reason: 'out-of-order', expected: current.seq + 1, got: delta.seq };
    }
    return {
      kind: 'view',
      snapshot: current,
      changed: applyDeltaInPlace(
        current,
        delta,
        this.#watchers.length > 0
          ? {
              alert: (p, n) => this.#alert(p, n),
              group: (p, n) => this.#group(p, n),
              reset: () => this.#reset(),
            }
          : undefined,
        this.#mirrors,
      ),
    };
  }

  #loadingResult(changed: Changed): ReadResult {
    const l = this.#loading!;
    return { kind: 'loading', progress: l.progress, partial: l.view, changed };
  }
}

/**
 * A snapshot whose collections are the reader's own (records are shared: never mutated), with
 * no prototype: keys are server fingerprints, and "__proto__" or "constructor" must be records
 * like any other, in lookups and in later deltas (own-keys.ts).
 */
function ownCopy(s: ViewSnapshot): ViewSnapshot {
  return {
    ...s,
    instances: keyedCopy(s.instances),
    clusters: keyedCopy(s.clusters),
    groups: keyedCopy(s.groups),
    alerts: keyedCopy(s.alerts),
    silences: keyedCopy(s.silences),
  };
}

function emptyCollections(): Pick<ViewSnapshot, CollectionName> {
  return { instances: {}, clusters: {}, groups: {}, alerts: {}, silences: {} };
}

/** The parts of one delta as one. */
export function joinDeltas(parts: readonly ViewDelta[]): ViewDelta {
  const out: ViewDelta = { seq: parts.at(-1)!.seq, upsert: {}, remove: {} };
  for (const p of parts) {
    for (const name of COLLECTIONS) {
      const u = p.upsert[name] as unknown[] | undefined;
      if (u?.length)
        (out.upsert as Record<string, unknown[]>)[name] = [
          ...(((out.upsert as Record<string, unknown[]>)[name] ?? []) as unknown[]),
          ...u,
        ];
      const r = p.remove[name];
      if (r?.length) out.remove[name] = [...(out.remove[name] ?? []), ...r];
    }
    if (p.summary) out.summary = p.summary;
  }
  return out;
}

/**
 * The delta applied to `view` itself; returns the collections it changed. `watcher` is told of
 * each alert and group record replaced, added or removed.
 */
export function applyDeltaInPlace(
  view: ViewSnapshot,
  delta: ViewDelta,
  watcher?: RecordWatcher,
  mirrors?: Mirrors,
): CollectionName[] {
  const touched = touchedBy(delta);
  for (const name of touched) {
    const target = view[name] as Record<string, unknown>;
    const watch =
      name === 'alerts'
        ? watcher?.alert?.bind(watcher)
        : name === 'groups'
          ? watcher?.group?.bind(watcher)
          : undefined;
    const change = watch as ((prev: unknown, next: unknown) => void) | undefined;
    const mirror = mirrors?.[name];
    for (const key of delta.remove[name] ?? []) {
      if (change && Object.hasOwn(target, key)) change(target[key], undefined);
      delete target[key];
      mirror?.delete(key);
    }
    for (const record of (delta.upsert[name] as unknown[] | undefined) ?? []) {
      const key = recordKey(name, record);
      if (change) change(ownRecord(target, key), record);
      target[key] = record;
      mirror?.set(key, record);
    }
  }
  view.seq = delta.seq;
  if (delta.summary) view.summary = delta.summary;
  return touched;
}

/** The record under `key`, never one inherited from Object.prototype ("constructor"). */
const ownRecord = ownValue;

function touchedBy(delta: ViewDelta): CollectionName[] {
  return COLLECTIONS.filter(
    (name) =>
      ((delta.upsert[name] as unknown[] | undefined)?.length ?? 0) > 0 ||
      (delta.remove[name]?.length ?? 0) > 0,
  );
}
