// What silence hygiene remembers between runs: since when each silence has silenced nothing,
// and which of its flags were already announced. Without it a restart started every clock
// again ("unused for 6 min" where it had been 28) and announced each flag a second time.
//
// The memory is a slot shared by the core (which keeps the clocks) and the history (which
// holds the file): the history plugs its store in while it is on in Settings and takes it out
// when turned off. Without a store the clocks live in memory only: they survive nothing but
// the running process, as before.

export type HygieneReason = 'unused' | 'long';

/** One silence's row: absent once it is in use and nothing about it was announced. */
export interface HygieneMark {
  /** Epoch ms it last silenced an alert (or was first seen); null while in use. */
  unusedSince: number | null;
  announced: HygieneReason[];
  /** The silence's end (epoch ms): a row of a silence long ended is dropped. */
  endsAt: number;
}

export interface HygieneStore {
  /** The marks kept, by silence key. */
  load(): Map<string, HygieneMark>;
  /** Writes the changed marks (null: forget the silence); may be written a little later. */
  save(changes: ReadonlyMap<string, HygieneMark | null>): void;
}

export class HygieneMemory {
  #store: HygieneStore | null = null;

  /** The store now in use, or null (memory only). */
  get store(): HygieneStore | null {
    return this.#store;
  }

  /** Plugs a store in (the history opened) or takes it out (null: turned off, closed). */
  use(store: HygieneStore | null): void {
    this.#store = store;
  }
}

export function sameMark(a: HygieneMark | undefined, b: HygieneMark | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return (
    a.unusedSince === b.unusedSince &&
    a.endsAt === b.endsAt &&
    a.announced.length === b.announced.length &&
    a.announced.every((r, i) => b.announced[i] === r)
  );
}
