// The hot path of every poll: GET /alerts/groups read straight from JSON.parse's output.
//
// zod (schemas.ts) builds a second object graph for every body, so a poll of 5,000 alerts held
// the parsed graph and zod's copy at once, and each alert kept objects zod made for it. This
// reader checks exactly what alertGroupSchema checks and keeps the parsed label and annotation
// objects (their repeated values pooled), shares the receiver lists and the common statuses,
// and builds only the small objects the types need. It accepts only what the schema accepts
// and gives the same result (test/core/api/alert-groups-reader.test.ts); on anything it does
// not accept it returns undefined, and the caller lets zod produce its exact error message
// (or its result, for valid shapes this reader leaves to zod, such as null lists).
import { createHash } from 'node:crypto';
import { NONE } from '../model/none.ts';
import { AlertReuse } from './alert-reuse.ts';
import { ObjectArraySplitter } from './group-split.ts';
import type { AlertGroup, AlertState, AlertStatus, GettableAlert, Receiver } from './types.ts';
import type { StringPool } from './string-pool.ts';
import { nextTurn } from './event-loop-turns.ts';
import { DIGEST_CHARS, type BodySplit, type SplitWorker } from './split-worker.ts';

const STATES: ReadonlySet<string> = new Set<AlertState>(['unprocessed', 'active', 'suppressed']);

/** Statuses with no silence and no inhibition, one per state (most alerts have one of these). */
const PLAIN_STATUS = new Map<string, AlertStatus>(
  [...STATES].map((state) => [
    state,
    Object.freeze({ state: state as AlertState, silencedBy: NONE, inhibitedBy: NONE }),
  ]),
);

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** What schemas.ts's dateTime accepts. */
function isDateTime(v: unknown): v is string {
  return typeof v === 'string' && !Number.isNaN(Date.parse(v));
}

/** Longest a sliced read works before the event loop gets a turn. */
export const READ_SLICE_MS = 8;

/** One body being read. */
interface Read {
  /** The last body's groups by digest, and this body's so far. */
  previous: Map<string, AlertGroup>;
  next: Map<string, AlertGroup>;
  out: AlertGroup[];
  splitter: ObjectArraySplitter;
  refused: boolean;
}

/** A body as the HTTP transport holds it: its bytes as they arrived, or its text in chunks. */
export interface BodyParts {
  byteChunks(): readonly Uint8Array[];
  textChunks(): Iterable<string>;
}

let readerIds = 0;

export class AlertGroupsReader {
  readonly #pool: StringPool;
  /** Splits and hashes bodies off the core's thread (readBody); none: all is done here. */
  readonly #splitter: SplitWorker | undefined;
  /** This reader, to the split worker. */
  readonly #id = ++readerIds;
  /** The split whose body's groups `#byDigest` holds (0: none the worker knows of). */
  #base = 0;
  /** Receiver lists by their names: a handful of distinct lists, shared by every alert. */
  #receivers = new Map<string, Receiver[]>();
  /** The last body's alerts, given again for an unchanged alert of a changed group. */
  readonly #reuse = new AlertReuse();

  constructor(pool: StringPool, splitter?: SplitWorker) {
    this.#pool = pool;
    this.#splitter = splitter;
  }

  /** The reader is no longer used (its client closed). */
  dispose(): void {
    this.#splitter?.forget(this.#id);
  }

  /**
   * The last body's groups by the digest of their text: a group whose text is unchanged is the
   * same object again (its alerts are the ones the merge already holds), not parsed again.
   * Holds only the last body's groups.
   */
  #byDigest = new Map<string, AlertGroup>();

  /**
   * The groups of a body's text, parsing only groups whose text changed since the last body;
   * undefined when the text is not an array of groups this reader accepts (the caller then
   * parses it whole: JSON.parse's error, or zod's).
   */
  readText(text: string): AlertGroup[] | undefined {
    return this.readChunks([text]);
  }

  /**
   * readText for a body given as decoded chunks, in order: each group's text is taken as it
   * completes, and no string of the whole body is made.
   */
  readChunks(chunks: Iterable<string>): AlertGroup[] | undefined {
    const r = this.#begin();
    try {
      for (const chunk of chunks) if (!this.#push(r, chunk)) return undefined;
      return this.#end(r);
    } finally {
      this.#rotate();
    }
  }

  /**
   * readChunks that gives the event loop a turn whenever it has worked `sliceMs`: reading a
   * changed body of 5,000 alerts held the core for 60–120 ms in one task (split, digests, the
   * changed groups parsed), and with several instances answering at once a window's list query
   * waited behind them for half a second. Reads of this reader run one after another, and
   * slices of all readers one per turn (event-loop-turns.ts).
   */
  async readChunksSliced(
    chunks: Iterable<string>,
    sliceMs = READ_SLICE_MS,
  ): Promise<AlertGroup[] | undefined> {
    return this.#serially(() => this.#readChunksSlicedNow(chunks, sliceMs));
  }

  /**
   * readChunksSliced for a body whose decoding, splitting and hashing the split worker does
   * (split-worker.ts): this thread only parses the groups it does not hold yet, in slices.
   * Without a worker, or when it fails, the body is read here as readChunksSliced does.
   */
  async readBody(body: BodyParts, sliceMs = READ_SLICE_MS): Promise<AlertGroup[] | undefined> {
    const splitter = this.#splitter;
    if (splitter === undefined) return this.readChunksSliced(body.textChunks(), sliceMs);
    return this.#serially(async () => {
      const split = await splitter.split(this.#id, this.#base, body.byteChunks());
      const read = split && (await this.#readSplit(split, sliceMs));
      // No worker, or a group it left out that this reader does not hold (never expected):
      // the body is read here, from its text.
      if (read === undefined || read === AGAIN)
        return this.#readChunksSlicedNow(body.textChunks(), sliceMs);
      return read === REFUSED ? undefined : read;
    });
  }

  async #readSplit(
    split: BodySplit,
    sliceMs: number,
  ): Promise<AlertGroup[] | typeof REFUSED | typeof AGAIN> {
    if (!split.ok) return REFUSED;
    const r = this.#begin();
    let since = performance.now();
    for (let i = 0; i < split.texts.length; i++) {
      const digest = split.digests.slice(i * DIGEST_CHARS, (i + 1) * DIGEST_CHARS);
      let g = r.next.get(digest) ?? r.previous.get(digest);
      if (g === undefined) {
        const text = split.texts[i];
        if (text === null || text === undefined) return AGAIN;
        g = this.#parseGroup(text, r.out.length);
        if (g === undefined) return REFUSED;
      }
      r.next.set(digest, g);
      r.out.push(g);
      if (performance.now() - since >= sliceMs) {
        await nextTurn();
        since = performance.now();
      }
    }
    this.#byDigest = r.next;
    this.#base = split.id;
    this.#reuse.remember(r.out);
    return r.out;
  }

  async #readChunksSlicedNow(
    chunks: Iterable<string>,
    sliceMs: number,
  ): Promise<AlertGroup[] | undefined> {
    const r = this.#begin();
    let since = performance.now();
    for (const chunk of chunks) {
      if (!this.#push(r, chunk)) return undefined;
      if (performance.now() - since >= sliceMs) {
        await nextTurn();
        since = performance.now();
      }
    }
    return this.#end(r);
  }

  /** Runs reads one after another (each reads against the one before); rotates the pool. */
  async #serially<T>(read: () => Promise<T>): Promise<T> {
    const before = this.#reading;
    let done!: () => void;
    this.#reading = new Promise<void>((resolve) => (done = resolve));
    await before;
    try {
      return await read();
    } finally {
      this.#rotate();
      done();
    }
  }

  /** The sliced read in progress (the next one waits for it). */
  #reading: Promise<void> = Promise.resolve();

  #begin(): Read {
    return {
      previous: this.#byDigest,
      next: new Map(),
      out: [],
      splitter: new ObjectArraySplitter(),
      refused: false,
    };
  }

  /** Takes one chunk; false once the body can no longer be read here. */
  #push(r: Read, chunk: string): boolean {
    const take = (piece: string): void => {
      if (r.refused) return;
      const digest = createHash('sha256').update(piece).digest('base64');
      let g = r.next.get(digest) ?? r.previous.get(digest);
      if (g === undefined) {
        g = this.#parseGroup(piece, r.out.length);
        if (g === undefined) {
          r.refused = true;
          return;
        }
      }
      r.next.set(digest, g);
      r.out.push(g);
    };
    return r.splitter.push(chunk, take) && !r.refused;
  }

  /** One group's text parsed and read; undefined when it is not JSON or not a group. */
  #parseGroup(text: string, index: number): AlertGroup | undefined {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return undefined;
    }
    return this.#group(json, index);
  }

  #end(r: Read): AlertGroup[] | undefined {
    if (!r.splitter.end()) return undefined;
    this.#byDigest = r.next;
    // Digests the worker does not know as one of its splits.
    this.#base = 0;
    this.#reuse.remember(r.out);
    return r.out;
  }

  /** The groups, or undefined when zod must decide (invalid, or a shape it normalises). */
  read(json: unknown): AlertGroup[] | undefined {
    try {
      if (!Array.isArray(json)) return undefined;
      const out: AlertGroup[] = new Array<AlertGroup>(json.length);
      for (let i = 0; i < json.length; i++) {
        const g = this.#group(json[i], i);
        if (!g) return undefined;
        out[i] = g;
      }
      this.#reuse.remember(out);
      return out;
    } finally {
      this.#rotate();
    }
  }

  #rotate(): void {
    this.#pool.rotate();
    // Bounded like the pool: only lists seen in this body are kept for the next.
    if (this.#receivers.size > 64) this.#receivers = new Map();
  }

  #group(g: unknown, index: number): AlertGroup | undefined {
    if (!isObject(g)) return undefined;
    const labels = this.#labelSet(g['labels']);
    const receiver = g['receiver'];
    const alerts = g['alerts'];
    if (!labels || !isObject(receiver) || typeof receiver['name'] !== 'string') return undefined;
    if (!Array.isArray(alerts)) return undefined;
    const list: GettableAlert[] = new Array<GettableAlert>(alerts.length);
    const before = this.#reuse.group(index, receiver['name'], labels);
    for (let i = 0; i < alerts.length; i++) {
      const a = this.#alert(alerts[i]);
      if (!a) return undefined;
      list[i] = before ? before.reuse(i, a) : a;
    }
    const group: AlertGroup = {
      labels,
      receiver: { name: this.#pool.get(receiver['name']) },
      alerts: list,
    };
    // 0.34's routeLabels: kept when present and not empty, as the schema does.
    const rl = g['routeLabels'];
    if (rl !== undefined && rl !== null) {
      const routeLabels = this.#labelSet(rl);
      if (!routeLabels) return undefined;
      if (Object.keys(routeLabels).length > 0) group.routeLabels = routeLabels;
    }
    return group;
  }

  #alert(a: unknown): GettableAlert | undefined {
    if (!isObject(a)) return undefined;
    const labels = this.#labelSet(a['labels']);
    const annotations = this.#labelSet(a['annotations']);
    const receivers = this.#receiverList(a['receivers']);
    const status = this.#status(a['status']);
    const { fingerprint, startsAt, updatedAt, endsAt, generatorURL } = a;
    if (!labels || !annotations || !receivers || !status) return undefined;
    if (typeof fingerprint !== 'string') return undefined;
    if (!isDateTime(startsAt) || !isDateTime(updatedAt) || !isDateTime(endsAt)) return undefined;
    if (generatorURL !== undefined && typeof generatorURL !== 'string') return undefined;
    // The schema's key order, so the result is the object zod would give. One literal per
    // shape, not properties added one by one: an object grown past its first four
    // properties gets a separate property array (8 MB more at 100,000 alerts).
    const pool = this.#pool;
    if (generatorURL === undefined)
      return {
        labels,
        annotations,
        receivers,
        fingerprint,
        startsAt: pool.get(startsAt),
        updatedAt: pool.get(updatedAt),
        endsAt: pool.get(endsAt),
        status,
      };
    return {
      labels,
      generatorURL: pool.get(generatorURL),
      annotations,
      receivers,
      fingerprint,
      startsAt: pool.get(startsAt),
      updatedAt: pool.get(updatedAt),
      endsAt: pool.get(endsAt),
      status,
    };
  }

  /** A plain object of strings, kept as parsed with its values pooled. */
  #labelSet(v: unknown): Record<string, string> | undefined {
    if (!isObject(v) || Object.getPrototypeOf(v) !== Object.prototype) return undefined;
    // An own "__proto__" key (JSON.parse makes one) is left to zod's record handling.
    if (Object.hasOwn(v, '__proto__')) return undefined;
    for (const k in v) {
      const value = v[k];
      if (typeof value !== 'string') return undefined;
      v[k] = this.#pool.get(value);
    }
    return v as Record<string, string>;
  }

  #receiverList(v: unknown): Receiver[] | undefined {
    if (!Array.isArray(v)) return undefined;
    let key = '';
    for (const r of v) {
      if (!isObject(r) || typeof r['name'] !== 'string') return undefined;
      key += `${r['name']}\u0000`;
    }
    let list = this.#receivers.get(key);
    if (!list) {
      list = Object.freeze(
        v.map((r: Json) => Object.freeze({ name: r['name'] as string })),
      ) as Receiver[];
      this.#receivers.set(key, list);
    }
    return list;
  }

  #status(v: unknown): AlertStatus | undefined {
    if (!isObject(v)) return undefined;
    const { state, silencedBy, inhibitedBy, mutedBy } = v;
    if (typeof state !== 'string' || !STATES.has(state)) return undefined;
    const silenced = stringList(silencedBy);
    const inhibited = stringList(inhibitedBy);
    if (!silenced || !inhibited) return undefined;
    // 0.28+ time-interval mutes; absent on older servers.
    const muted = mutedBy === undefined ? NONE : stringList(mutedBy);
    if (!muted) return undefined;
    if (silenced === NONE && inhibited === NONE && muted === NONE) return PLAIN_STATUS.get(state);
    const out: AlertStatus = {
      state: state as AlertState,
      silencedBy: silenced,
      inhibitedBy: inhibited,
    };
    if (muted !== NONE) out.mutedBy = muted;
    return out;
  }
}

/** readBody's outcomes besides the groups: the body is not one this reader accepts; read it here. */
const REFUSED = Symbol('refused');
const AGAIN = Symbol('again');

/** A list of strings; null (Go's nil slice) and [] read as the shared empty list, as zod does. */
function stringList(v: unknown): string[] | undefined {
  if (v === null) return NONE;
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) return undefined;
  return v.length === 0 ? NONE : (v as string[]);
}
