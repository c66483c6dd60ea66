// The difference between two merged views: changed records whole, removed keys, the summary
// only when it changed. No change at all -> undefined (no delta is sent, seq stays).
// Alerts and groups are the large collections (100k alerts, 10k+ groups): the merger hands
// over the list of records it changed (MergeResult.changes) and the diff takes it as given,
// so an unchanged record is never visited. Without that list (a view not made from `prev`,
// or tests) every record is visited; unchanged ones compare by reference.
import type { ViewDelta } from '../model/view.ts';
import { deepEqual } from './equal.ts';
import type { MergeChanges, MergedView } from './merge.ts';

type Collection = 'instances' | 'clusters' | 'groups' | 'alerts' | 'silences';
const COLLECTIONS: readonly Collection[] = [
  'instances',
  'clusters',
  'groups',
  'alerts',
  'silences',
];

export function diffViews(
  prev: MergedView,
  next: MergedView,
  seq: number,
  changes?: MergeChanges,
): ViewDelta | undefined {
  const delta: ViewDelta = { seq, upsert: {}, remove: {} };
  let changed = false;
  for (const c of COLLECTIONS) {
    let upsert: unknown[];
    let remove: string[];
    if (changes && c === 'alerts') {
      upsert = changes.alerts;
      remove = changes.removedAlerts;
    } else if (changes && c === 'groups') {
      upsert = changes.groups;
      remove = changes.removedGroups;
    } else {
      ({ upsert, remove } = visit(
        prev[c] as Record<string, unknown>,
        next[c] as Record<string, unknown>,
      ));
    }
    if (upsert.length) {
      (delta.upsert as Record<string, unknown[]>)[c] = upsert.slice();
      changed = true;
    }
    if (remove.length) {
      (delta.remove as Record<string, string[]>)[c] = remove.slice();
      changed = true;
    }
  }
  if (prev.summary !== next.summary && !deepEqual(prev.summary, next.summary)) {
    delta.summary = next.summary;
    changed = true;
  }
  return changed ? delta : undefined;
}

function visit(
  p: Record<string, unknown>,
  n: Record<string, unknown>,
): { upsert: unknown[]; remove: string[] } {
  const upsert: unknown[] = [];
  const remove: string[] = [];
  if (p === n) return { upsert, remove };
  for (const k in n) {
    const a = p[k];
    const b = n[k];
    if (a !== b && (a === undefined || !deepEqual(a, b))) upsert.push(b);
  }
  for (const k in p) if (!(k in n)) remove.push(k);
  return { upsert, remove };
}
