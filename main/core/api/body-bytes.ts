// A response body gathered into one buffer as it arrives, in memory the process gives back.
//
// A buffer of Node's (Buffer.concat, Buffer.allocUnsafeSlow) is malloc's: glibc maps a large
// one on its own only until the first such mapping is freed, and from then on places buffers
// below that size in its main heap, which keeps their pages when they are freed between
// others. At 100,000 alerts (20 bodies of ~10 MB a poll round) a probe of the browser shell
// read 127 MB resident in `[heap]` after a full collection, with 44 MB of buffers alive (the
// core's RSS target is 350 MB); a script allocating and freeing 20 such buffers a round kept
// ~200 MB there from the second round on. A growable SharedArrayBuffer is reserved and
// committed by V8's page allocator, not malloc, and unmapped when collected: the same script
// kept none. It grows in place, and the split worker reads it where it is: no copy is handed
// over (a copy into fresh pages was ~30 ms of page faults per 10 MB in one task; gathered
// chunk by chunk, those faults come a fraction of a millisecond at a time).
//
// Node 20 (tests, the browser shell) decodes, hashes and shares views of one; Electron's
// Node is newer and should too, but it cannot be run here: where a probe at load finds any of
// it refused, bodies are gathered in a plain buffer (malloc's memory, as before).
import { createHash } from 'node:crypto';

/** First size of a body of unknown length. */
const FIRST_BYTES = 64 * 1024;

/** Whether this runtime decodes, hashes and shares growable shared buffers (see above). */
export const PAGE_MEMORY_WORKS = ((): boolean => {
  try {
    const shared = new SharedArrayBuffer(2, { maxByteLength: 4 });
    shared.grow(3);
    const probe = new Uint8Array(shared, 0, 2);
    probe.set([0x68, 0x69]);
    if (new TextDecoder('utf-8').decode(probe) !== 'hi') return false;
    createHash('sha256').update(probe).digest();
    const { port1, port2 } = new MessageChannel();
    try {
      port1.postMessage(shared);
    } finally {
      port1.close();
      port2.close();
    }
    return shared.byteLength === 3;
  } catch {
    return false;
  }
})();

type Backing = SharedArrayBuffer | ArrayBuffer;

function backing(size: number, max: number): Backing {
  return PAGE_MEMORY_WORKS
    ? new SharedArrayBuffer(size, { maxByteLength: Math.max(size, max) })
    : new ArrayBuffer(size);
}

export class BodyBytes {
  #buf: Backing;
  readonly #max: number;
  #size = 0;

  /**
   * `max`: the most bytes it may hold (the caller refuses more); `expected`: the declared
   * length, when known (a hint: the body may be shorter or longer).
   */
  constructor(max: number, expected?: number) {
    const hint = expected !== undefined && Number.isFinite(expected) && expected > 0;
    this.#max = max;
    this.#buf = backing(Math.min(max, hint ? Math.floor(expected) : FIRST_BYTES), max);
  }

  get size(): number {
    return this.#size;
  }

  /** Appends `chunk`; the caller keeps the total within `max`. */
  push(chunk: Uint8Array): void {
    const need = this.#size + chunk.length;
    if (need > this.#buf.byteLength) {
      const to = Math.min(this.#max, Math.max(need, this.#buf.byteLength * 2));
      if (this.#buf instanceof SharedArrayBuffer) this.#buf.grow(to);
      else {
        const grown = new ArrayBuffer(to);
        new Uint8Array(grown).set(new Uint8Array(this.#buf, 0, this.#size));
        this.#buf = grown;
      }
    }
    new Uint8Array(this.#buf, this.#size, chunk.length).set(chunk);
    this.#size = need;
  }

  /** The bytes: a view at the start of the buffer (spare room may follow them). */
  done(): Uint8Array {
    return new Uint8Array(this.#buf, 0, this.#size);
  }
}
