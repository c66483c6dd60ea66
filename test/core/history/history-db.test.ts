// The history file: a process killed (SIGKILL) in the middle of writing reopens with every
// batch it reported committed and a clean integrity check; retention and the size cap delete
// the oldest records first and give the space back; a file from a newer version is left
// untouched; a schema-1 file gains the hygiene table (schema 2) and keeps its records.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import sqlite from 'node-sqlite3-wasm';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HistoryDb } from '../../../main/core/history/history-db.ts';
import { HistoryFileError } from '../../../main/core/history/history-file-error.ts';
import type { HistoryRecord } from '../../../main/core/history/record.ts';

const DAY = 86_400_000;
const writer = fileURLToPath(new URL('./crash-writer.ts', import.meta.url));

function rows(n: number, at: (i: number) => number, from = 0): HistoryRecord[] {
  return Array.from({ length: n }, (_, k) => ({
    at: at(from + k),
    kind: 'fired' as const,
    fingerprint: `fp${from + k}`,
    labels: { alertname: 'Load', n: String(from + k) },
    detail: 'd'.repeat(300),
  }));
}

describe('history file', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'amtray-historydb-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('opens in a settings folder a first run has not made yet', async () => {
    // `serve --instance URL` on a new machine saves no settings: nothing made the folder.
    const path = join(dir, 'not-yet', 'alertmanager-tray', 'history.sqlite');
    const db = new HistoryDb(path);
    try {
      assert.ok((await stat(path)).isFile());
      if (process.platform !== 'win32')
        assert.equal((await stat(join(dir, 'not-yet'))).mode & 0o777, 0o700);
    } finally {
      db.close();
    }
  });

  for (const [mode, perCommit] of [
    ['', 1],
    ['open', 5],
  ] as const) {
    const how = mode === 'open' ? ', batches in a transaction left open between them' : '';
    it(`a writer killed with SIGKILL mid-write loses nothing it committed${how}`, async () => {
      const path = join(dir, `crash${mode}.sqlite`);
      const child = spawn(process.execPath, ['--import', 'tsx', writer, path, mode], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let committed = 0;
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      await new Promise<void>((resolve, reject) => {
        let buffered = '';
        child.stdout.on('data', (d: Buffer) => {
          buffered += d.toString();
          const parts = buffered.split('\n');
          buffered = parts.pop() ?? '';
          for (const p of parts) committed = Number(p);
          // Killed while it is writing the next batch (it writes continuously).
          if (committed >= 40 && !child.killed) {
            // While it runs, a second copy of the app is refused, with the reason.
            assert.throws(() => new HistoryDb(path), /in use by another running copy/);
            child.kill('SIGKILL');
            resolve();
          }
        });
        child.on('exit', (code, signal) => {
          if (signal !== 'SIGKILL') reject(new Error(`writer exited ${code}: ${stderr}`));
        });
      });
      await new Promise((r) => child.once('exit', r));

      const db = new HistoryDb(path);
      try {
        assert.equal(db.integrity(), 'ok');
        const { records } = db.stats();
        assert.ok(records >= committed * 100, `${records} records, ${committed} batches reported`);
        assert.equal(records % (100 * perCommit), 0, 'a transaction is stored whole or not at all');
        // Every committed batch is there, complete.
        const seen = new Set<number>();
        db.forEach({}, (r) => {
          seen.add(Number(r.labels?.batch));
        });
        for (let b = 0; b < committed; b++) assert.ok(seen.has(b), `batch ${b} missing`);
        // The file is still writable after the crash.
        db.append(rows(1, () => Date.now()));
      } finally {
        db.close();
      }
    });
  }

  it('an open transaction: reads see it, other writes commit it, a failure hands its rows back', () => {
    const db = new HistoryDb(join(dir, 'open-tx.sqlite'));
    try {
      const a = rows(3, (i) => 1_000 + i);
      const b = rows(2, (i) => 2_000 + i, 3);
      db.appendOpen(a);
      db.appendOpen(b);
      assert.equal(db.uncommitted, true);
      assert.equal(db.stats().records, 5, 'reads see the open transaction');
      // A failing chunk (NOT NULL) rolls the whole transaction back; the earlier chunks' rows
      // are handed back to be written again, the failing chunk's stay the caller's.
      const bad = { ...rows(1, () => 3_000, 5)[0]!, at: null as unknown as number };
      assert.throws(() => db.appendOpen([bad]));
      assert.equal(db.uncommitted, false);
      assert.equal(db.stats().records, 0);
      assert.deepEqual(db.takeRolledBack(), [...a, ...b]);
      assert.deepEqual(db.takeRolledBack(), []);
      // Any other write commits what is open first.
      db.appendOpen(a);
      db.setMeta('k', 'v');
      assert.equal(db.uncommitted, false);
      db.appendOpen(b);
      db.commit();
      assert.deepEqual(
        db.query({}).map((r) => r.at),
        [...a, ...b].map((r) => r.at).reverse(),
      );
      assert.deepEqual(db.takeRolledBack(), []);
    } finally {
      db.close();
    }
  });

  it('retention deletes what is older than the limit, oldest first', () => {
    const db = new HistoryDb(join(dir, 'retention.sqlite'));
    try {
      const now = Date.parse('2026-11-20T00:00:00Z');
      // One record per day for 40 days.
      db.append(rows(40, (i) => now - (39 - i) * DAY));
      const deleted = db.prune(now, { retentionDays: 30, maxBytes: 1e9 });
      assert.equal(deleted, 9);
      const left = db.query({ limit: 100 });
      assert.equal(left.length, 31);
      assert.ok(left.every((r) => r.at >= now - 30 * DAY));
      assert.equal(db.stats().oldestAt, now - 30 * DAY);
    } finally {
      db.close();
    }
  });

  it('the size cap deletes the oldest records and gives the pages back', async () => {
    const path = join(dir, 'size.sqlite');
    const db = new HistoryDb(path);
    try {
      const now = Date.now();
      for (let b = 0; b < 20; b++) db.append(rows(1000, (i) => now - 1e6 + i, b * 1000));
      const before = db.stats();
      assert.ok(before.bytes > 4 * 1024 * 1024, `${before.bytes} bytes`);
      const cap = 2 * 1024 * 1024;
      db.prune(now, { retentionDays: 30, maxBytes: cap });
      const afterStats = db.stats();
      assert.ok(afterStats.bytes <= cap, `${afterStats.bytes} > ${cap}`);
      assert.ok(afterStats.records < before.records && afterStats.records > 0);
      // What is left is the newest: the last record written is still there, the first is not.
      const newest = db.query({ limit: 1 })[0];
      assert.equal(newest?.fingerprint, 'fp19999');
      assert.equal(db.query({ fingerprint: 'fp0' }).length, 0);
      // The file itself shrank (incremental vacuum), not only its free list grew.
      assert.ok((await stat(path)).size <= cap * 1.1, `${(await stat(path)).size} bytes on disk`);
      assert.equal(db.integrity(), 'ok');
    } finally {
      db.close();
    }
  });

  it('a file written by a newer version is refused and left as it is', async () => {
    const path = join(dir, 'newer.sqlite');
    const db = new HistoryDb(path);
    db.setMeta('schema', '99');
    db.close();
    const size = (await stat(path)).size;
    assert.throws(() => new HistoryDb(path), HistoryFileError);
    assert.equal((await stat(path)).size, size);
  });

  it("a schema-1 file gains the hygiene marks (and schema 3); ended silences' marks are pruned", () => {
    const path = join(dir, 'v1.sqlite');
    // A file as version 1 wrote it: events and meta, no hygiene table.
    const old = new sqlite.Database(path);
    old.exec(
      'CREATE TABLE events (id INTEGER PRIMARY KEY, at INTEGER NOT NULL, kind TEXT NOT NULL, cluster TEXT, instance TEXT, fingerprint TEXT, group_key TEXT, alertname TEXT, severity TEXT, labels TEXT, silence TEXT, detail TEXT)',
    );
    old.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
    old.run("INSERT INTO events (at, kind, fingerprint) VALUES (1000, 'fired', 'fp1')");
    old.run("INSERT INTO meta (key, value) VALUES ('schema', '1')");
    old.close();

    const now = Date.now();
    let db = new HistoryDb(path);
    try {
      assert.equal(db.getMeta('schema'), '3');
      assert.equal(db.query({}).length, 1, 'the records stay');
      db.saveHygiene(
        new Map([
          [
            'c/live',
            { unusedSince: now - 1000, announced: ['unused' as const], endsAt: now + DAY },
          ],
          ['c/ended', { unusedSince: 5, announced: [], endsAt: now - DAY }],
          ['c/gone', { unusedSince: 5, announced: [], endsAt: now + DAY }],
        ]),
      );
      db.saveHygiene(new Map([['c/gone', null]]));
    } finally {
      db.close();
    }
    db = new HistoryDb(path);
    try {
      assert.deepEqual([...db.hygieneMarks().keys()].sort(), ['c/ended', 'c/live']);
      db.prune(now, { retentionDays: 30, maxBytes: 200 * 1024 * 1024 });
      assert.deepEqual(
        db.hygieneMarks(),
        new Map([
          ['c/live', { unusedSince: now - 1000, announced: ['unused'], endsAt: now + DAY }],
        ]),
      );
    } finally {
      db.close();
    }
  });
});
