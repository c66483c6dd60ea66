// A response body gathered into one buffer as it arrives, in memory the process gives back.
//
// A buffer of Node's (Buffer.concat, Buffer.allocUnsafeSlow) is malloc's: glibc maps a large
// one on its own only until the first such mapping is freed, and from then on places buffers
// below that size in its main heap, which keeps their pages when they are freed between
// others. At 100,000 alerts (20 bodies of ~10 MB a poll round) a probe of the browser shell
// read 127 MB resident in `[heap]` after a full collection, with 44 MB of buffers alive (the
// core's RSS target is 350 MB); a script allocating and freeing 20 such buffers a round kept
// ~200 MB there from the second round on. A resizable ArrayBuffer is reserved and committed
// by V8's page allocator, not malloc, and unmapped when collected: the same script kept none.
// It also grows in place (no copy per doubling) and can be handed to a worker.

/** First size of a body of unknown length. */
const FIRST_BYTES = 64 * 1024;

/** A buffer of `size` bytes in memory given back when it is collected (see above). */
export function pageBuffer(size: number, max = size): ArrayBuffer {
  return new ArrayBuffer(size, { maxByteLength: Math.max(size, max) });
}

export class BodyBytes {
  readonly #buf: ArrayBuffer;
  #size = 0;

  /**
   * `max`: the most bytes it may hold (the caller refuses more); `expected`: the declared
   * length, when known (a hint: the body may be shorter or longer).
   */
  constructor(max: number, expected?: number) {
    const hint = expected !== undefined && Number.isFinite(expected) && expected > 0;
    const first = Math.min(max, hint ? Math.floor(expected) : FIRST_BYTES);
    this.#buf = pageBuffer(first, max);
  }

  get size(): number {
    return this.#size;
  }

  /** Appends `chunk`; the caller keeps the total within `max`. */
  push(chunk: Uint8Array): void {
    const need = this.#size + chunk.length;
    const buf = this.#buf;
    if (need > buf.byteLength) {
      buf.resize(Math.min(buf.maxByteLength, Math.max(need, buf.byteLength * 2)));
    }
    new Uint8Array(buf, this.#size, chunk.length).set(chunk);
    this.#size = need;
  }

  /** The bytes: the buffer shrunk to them (no more may be pushed after). */
  done(): Uint8Array {
    this.#buf.resize(this.#size);
    return new Uint8Array(this.#buf, 0, this.#size);
  }
}

/** A copy of `bytes` in a buffer of its own, in memory given back (for handing over). */
export function pageCopy(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(pageBuffer(bytes.length));
  out.set(bytes);
  return out;
}
