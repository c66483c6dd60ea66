// The byte work of reading /alerts/groups, on a worker thread: decoding the body, splitting it
// into its groups' texts and hashing each. At 100,000 alerts over 20 instances a poll round
// brings ~70 MB of bodies within a second or two, and that work was ~250 ms of the core's
// thread per round (a CPU profile of the browser shell under 1 % churn: SHA-256 ~100, UTF-8
// decoding ~70, splitting ~80), which a window's list query waited behind, plus 70 MB of
// short-lived strings for the core's garbage collector. The worker sends back each group's
// digest, and the text only of the groups the reader does not hold yet: the core parses those
// alone (alert-groups-reader.ts), as it did before.
//
// One worker for the process, started on the first body and never keeping the process alive
// on its own. Its code is the splitter class (group-split.ts, self-contained) and `serve`
// below, given as source text: the same in the tests (TypeScript run by tsx), the browser
// shell's bundle and Electron's (where a worker file would sit in the app archive), with no
// bundler entry of its own. Any failure of the worker leaves the reader to do the work itself.
//
// The body crosses as the chunks it arrived in, copied a quarter megabyte per message (the core
// keeps its own to fall back on): joining it into one buffer first held the core ~35 ms per
// 10 MB body in one task (copying into fresh pages), the worker decodes and splits as parts come.
import { Worker } from 'node:worker_threads';
import { nextTurn } from './event-loop-turns.ts';
import { ObjectArraySplitter } from './group-split.ts';

/** Length of a SHA-256 digest in base64. */
export const DIGEST_CHARS = 44;

/** What the worker found in one body. */
export interface BodySplit {
  /** The request: the `base` of this reader's next request once it holds this body. */
  id: number;
  /** Whether the body is a JSON array of objects as the splitter reads it (group-split.ts). */
  ok: boolean;
  /** Each group's SHA-256 (base64, DIGEST_CHARS characters), one after another. */
  digests: string;
  /** Each group's text; null when its digest was in the base body or earlier in this one. */
  texts: (string | null)[];
}

/** A body's request: the chunks follow in `SplitPart`s, then `SplitEnd`. */
interface SplitBegin {
  begin: number;
  reader: number;
  /** The request whose body the reader holds (0: none the worker would know). */
  base: number;
}

/** Some of the body's chunks, in order (copied: the core keeps its own to fall back on). */
interface SplitPart {
  part: number;
  chunks: Uint8Array[];
}

interface SplitEnd {
  end: number;
}

type Message = SplitBegin | SplitPart | SplitEnd | { forget: number };

interface Port {
  on(event: 'message', listener: (m: Message) => void): void;
  postMessage(m: BodySplit): void;
}

/**
 * The worker's side. Runs from its source text: it must use only its parameters and globals.
 * Remembers, per reader, the digests of the last body it split, so a group the reader already
 * holds crosses back as its digest alone. A body arrives as its chunks, decoded and split as
 * they come: no buffer or string of the whole body is made on either side.
 */
function serve(
  port: Port,
  sha256: (text: string) => string,
  Splitter: typeof ObjectArraySplitter,
): void {
  const last = new Map<number, { id: number; digests: Set<string> }>();
  interface Body {
    reader: number;
    held: Set<string> | undefined;
    seen: Set<string>;
    digests: string[];
    texts: (string | null)[];
    splitter: ObjectArraySplitter;
    decoder: InstanceType<typeof TextDecoder>;
    ok: boolean;
  }
  const bodies = new Map<number, Body>();
  const take = (b: Body, text: string): void => {
    if (!b.ok || text === '') return;
    b.ok = b.splitter.push(text, (piece) => {
      const d = sha256(piece);
      b.digests.push(d);
      b.texts.push(b.seen.has(d) || b.held?.has(d) === true ? null : piece);
      b.seen.add(d);
    });
  };
  port.on('message', (m) => {
    if ('forget' in m) {
      last.delete(m.forget);
      return;
    }
    if ('begin' in m) {
      const before = last.get(m.reader);
      bodies.set(m.begin, {
        reader: m.reader,
        held: before !== undefined && before.id === m.base ? before.digests : undefined,
        seen: new Set(),
        digests: [],
        texts: [],
        splitter: new Splitter(),
        decoder: new TextDecoder('utf-8', { fatal: false }),
        ok: true,
      });
      return;
    }
    if ('part' in m) {
      const b = bodies.get(m.part);
      if (b !== undefined) for (const c of m.chunks) take(b, b.decoder.decode(c, { stream: true }));
      return;
    }
    const b = bodies.get(m.end);
    if (b === undefined) return;
    bodies.delete(m.end);
    take(b, b.decoder.decode());
    const ok = b.ok && b.splitter.end();
    last.delete(b.reader);
    // Bounded: readers forget when their client closes; this only guards against a leak.
    if (last.size >= 1024) last.clear();
    if (ok) last.set(b.reader, { id: m.end, digests: b.seen });
    const digests = ok ? b.digests.join('') : '';
    port.postMessage({ id: m.end, ok, digests, texts: ok ? b.texts : [] });
  });
}

/**
 * Bytes per message of chunks: a message is copied whole into one buffer before it crosses,
 * so one message of the whole body would be the ~10 MB allocation this avoids (glibc keeps such
 * buffers' pages in its heap once freed between others: ~100 MB of the core's RSS at 100k).
 */
const PART_BYTES = 256 * 1024;
/** Copying a part costs ~0.1 ms, or a few with fresh pages: a turn after this much of it. */
const POST_SLICE_MS = 4;

// \`__name\`: esbuild's helper for keeping function names (tsx, which runs the tests, adds its
// calls to the classes and functions it compiles); here it only has to give its argument back.
const SOURCE = `'use strict';
const __name = (target) => target;
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const sha256 = (text) => createHash('sha256').update(text).digest('base64');
(${serve.toString()})(parentPort, sha256, ${ObjectArraySplitter.toString()});
`;

export class SplitWorker {
  #worker: Worker | undefined;
  /** The worker failed once: bodies are read on the core's thread from then on. */
  #broken = false;
  #nextId = 1;
  readonly #waiting = new Map<number, (s: BodySplit | undefined) => void>();

  /**
   * The body's groups split and hashed by the worker; undefined when the worker cannot do it
   * (the caller then reads the body itself). `base`: the id of the split whose body the reader
   * holds now (0 for none).
   */
  split(
    reader: number,
    base: number,
    chunks: readonly Uint8Array[],
  ): Promise<BodySplit | undefined> {
    const worker = this.#start();
    if (worker === undefined) return Promise.resolve(undefined);
    const id = this.#nextId++;
    const answer = new Promise<BodySplit | undefined>((resolve) => {
      this.#waiting.set(id, resolve);
    });
    // Kept alive while an answer is awaited, and only then.
    worker.ref();
    void this.#send(worker, id, reader, base, chunks);
    return answer;
  }

  /**
   * Copies the body over in parts, not handed over (the body stays readable here if the
   * worker fails), giving the event loop a turn after each POST_SLICE_MS of copying.
   */
  async #send(
    worker: Worker,
    id: number,
    reader: number,
    base: number,
    chunks: readonly Uint8Array[],
  ): Promise<void> {
    try {
      worker.postMessage({ begin: id, reader, base } satisfies Message);
      let part: Uint8Array[] = [];
      let bytes = 0;
      let since = performance.now();
      for (const c of chunks) {
        // A view copies its whole buffer: a small view of a larger one is copied out first.
        part.push(c.byteLength * 2 < c.buffer.byteLength ? c.slice() : c);
        bytes += c.byteLength;
        if (bytes < PART_BYTES) continue;
        worker.postMessage({ part: id, chunks: part } satisfies Message);
        part = [];
        bytes = 0;
        if (performance.now() - since >= POST_SLICE_MS) {
          await nextTurn();
          // Stopped or failed meanwhile: the answer was settled already.
          if (!this.#waiting.has(id)) return;
          since = performance.now();
        }
      }
      if (part.length > 0) worker.postMessage({ part: id, chunks: part } satisfies Message);
      worker.postMessage({ end: id } satisfies Message);
    } catch {
      // A chunk that cannot be copied (never expected): the reader reads the body here.
      const resolve = this.#waiting.get(id);
      this.#waiting.delete(id);
      if (this.#waiting.size === 0) worker.unref();
      resolve?.(undefined);
    }
  }

  /** The reader is gone: the worker drops what it remembered for it. */
  forget(reader: number): void {
    this.#worker?.postMessage({ forget: reader } satisfies Message);
  }

  /** Ends the worker (tests); the next split starts a new one. */
  async stop(): Promise<void> {
    const w = this.#worker;
    this.#worker = undefined;
    this.#settleAll();
    await w?.terminate();
  }

  #start(): Worker | undefined {
    if (this.#worker !== undefined || this.#broken) return this.#worker;
    let w: Worker;
    try {
      w = new Worker(SOURCE, { eval: true });
    } catch {
      this.#broken = true;
      return undefined;
    }
    w.unref();
    w.on('message', (s: BodySplit) => {
      const resolve = this.#waiting.get(s.id);
      this.#waiting.delete(s.id);
      if (this.#waiting.size === 0) w.unref();
      resolve?.(s);
    });
    const fail = (): void => {
      if (this.#worker !== w) return;
      this.#broken = true;
      this.#worker = undefined;
      this.#settleAll();
    };
    w.on('error', fail);
    w.on('messageerror', fail);
    w.on('exit', fail);
    this.#worker = w;
    return w;
  }

  /** Every awaited split answered "cannot": their readers do the work themselves. */
  #settleAll(): void {
    const waiting = [...this.#waiting.values()];
    this.#waiting.clear();
    for (const resolve of waiting) resolve(undefined);
  }
}

let shared: SplitWorker | undefined;

/** The process's one split worker (started on its first body). */
export function sharedSplitWorker(): SplitWorker {
  return (shared ??= new SplitWorker());
}
