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
import { Worker } from 'node:worker_threads';
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

interface SplitRequest {
  id: number;
  reader: number;
  /** The request whose body the reader holds (0: none the worker would know). */
  base: number;
  bytes: ArrayBuffer;
}

type Message = SplitRequest | { forget: number };

interface Port {
  on(event: 'message', listener: (m: Message) => void): void;
  postMessage(m: BodySplit): void;
}

/**
 * The worker's side. Runs from its source text: it must use only its parameters and globals.
 * Remembers, per reader, the digests of the last body it split, so a group the reader already
 * holds crosses back as its digest alone.
 */
function serve(
  port: Port,
  sha256: (text: string) => string,
  Splitter: typeof ObjectArraySplitter,
): void {
  const last = new Map<number, { id: number; digests: Set<string> }>();
  port.on('message', (m) => {
    if ('forget' in m) {
      last.delete(m.forget);
      return;
    }
    const text = new TextDecoder('utf-8', { fatal: false }).decode(new Uint8Array(m.bytes));
    const before = last.get(m.reader);
    const held = before !== undefined && before.id === m.base ? before.digests : undefined;
    const seen = new Set<string>();
    const digests: string[] = [];
    const texts: (string | null)[] = [];
    const splitter = new Splitter();
    const pushed = splitter.push(text, (piece) => {
      const d = sha256(piece);
      digests.push(d);
      texts.push(seen.has(d) || held?.has(d) === true ? null : piece);
      seen.add(d);
    });
    const ok = pushed && splitter.end();
    last.delete(m.reader);
    // Bounded: readers forget when their client closes; this only guards against a leak.
    if (last.size >= 1024) last.clear();
    if (ok) last.set(m.reader, { id: m.id, digests: seen });
    port.postMessage({ id: m.id, ok, digests: ok ? digests.join('') : '', texts: ok ? texts : [] });
  });
}

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
  split(reader: number, base: number, bytes: Uint8Array): Promise<BodySplit | undefined> {
    const worker = this.#start();
    if (worker === undefined) return Promise.resolve(undefined);
    const id = this.#nextId++;
    // The bytes are handed over, not copied, when they are a buffer of their own.
    const own =
      bytes.byteOffset === 0 &&
      bytes.buffer instanceof ArrayBuffer &&
      bytes.byteLength === bytes.buffer.byteLength
        ? bytes.buffer
        : (bytes.slice().buffer as ArrayBuffer);
    return new Promise((resolve) => {
      this.#waiting.set(id, resolve);
      // Kept alive while an answer is awaited, and only then.
      worker.ref();
      const request: SplitRequest = { id, reader, base, bytes: own };
      worker.postMessage(request, [own]);
    });
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
