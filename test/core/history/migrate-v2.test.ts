// A schema-2 history file written by the previous code (fixtures/history-v2.sqlite, made by
// HistoryDb at commit 006e791, with what its query() returned in history-v2.json) opens in
// schema 3 with every record as it was: same ids, times, texts and labels, the hygiene marks
// and "last seen" kept; label sets are stored once; a second open changes nothing.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import sqlite from 'node-sqlite3-wasm';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HistoryDb } from '../../../main/core/history/history-db.ts';
import type { HistoryRecord } from '../../../main/core/history/record.ts';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

describe('history file migration from schema 2', () => {
  let dir: string;
  let path: string;
  let expected: HistoryRecord[];
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'amtray-migrate-'));
    path = join(dir, 'history.sqlite');
    await copyFile(fixture('history-v2.sqlite'), path);
    expected = JSON.parse(await readFile(fixture('history-v2.json'), 'utf8')) as HistoryRecord[];
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('reads the old file with its records intact', () => {
    const raw = new sqlite.Database(path);
    assert.equal(
      (raw.get("SELECT value FROM meta WHERE key = 'schema'") as { value: string }).value,
      '2',
    );
    raw.close();

    let db = new HistoryDb(path);
    try {
      assert.equal(db.getMeta('schema'), '3');
      assert.equal(db.integrity(), 'ok');
      assert.equal(expected.length, 62);
      assert.deepEqual(db.query({ limit: 1000 }), expected);
      assert.equal(db.getMeta('lastSeenAt'), String(Date.parse('2026-11-01T10:30:00Z')));
      assert.deepEqual([...db.hygieneMarks().keys()], ['c0/s9']);
      // Queries by group and alert find the same rows as before.
      const fp3 = expected.filter((r) => r.fingerprint === 'fp3');
      assert.deepEqual(db.query({ fingerprint: 'fp3' }), fp3);
      const g = expected.find((r) => r.groupKey !== undefined)!.groupKey!;
      assert.deepEqual(
        db.query({ groupKey: g }),
        expected.filter((r) => r.groupKey === g),
      );
      // New rows continue after the old ids.
      db.append([{ at: Date.parse('2026-11-02T00:00:00Z'), kind: 'fired', fingerprint: 'fp9' }]);
      assert.equal(db.query({ limit: 1 })[0]!.id, Math.max(...expected.map((r) => r.id!)) + 1);
    } finally {
      db.close();
    }

    // Label sets are stored once (6 distinct sets in the file), the old table is gone.
    const check = new sqlite.Database(path);
    try {
      assert.equal((check.get('SELECT count(*) AS n FROM labelsets') as { n: number }).n, 6);
      assert.equal(
        check.get("SELECT 1 AS x FROM sqlite_master WHERE name = 'events_inline'"),
        null,
      );
      assert.equal(
        check.get("SELECT 1 AS x FROM pragma_table_info('events') WHERE name = 'labels'"),
        null,
      );
    } finally {
      check.close();
    }

    // Opening again is a no-op for the records.
    db = new HistoryDb(path);
    try {
      assert.deepEqual(db.query({ limit: 1000 }).slice(1), expected);
    } finally {
      db.close();
    }
  });
});
