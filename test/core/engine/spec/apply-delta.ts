// What a delta means, said plainly: the snapshot it applies to, with its records upserted
// (whole) and its keys removed, and the summary when it carries one. The core's tests check
// their deltas against this; the window's own reader (renderer/src/lib/view/apply.ts) is
// checked against the core's stream in test/renderer/view-stream.test.ts.
import type { ViewDelta, ViewSnapshot } from '../../../../main/core/model/view.ts';
import { keyedCopy } from '../../../../main/core/model/own-keys.ts';

const KEY_OF = {
  instances: (r: { id: string }) => r.id,
  clusters: (r: { id: string }) => r.id,
  groups: (r: { key: string }) => r.key,
  alerts: (r: { fingerprint: string }) => r.fingerprint,
  silences: (r: { key: string }) => r.key,
} as const;

export function applyDelta(snapshot: ViewSnapshot, delta: ViewDelta): ViewSnapshot {
  const next: ViewSnapshot = { ...snapshot, seq: delta.seq };
  for (const c of Object.keys(KEY_OF) as (keyof typeof KEY_OF)[]) {
    const upsert = delta.upsert[c] ?? [];
    const remove = delta.remove[c] ?? [];
    if (upsert.length === 0 && remove.length === 0) continue;
    const records = keyedCopy<unknown>(snapshot[c]);
    const keyOf = KEY_OF[c] as (r: unknown) => string;
    for (const r of upsert) records[keyOf(r)] = r;
    for (const k of remove) delete records[k];
    (next as unknown as Record<string, unknown>)[c] = records;
  }
  if (delta.summary) next.summary = delta.summary;
  return next;
}
