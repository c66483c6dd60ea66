// Pure application of the 'view:changes' stream (a snapshot, then deltas) to the window's copy
// of the view. Kept free of Svelte so it is unit-testable in plain Node. Every collection that
// a delta touches is replaced by a new object (and untouched ones keep their identity), so a
// store holding them in $state.raw fields only re-derives what actually changed.
import type {
  AlertView,
  ViewDelta,
  ViewSnapshot,
  ViewSnapshotRest,
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

/** Apply one message; never mutates `current`. */
export function applyViewMessage(
  current: ViewSnapshot | null,
  message: ViewStreamMessage,
): ApplyResult {
  if (message.type === 'snapshot') return { ok: true, snapshot: message.snapshot };
  if (message.type === 'snapshot-rest') {
    const seq = message.rest.seq;
    if (!current) return { ok: false, reason: 'no-snapshot', got: seq };
    // The rest follows its partial snapshot before any delta: anything else is out of order.
    if (seq !== current.seq)
      return { ok: false, reason: 'out-of-order', expected: current.seq, got: seq };
    return { ok: true, snapshot: applyRest(current, message.rest) };
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

/** Completes a partial snapshot's alerts with their detail fields (new records, new collection). */
export function applyRest(current: ViewSnapshot, rest: ViewSnapshotRest): ViewSnapshot {
  const alerts: Record<string, AlertView> = { ...current.alerts };
  for (const [fp, fields] of Object.entries(rest.alerts)) {
    const a = alerts[fp];
    if (a) alerts[fp] = { ...a, ...fields };
  }
  return { ...current, alerts };
}
