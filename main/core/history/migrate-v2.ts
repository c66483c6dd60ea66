// Schema 1 and 2 files kept each row's texts and labels inline (`labels` as JSON per row).
// Schema 3 interns them (intern.ts). Opening an older file copies its rows into the new
// table in one transaction, in bounded pages, with their ids kept (so the Timeline's pages
// and "since you last looked" read the same); a crash in the middle leaves the old file as it
// was (rollback journal) and the next start does it again.
import type sqlite from 'node-sqlite3-wasm';
import { EVENTS_SCHEMA, str, type Row } from './history-rows.ts';
import type { Interner } from './intern.ts';

type Db = InstanceType<typeof sqlite.Database>;

const PAGE = 5_000;

/** The file's events table is the inline one of schema 1 or 2. */
export function hasInlineEvents(db: Db): boolean {
  return db.get("SELECT 1 AS x FROM pragma_table_info('events') WHERE name = 'labels'") !== null;
}

/**
 * Moves the inline rows into schema 3's tables. The caller holds the transaction and makes
 * the indexes afterwards (one sort instead of a million index updates).
 */
export function migrateInlineEvents(db: Db, intern: Interner): number {
  // The old indexes carry the names schema 3 uses: dropped before the table is renamed.
  db.exec(`
DROP INDEX IF EXISTS events_at;
DROP INDEX IF EXISTS events_group_at;
DROP INDEX IF EXISTS events_fingerprint_at;
ALTER TABLE events RENAME TO events_inline;
`);
  db.exec(EVENTS_SCHEMA);
  const insert = db.prepare(
    'INSERT INTO events (id, at, kind, cluster, instance, fingerprint, group_key, alertname, severity, labelset, silence, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  let copied = 0;
  try {
    let after = 0;
    for (;;) {
      const rows = db.all(
        `SELECT id, at, kind, cluster, instance, fingerprint, group_key, alertname, severity, labels, silence, detail FROM events_inline WHERE id > ? ORDER BY id LIMIT ${PAGE}`,
        [after],
      ) as Row[];
      for (const r of rows) {
        const labels = str(r.labels);
        insert.run([
          Number(r.id),
          Number(r.at),
          String(r.kind),
          intern.name(str(r.cluster)),
          intern.name(str(r.instance)),
          intern.name(str(r.fingerprint)),
          intern.name(str(r.group_key)),
          intern.name(str(r.alertname)),
          intern.name(str(r.severity)),
          // Parsed and written again so the same set stored twice shares one row.
          labels === undefined ? null : intern.labels(JSON.parse(labels) as Record<string, string>),
          str(r.silence) ?? null,
          str(r.detail) ?? null,
        ]);
      }
      copied += rows.length;
      if (rows.length < PAGE) break;
      after = Number(rows[rows.length - 1]?.id);
    }
  } finally {
    insert.finalize();
  }
  db.exec('DROP TABLE events_inline');
  return copied;
}
