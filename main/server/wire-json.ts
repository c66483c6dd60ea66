// JSON text of the bridge's server messages for the WebSocket transport. A view snapshot is
// ~12 MB of JSON at 10,000 alerts and costs ~100 ms or more to serialise: its text is kept for
// as long as the view is unchanged, so windows that load or reconnect together (or a reload)
// share one serialisation. Electron's IPC uses structured clone and never comes here.
import type { WireServerMessage } from '../core/bridge/contract.ts';
import type { ViewMessage, ViewSnapshot } from '../core/model/view.ts';

/** A snapshot's parts: the core builds a new snapshot object per subscriber around the same
 * immutable collections, so identity of the parts (and the seq) says "same view". */
const PARTS = ['instances', 'clusters', 'groups', 'alerts', 'silences', 'summary'] as const;

interface Cached {
  seq: number;
  parts: unknown[];
  text: string;
}

export class WireSerializer {
  #cached: Cached | undefined;

  serialize(message: WireServerMessage): string {
    if (message.type === 'message' && isSnapshotMessage(message.message)) {
      return `{"id":${JSON.stringify(message.id)},"type":"message","message":{"type":"snapshot","snapshot":${this.#snapshotText(message.message.snapshot)}}}`;
    }
    return JSON.stringify(message);
  }

  #snapshotText(snapshot: ViewSnapshot): string {
    const parts = PARTS.map((p) => snapshot[p]);
    const c = this.#cached;
    if (c && c.seq === snapshot.seq && c.parts.every((p, i) => p === parts[i])) return c.text;
    const text = JSON.stringify(snapshot);
    this.#cached = { seq: snapshot.seq, parts, text };
    return text;
  }
}

function isSnapshotMessage(m: unknown): m is Extract<ViewMessage, { type: 'snapshot' }> {
  return (
    typeof m === 'object' &&
    m !== null &&
    (m as { type?: unknown }).type === 'snapshot' &&
    typeof (m as { snapshot?: unknown }).snapshot === 'object' &&
    (m as { snapshot?: unknown }).snapshot !== null
  );
}
