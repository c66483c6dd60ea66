// Silence hygiene's marks in the history file (schema 2): since when each silence has silenced
// nothing and which of its flags were announced, so a restart continues both
// (main/core/silences/hygiene-memory.ts). One row per silence needing it, a handful at most;
// a row of a silence that ended is dropped with the rest of the pruning.
import type sqlite from 'node-sqlite3-wasm';
import type { HygieneMark, HygieneReason } from '../silences/hygiene-memory.ts';
import type { Row } from './history-rows.ts';

type Db = InstanceType<typeof sqlite.Database>;

export const HYGIENE_SCHEMA = `
CREATE TABLE IF NOT EXISTS hygiene (
  silence TEXT PRIMARY KEY,
  unused_since INTEGER,
  announced TEXT NOT NULL,
  ends_at INTEGER NOT NULL
);
`;

export function loadHygiene(db: Db): Map<string, HygieneMark> {
  const out = new Map<string, HygieneMark>();
  const rows = db.all('SELECT silence, unused_since, announced, ends_at FROM hygiene') as Row[];
  for (const r of rows) {
    const announced = String(r.announced)
      .split(',')
      .filter((w): w is HygieneReason => w === 'unused' || w === 'long');
    out.set(String(r.silence), {
      unusedSince: r.unused_since === null ? null : Number(r.unused_since),
      announced,
      endsAt: Number(r.ends_at),
    });
  }
  return out;
}

/** Writes the changes in one transaction (null: the row goes). */
export function saveHygiene(db: Db, changes: ReadonlyMap<string, HygieneMark | null>): void {
  if (changes.size === 0) return;
  db.exec('BEGIN');
  try {
    for (const [key, m] of changes) {
      if (!m) db.run('DELETE FROM hygiene WHERE silence = ?', [key]);
      else
        db.run(
          'INSERT INTO hygiene (silence, unused_since, announced, ends_at) VALUES (?, ?, ?, ?) ON CONFLICT(silence) DO UPDATE SET unused_since = excluded.unused_since, announced = excluded.announced, ends_at = excluded.ends_at',
          [key, m.unusedSince, m.announced.join(','), m.endsAt],
        );
    }
    db.exec('COMMIT');
  } catch (e) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw e;
  }
}

/** Drops the rows of silences that ended before `nowMs`. */
export function pruneHygiene(db: Db, nowMs: number): number {
  return db.run('DELETE FROM hygiene WHERE ends_at < ?', [nowMs]).changes;
}
