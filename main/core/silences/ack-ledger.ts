// The ack ledger: the silence keys (`<cluster>/<id>`) of the acks this install wrote, and of
// their renewals (an update may come back with a NEW id). It alone decides which acks are
// "mine": tended (extended, expired) and offered for un-acknowledging. The tag an ack carries
// in its comment is readable by anyone who lists silences and is never trusted; two installs
// on one host (same user, same tag) each keep their own ledger next to their settings.
//
// Kept in a small private file (files/ack-ledger-file.ts) so a restart tends its acks again.
// An install that starts with an empty ledger adopts nothing: acks it may have written before
// lapse by themselves within their short duration.
import type { MergedView } from '../model/view.ts';

/** Where the ledger is kept: key → when it was added (epoch ms). */
export interface AckLedgerStore {
  load(): Promise<Record<string, number>>;
  save(entries: Record<string, number>): Promise<void>;
}

/** Store of a core without a file (tests, a browser shell given settings): this run only. */
class MemoryLedgerStore implements AckLedgerStore {
  #saved: Record<string, number> = {};
  load(): Promise<Record<string, number>> {
    return Promise.resolve({ ...this.#saved });
  }
  save(entries: Record<string, number>): Promise<void> {
    this.#saved = { ...entries };
    return Promise.resolve();
  }
}

/** An entry absent from its cluster's fresh data for this long is gone (retention passed). */
const ABSENT_GRACE_MS = 10 * 60_000;
/** At most this many entries are kept (the oldest go first): the file stays small. */
const MAX_ENTRIES = 2000;

export interface AckLedgerOptions {
  store?: AckLedgerStore;
  now: () => number;
  /** Told after the set of keys changed (the core re-merges so the view says whose). */
  changed: () => void;
  log?: (message: string) => void;
}

export class AckLedger {
  readonly #o: AckLedgerOptions;
  readonly #store: AckLedgerStore;
  readonly #entries = new Map<string, number>();
  /** Keys with a write under way (see follow), and how many. */
  readonly #renewing = new Map<string, number>();
  #keys: ReadonlySet<string> = new Set();
  /** Settles once the stored ledger was read (or could not be: then it starts empty). */
  readonly ready: Promise<void>;

  constructor(o: AckLedgerOptions) {
    this.#o = o;
    this.#store = o.store ?? new MemoryLedgerStore();
    this.ready = this.#load();
  }

  /** This install's ack keys; a new Set object whenever they change. */
  get keys(): ReadonlySet<string> {
    return this.#keys;
  }

  has(key: string): boolean {
    return this.#entries.has(key);
  }

  /** An ack this install just wrote. */
  async add(key: string): Promise<void> {
    await this.ready;
    this.#entries.set(key, this.#o.now());
    await this.#changed();
  }

  /**
   * Runs a write to `oldKey` (extend, update) that may answer with a new key: a renewal of one
   * of ours stays ours under its new key.
   */
  async follow<R extends { silenceKey: string }>(
    oldKey: string,
    write: () => Promise<R>,
  ): Promise<R> {
    this.#renewing.set(oldKey, (this.#renewing.get(oldKey) ?? 0) + 1);
    try {
      const result = await write();
      await this.ready;
      const newKey = result.silenceKey;
      if (newKey !== oldKey && this.#entries.delete(oldKey)) {
        this.#entries.set(newKey, this.#o.now());
        await this.#changed();
      }
      return result;
    } finally {
      const n = this.#renewing.get(oldKey)! - 1;
      if (n === 0) this.#renewing.delete(oldKey);
      else this.#renewing.set(oldKey, n);
    }
  }

  /** An ack of ours was expired: nothing left to tend. */
  async remove(key: string): Promise<void> {
    await this.ready;
    if (this.#entries.delete(key)) await this.#changed();
  }

  /**
   * Drops entries the view shows expired, and those absent from their cluster's fresh data for
   * a while (past the server's retention). Clusters without fresh data say nothing. An entry
   * being renewed stays: the write expires the old id before its answer names the new one.
   */
  prune(view: Pick<MergedView, 'silences' | 'clusters'>): void {
    const now = this.#o.now();
    let dropped = false;
    for (const [key, added] of this.#entries) {
      const s = view.silences[key];
      const cluster = view.clusters[key.slice(0, key.lastIndexOf('/'))];
      const fresh = cluster !== undefined && !cluster.stale && cluster.health === 'ok';
      if (this.#renewing.has(key)) continue;
      const gone = s ? s.state === 'expired' : fresh && now - added > ABSENT_GRACE_MS;
      if (gone) dropped = this.#entries.delete(key) || dropped;
    }
    if (dropped) void this.#changed();
  }

  async #load(): Promise<void> {
    try {
      const stored = await this.#store.load();
      for (const [key, added] of Object.entries(stored)) this.#entries.set(key, added);
    } catch (e) {
      // Unreadable: nothing is adopted (and the file is never written over, see the store).
      this.#log(`ack ledger not read: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    if (this.#entries.size > 0) this.#publish();
  }

  async #changed(): Promise<void> {
    while (this.#entries.size > MAX_ENTRIES) {
      this.#entries.delete(this.#entries.keys().next().value!);
    }
    this.#publish();
    try {
      await this.#store.save(Object.fromEntries(this.#entries));
    } catch (e) {
      // This run still knows its acks; after a restart they are someone else's and lapse.
      this.#log(e instanceof Error ? e.message : `ack ledger not saved: ${String(e)}`);
    }
  }

  #publish(): void {
    this.#keys = new Set(this.#entries.keys());
    this.#o.changed();
  }

  #log(message: string): void {
    (this.#o.log ?? console.error)(`core: ${message}`);
  }
}
