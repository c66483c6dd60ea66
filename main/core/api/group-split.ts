// The top-level elements of a JSON array of objects, as text ranges, without parsing them:
// /alerts/groups is read group by group, and a group whose text did not change since the last
// poll is not parsed again (alert-groups-reader.ts). At 100,000 alerts, re-parsing every
// instance's whole body for 1 % of changed alerts made ~350 MB of garbage per poll round.
//
// Exact by construction: the text must be `[` ws object (ws `,` ws object)* ws `]` ws with
// JSON's four whitespace characters, and each range is later given to JSON.parse on its own,
// which rejects any range that is not one valid JSON object. So when every range parses, the
// whole body is valid JSON and each element is what JSON.parse of the whole would give. Any
// other shape gives undefined and the caller parses the whole body as before.

/**
 * The elements of a body that arrives as text chunks: each element's text is given as it
 * completes, so no string of the whole body is ever made. At 100,000 alerts a poll round made
 * 20 body strings of ~5 MB; each outlived the parse that read it (large objects are freed
 * only by a full collection) and RSS swung by ~100 MB with every round.
 *
 * The same grammar as the one-piece reference splitter of its tests, checked character by character across chunk
 * boundaries; `push` returns false once the text can no longer be such an array, and `end`
 * says whether the whole text was one.
 */
export class ObjectArraySplitter {
  /** 0 before `[`, 1 after `[`, 2 after `,`, 3 in an element, 4 after one, 5 after `]`. */
  #state = 0;
  #depth = 0;
  #inString = false;
  #escaped = false;
  /** The current element's text from earlier chunks. */
  #parts: string[] = [];
  #failed = false;

  /** Takes the next chunk; `onElement` gets each element completed in it, in order. */
  push(chunk: string, onElement: (text: string) => void): boolean {
    if (this.#failed) return false;
    // The state in locals while the chunk is scanned (a private field per character made this
    // slower than JSON.parse of the whole body: 230 ms for a 52 MB body), written back after.
    let state = this.#state;
    let depth = this.#depth;
    let start = state === 3 ? 0 : -1;
    const n = chunk.length;
    let i = 0;
    if (state === 3 && this.#inString) {
      i = this.#endOfString(chunk, 0);
      if (i < 0) {
        this.#parts.push(chunk);
        return true;
      }
    }
    for (; i < n; i++) {
      const c = chunk.charCodeAt(i);
      if (state === 3) {
        if (c === 0x22) {
          // Most of a body is string text: jump over it to its closing quote.
          this.#escaped = false;
          const end = this.#endOfString(chunk, i + 1);
          if (end < 0) {
            this.#inString = true;
            break;
          }
          i = end - 1;
        } else if (c === 0x7b || c === 0x5b) depth++;
        else if (c === 0x7d || c === 0x5d) {
          depth--;
          if (depth === 0) {
            if (c !== 0x7d) return this.#fail();
            const head = this.#parts.length > 0 ? this.#parts.join('') : '';
            this.#parts = [];
            onElement(head + chunk.slice(start, i + 1));
            state = 4;
            start = -1;
          }
        }
        continue;
      }
      // JSON's four whitespace characters (inline: the class is self-contained, split-worker.ts).
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
      switch (state) {
        case 0:
          if (c !== 0x5b) return this.#fail();
          state = 1;
          break;
        case 1:
        case 2:
          if (c === 0x5d && state === 1) state = 5;
          else if (c === 0x7b) {
            state = 3;
            depth = 1;
            start = i;
          } else return this.#fail();
          break;
        case 4:
          if (c === 0x2c) state = 2;
          else if (c === 0x5d) state = 5;
          else return this.#fail();
          break;
        default:
          return this.#fail();
      }
    }
    this.#state = state;
    this.#depth = depth;
    if (state === 3 && start >= 0) this.#parts.push(chunk.slice(start));
    return true;
  }

  /**
   * Inside a string from `from` (after its opening quote, or the chunk's start with the string
   * open since an earlier chunk): the index just after its closing quote, or -1 when the chunk
   * ends first (`#inString` and `#escaped` then say where the next chunk starts). A quote is
   * the closing one when an even number of backslashes precedes it; the count stops at `from`,
   * before which is the opening quote, an escaped character, or an earlier chunk that left no
   * escape pending.
   */
  #endOfString(chunk: string, from: number): number {
    let k = from;
    if (this.#escaped) {
      if (k >= chunk.length) return -1;
      k++; // the escaped character, whatever it is
      this.#escaped = false;
    }
    const floor = k;
    for (;;) {
      const q = chunk.indexOf('"', k);
      if (q < 0) {
        let run = 0;
        for (let j = chunk.length - 1; j >= floor && chunk.charCodeAt(j) === 0x5c; j--) run++;
        this.#escaped = run % 2 === 1;
        this.#inString = true;
        return -1;
      }
      let run = 0;
      for (let j = q - 1; j >= floor && chunk.charCodeAt(j) === 0x5c; j--) run++;
      if (run % 2 === 0) {
        this.#inString = false;
        return q + 1;
      }
      k = q + 1;
    }
  }

  /** Whether everything pushed was one complete array of objects. */
  end(): boolean {
    return !this.#failed && this.#state === 5;
  }

  #fail(): false {
    this.#failed = true;
    this.#parts = [];
    return false;
  }
}
