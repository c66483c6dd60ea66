// The difference between two merged views: changed records whole, removed keys, the summary
// only when it changed. No change at all -> undefined (no delta is sent, seq stays).
// The merger reuses unchanged record objects, so most records compare by reference; a
// structural comparison runs only for records that were rebuilt.
import type { ViewDelta } from '../model/view.ts';
import { deepEqual } from './equal.ts';
import { knownAlertChanges, type MergedView } from './merge.ts';

const COLLECTIONS = ['instances', 'clusters', 'groups', 'alerts', 'silences'] as const;

export function diffViews(prev: MergedView, next: MergedView, seq: number): ViewDelta | undefined {
  return diff(prev, next, seq, true);
}

/** diffViews visiting every record, never the merger's list of changes (tests compare both). */
export function diffViewsFull(
  prev: MergedView,
  next: MergedView,
  seq: number,
): ViewDelta | undefined {
  return diff(prev, next, seq, false);
}

function diff(
  prev: MergedView,
  next: MergedView,
  seq: number,
  useKnown: boolean,
): ViewDelta | undefined {
  const delta: ViewDelta = { seq, upsert: {}, remove: {} };
  let changed = false;
  // Alerts are the big collection (10k+): when the merger made `next` from `prev` it knows
  // which records it rebuilt and which went; all others are the same objects. Same result,
  // same order as visiting every key.
  const known = useKnown ? knownAlertChanges(prev, next) : undefined;
  for (const c of COLLECTIONS) {
    const p = prev[c] as Record<string, unknown>;
    const n = next[c] as Record<string, unknown>;
    const upsert: unknown[] = [];
    let remove: string[] = [];
    if (c === 'alerts' && known) {
      for (const b of known.rebuilt) {
        const a = p[b.fingerprint];
        if (a !== b && (a === undefined || !deepEqual(a, b))) upsert.push(b);
      }
      remove = known.removed.slice();
    } else {
      for (const k in n) {
        const a = p[k];
        const b = n[k];
        if (a !== b && (a === undefined || !deepEqual(a, b))) upsert.push(b);
      }
      for (const k in p) if (!(k in n)) remove.push(k);
    }
    if (upsert.length) {
      (delta.upsert as Record<string, unknown[]>)[c] = upsert;
      changed = true;
    }
    if (remove.length) {
      (delta.remove as Record<string, string[]>)[c] = remove;
      changed = true;
    }
  }
  if (prev.summary !== next.summary && !deepEqual(prev.summary, next.summary)) {
    delta.summary = next.summary;
    changed = true;
  }
  return changed ? delta : undefined;
}
