// Pure application of the 'view:changes' stream (a snapshot, then deltas) to the window's copy
// of the view. Kept free of Svelte so it is unit-testable in plain Node. Every collection that
// a delta touches is replaced by a new object (and untouched ones keep their identity), so a
// store holding them in $state.raw fields only re-derives what actually changed.
import type {
  AlertView,
  GroupView,
  SnapshotLoading,
  ViewDelta,
  ViewSnapshot,
  ViewStreamMessage,
} from '$core/model/view.ts';

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

export type ApplyResult =
  | { ok: true; snapshot: ViewSnapshot }
  /** A delta that does not follow the current seq: the caller must resubscribe for a snapshot. */
  | { ok: false; reason: 'no-snapshot' | 'out-of-order'; expected?: number; got: number };

/** Apply one complete message (a whole snapshot or a whole delta); never mutates `current`. */
export function applyViewMessage(
  current: ViewSnapshot | null,
  message: ViewStreamMessage,
): ApplyResult {
  if (message.type === 'snapshot') return { ok: true, snapshot: message.snapshot };
  if (message.type === 'snapshot-part') {
    // Parts belong to a streamed snapshot: ViewStreamReader assembles them.
    return { ok: false, reason: 'out-of-order', got: message.part.seq };
  }
  const delta = message.delta;
  if (!current) return { ok: false, reason: 'no-snapshot', got: delta.seq };
  // A repeated or older delta is already included: ignore it rather than resubscribing.
  if (delta.seq <= current.seq) return { ok: true, snapshot: current };
  if (delta.seq !== current.seq + 1) {
    return { ok: false, reason: 'out-of-order', expected: current.seq + 1, got: delta.seq };
  }
  return { ok: true, snapshot: applyDelta(current, delta) };
}

/** How far a streamed snapshot has come. */
export interface LoadingProgress {
  alerts: number;
  groups: number;
  total: SnapshotLoading;
}

export type ReadResult =
  /** The complete view (new or unchanged). */
  | { kind: 'view'; snapshot: ViewSnapshot }
  /** A streamed snapshot is on its way: what has come so far is `partial()` (a copy). */
  | { kind: 'loading'; progress: LoadingProgress; partial: () => ViewSnapshot }
  /** Part of a delta: nothing to show until its last part. */
  | { kind: 'pending' }
  | { kind: 'resync'; reason: 'no-snapshot' | 'out-of-order'; expected?: number; got: number };

/**
 * The window's side of the view stream (main/core/bridge/view-stream.ts): assembles streamed
 * snapshots and multi-part deltas, so the view only ever moves from one complete state to the
 * next. While a snapshot streams, what has come is available as a partial view for the
 * caller to show, marked as loading.
 */
export class ViewStreamReader {
  #current: ViewSnapshot | null = null;
  #loading:
    | {
        head: ViewSnapshot;
        groups: Record<string, GroupView>;
        alerts: Record<string, AlertView>;
        progress: LoadingProgress;
      }
    | undefined;
  #deltaParts: ViewDelta[] = [];

  get current(): ViewSnapshot | null {
    return this.#current;
  }

  reset(): void {
    this.#current = null;
    this.#loading = undefined;
    this.#deltaParts = [];
  }

  read(message: ViewStreamMessage): ReadResult {
    if (message.type === 'snapshot') {
      this.#deltaParts = [];
      if (!message.loading) {
        this.#loading = undefined;
        this.#current = message.snapshot;
        return { kind: 'view', snapshot: message.snapshot };
      }
      this.#current = null;
      this.#loading = {
        head: message.snapshot,
        groups: {},
        alerts: {},
        progress: { alerts: 0, groups: 0, total: message.loading },
      };
      return this.#loadingResult();
    }
    if (message.type === 'snapshot-part') {
      const part = message.part;
      const l = this.#loading;
      if (!l) return { kind: 'resync', reason: 'no-snapshot', got: part.seq };
      if (part.seq !== l.head.seq)
        return { kind: 'resync', reason: 'out-of-order', expected: l.head.seq, got: part.seq };
      for (const g of part.groups) l.groups[g.key] = g;
      for (const a of part.alerts) l.alerts[a.fingerprint] = a;
      l.progress = {
        alerts: l.progress.alerts + part.alerts.length,
        groups: l.progress.groups + part.groups.length,
        total: l.progress.total,
      };
      if (!part.last) return this.#loadingResult();
      // Complete: the collections were private until now, so they become the view as they are.
      this.#current = { ...l.head, groups: l.groups, alerts: l.alerts };
      this.#loading = undefined;
      return { kind: 'view', snapshot: this.#current };
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
    const result = applyViewMessage(this.#current, { type: 'delta', delta });
    if (!result.ok) return { kind: 'resync', ...withoutOk(result) };
    this.#current = result.snapshot;
    return { kind: 'view', snapshot: result.snapshot };
  }

  #loadingResult(): ReadResult {
    const l = this.#loading!;
    return {
      kind: 'loading',
      progress: l.progress,
      partial: () => ({ ...l.head, groups: { ...l.groups }, alerts: { ...l.alerts } }),
    };
  }
}

function withoutOk(r: Extract<ApplyResult, { ok: false }>): {
  reason: 'no-snapshot' | 'out-of-order';
  expected?: number;
  got: number;
} {
  const { ok: _ok, ...rest } = r;
  return rest;
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

export function applyDelta(current: ViewSnapshot, delta: ViewDelta): ViewSnapshot {
  const next: ViewSnapshot = { ...current, seq: delta.seq };
  for (const name of COLLECTIONS) {
    const upserts = delta.upsert[name] as unknown[] | undefined;
    const removes = delta.remove[name];
    if ((!upserts || upserts.length === 0) && (!removes || removes.length === 0)) continue;
    const copy: Record<string, unknown> = { ...(current[name] as Record<string, unknown>) };
    for (const key of removes ?? []) delete copy[key];
    for (const record of upserts ?? []) copy[recordKey(name, record)] = record;
    (next as unknown as Record<CollectionName, Record<string, unknown>>)[name] = copy;
  }
  if (delta.summary) next.summary = delta.summary;
  return next;
}
