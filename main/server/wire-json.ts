// JSON text of the bridge's server messages for the WebSocket transport. A view snapshot is
// ~12 MB of JSON at 10,000 alerts and costs ~100 ms or more to serialise: its text is kept for
// as long as the view is unchanged, so windows that load or reconnect together (or a reload)
// share one serialisation. The same holds for the rest of a split snapshot (subscriptions.ts).
// Electron's IPC uses structured clone and never comes here.
import type { WireServerMessage } from '../core/bridge/contract.ts';
import type { ViewSnapshot, ViewSnapshotRest } from '../core/model/view.ts';

/** A snapshot's parts: the core builds a new snapshot object per subscriber around the same
 * immutable collections, so identity of the parts (and the seq) says "same view". */
const PARTS = ['instances', 'clusters', 'groups', 'alerts', 'silences', 'summary'] as const;

interface Cached {
  seq: number;
  parts: unknown[];
  text: string;
}

export class WireSerializer {
  #snapshot: Cached | undefined;
  #rest: Cached | undefined;

  serialize(message: WireServerMessage): string {
    if (message.type === 'message') {
      const m = message.message as { type?: unknown; snapshot?: unknown; rest?: unknown };
      const head = `{"id":${JSON.stringify(message.id)},"type":"message","message":`;
      if (m?.type === 'snapshot' && isObject(m.snapshot)) {
        const s = m.snapshot as ViewSnapshot;
        const text = this.#cached(
          '#snapshot',
          s.seq,
          PARTS.map((p) => s[p]),
          s,
        );
        const partial = (m as { partial?: unknown }).partial === true ? ',"partial":true' : '';
        return `${head}{"type":"snapshot","snapshot":${text}${partial}}}`;
      }
      if (m?.type === 'snapshot-rest' && isObject(m.rest)) {
        const r = m.rest as ViewSnapshotRest;
        const text = this.#cached('#rest', r.seq, [r.alerts], r);
        return `${head}{"type":"snapshot-rest","rest":${text}}}`;
      }
    }
    return JSON.stringify(message);
  }

  #cached(slot: '#snapshot' | '#rest', seq: number, parts: unknown[], value: object): string {
    const c = slot === '#snapshot' ? this.#snapshot : this.#rest;
    if (
      c &&
      c.seq === seq &&
      c.parts.length === parts.length &&
      c.parts.every((p, i) => p === parts[i])
    )
      return c.text;
    const fresh = { seq, parts, text: JSON.stringify(value) };
    if (slot === '#snapshot') this.#snapshot = fresh;
    else this.#rest = fresh;
    return fresh.text;
  }
}

function isObject(v: unknown): v is object {
  return typeof v === 'object' && v !== null;
}
