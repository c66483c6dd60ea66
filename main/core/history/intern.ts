// Texts and label sets stored once in the history file (schema 3): an event row refers to
// them by id. Label sets are found by a 48-bit hash of their JSON (collisions are compared
// and get rows of their own); names by their unique text. Ids are cached in memory, bounded,
// so appending a row that repeats what was seen costs map lookups, not queries. The caches
// are dropped with a rolled-back transaction (its ids are gone) and after a clean-up.
import { createHash } from 'node:crypto';
import type sqlite from 'node-sqlite3-wasm';
import type { Row } from './history-rows.ts';

type Db = InstanceType<typeof sqlite.Database>;
type Statement = ReturnType<Db['prepare']>;

/** Entries kept per cache; a fleet's distinct label sets within a day fit easily. */
const MAX_CACHED = 50_000;

function hashOf(json: string): number {
  // 6 bytes: an exact integer in both SQLite and JavaScript.
  return createHash('sha256').update(json).digest().readUIntBE(0, 6);
}

export class Interner {
  readonly #db: Db;
  readonly #names = new Map<string, number>();
  readonly #labelsets = new Map<string, number>();
  /**
   * Statements prepared once (Database.get/all/run prepare and finalize one per call: with
   * 100,000 alerts first seen, ~500,000 prepares made half the cost of writing them, on the
   * core's thread while a window's list query waited). Finalized by close().
   */
  readonly #statements = new Map<string, Statement>();

  constructor(db: Db) {
    this.#db = db;
  }

  #statement(sql: string): Statement {
    let s = this.#statements.get(sql);
    if (s === undefined) {
      s = this.#db.prepare(sql);
      this.#statements.set(sql, s);
    }
    return s;
  }

  /** Finalizes the prepared statements (before the database is closed). */
  close(): void {
    for (const s of this.#statements.values()) s.finalize();
    this.#statements.clear();
  }

  /** The id of `text` in `names`, added when missing (inside the caller's transaction). */
  name(text: string | undefined): number | null {
    if (text === undefined) return null;
    const cached = this.#names.get(text);
    if (cached !== undefined) return cached;
    let id = this.existingName(text);
    if (id === undefined) {
      id = Number(
        this.#statement('INSERT INTO names (text) VALUES (?)').run([text]).lastInsertRowid,
      );
    }
    this.#remember(this.#names, text, id);
    return id;
  }

  /** The id of `text` when some row has it (queries: an unknown text matches nothing). */
  existingName(text: string): number | undefined {
    const cached = this.#names.get(text);
    if (cached !== undefined) return cached;
    const row = this.#statement('SELECT id FROM names WHERE text = ?').get([text]) as Row | null;
    return row ? Number(row.id) : undefined;
  }

  /** The id of the label set in `labelsets`, added when missing. */
  labels(labels: Record<string, string> | undefined): number | null {
    if (labels === undefined) return null;
    const json = JSON.stringify(labels);
    const cached = this.#labelsets.get(json);
    if (cached !== undefined) return cached;
    const hash = hashOf(json);
    const same = (
      this.#statement('SELECT id, labels FROM labelsets WHERE hash = ?').all([hash]) as Row[]
    ).find((r) => r.labels === json);
    const id =
      same !== undefined
        ? Number(same.id)
        : Number(
            this.#statement('INSERT INTO labelsets (hash, labels) VALUES (?, ?)').run([hash, json])
              .lastInsertRowid,
          );
    this.#remember(this.#labelsets, json, id);
    return id;
  }

  #remember(cache: Map<string, number>, key: string, id: number): void {
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(key, id);
  }

  /** Forgets cached ids (a rolled-back transaction took them back, or they were deleted). */
  forget(): void {
    this.#names.clear();
    this.#labelsets.clear();
  }

  /**
   * Deletes names and label sets no event refers to any more (after pruning): one pass over
   * the events, so the caller runs it now and then, not after every delete.
   */
  collect(): void {
    const refs = [
      'labelset',
      'cluster',
      'instance',
      'fingerprint',
      'group_key',
      'alertname',
      'severity',
    ];
    this.#db.exec(
      `CREATE TEMP TABLE IF NOT EXISTS used_names (id INTEGER PRIMARY KEY); DELETE FROM used_names;`,
    );
    for (const c of refs.slice(1)) {
      this.#db.exec(
        `INSERT OR IGNORE INTO used_names SELECT DISTINCT ${c} FROM events WHERE ${c} IS NOT NULL`,
      );
    }
    this.#db.exec(
      'DELETE FROM names WHERE id NOT IN (SELECT id FROM used_names); DROP TABLE used_names',
    );
    this.#db.exec(
      'DELETE FROM labelsets WHERE id NOT IN (SELECT labelset FROM events WHERE labelset IS NOT NULL)',
    );
    this.forget();
  }
}
