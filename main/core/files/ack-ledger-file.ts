// The ack ledger's file (silences/ack-ledger.ts): `acks.json` next to the settings, private
// (0600) and written atomically. Entries of another shape are skipped on read; other fields
// are kept, and a file that cannot be read as an object is never written over.
import type { AckLedgerStore } from '../silences/ack-ledger.ts';
import { readJsonObject, updateJsonObject } from './json-object-file.ts';
import { SerialQueue } from './private-file.ts';

export class AckLedgerFile implements AckLedgerStore {
  readonly #path: string;
  readonly #queue = new SerialQueue();

  constructor(path: string) {
    this.#path = path;
  }

  async load(): Promise<Record<string, number>> {
    const acks = (await readJsonObject(this.#path)).acks;
    const out: Record<string, number> = {};
    if (typeof acks !== 'object' || acks === null || Array.isArray(acks)) return out;
    for (const [key, added] of Object.entries(acks as Record<string, unknown>)) {
      if (typeof added === 'number' && Number.isFinite(added)) out[key] = added;
    }
    return out;
  }

  save(entries: Record<string, number>): Promise<void> {
    return updateJsonObject(
      this.#path,
      this.#queue,
      (obj) => {
        obj.acks = entries;
      },
      'Ack ledger',
    );
  }
}
