// The history file: SQLite (node-sqlite3-wasm: SQLite compiled to WebAssembly with a VFS over
// Node's fs, so it runs in plain Node 20 and in Electron with no native rebuild). SQLite's
// rollback journal with synchronous=FULL makes each committed batch durable and a crash in
// the middle of one leaves the file as it was before that batch. The API is synchronous:
// the recorder batches rows and writes them off the poll path (recorder.ts).
// Schema 2 added the hygiene table (hygiene-table.ts); schema 3 stores texts and label sets
// once (intern.ts): an older file is migrated on open with its records (migrate-v2.ts).
import sqlite from 'node-sqlite3-wasm';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { HygieneMark } from '../silences/hygiene-memory.ts';
import { claim, release } from './file-claim.ts';
import { HistoryFileError } from './history-file-error.ts';
import {
  COLUMNS,
  EVENTS_INDEXES,
  EVENTS_SCHEMA,
  JOINS,
  conditions,
  toRecord,
  type AlertSpan,
  type HistoryFileStats,
  type HistoryLimits,
  type HistoryQuery,
  type Row,
} from './history-rows.ts';
import { alertSpans, firedByGroupHour, firedCounts, IN_CHUNK } from './history-aggregates.ts';
import { HYGIENE_SCHEMA, loadHygiene, pruneHygiene, saveHygiene } from './hygiene-table.ts';
import { Interner } from './intern.ts';
import { hasInlineEvents, migrateInlineEvents } from './migrate-v2.ts';
import { RecentIndex } from './recent-index.ts';
import type { HistoryKind, HistoryRecord } from './record.ts';

const { Database } = sqlite;
type Db = InstanceType<typeof Database>;

const HISTORY_SCHEMA_VERSION = 3;

const INSERT_EVENT =
  'INSERT INTO events (at, kind, cluster, instance, fingerprint, group_key, alertname, severity, labelset, silence, detail, filled) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';

const SCHEMA = EVENTS_SCHEMA + HYGIENE_SCHEMA;
/** Interned rows nobody refers to are looked for at most this often (a pass over the rows). */
const COLLECT_EVERY_MS = 86_400_000;

export class HistoryDb {
  readonly path: string;
  #db: Db;
  #insert: ReturnType<Db['prepare']>;
  #intern: Interner;
  readonly #recent = new RecentIndex();

  constructor(path: string) {
    this.path = path;
    // A first run may have saved nothing yet (instances given on the command line): the
    // settings folder does not exist, and the history would be off with ENOENT on every poll.
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    claim(path);
    this.#db = new Database(path);
    // Prepares nothing until used (its statements then last until close()).
    this.#intern = new Interner(this.#db);
    try {
      // Must precede the first table: lets the size cap give pages back to the OS.
      this.#db.exec('PRAGMA auto_vacuum = INCREMENTAL');
      this.#db.exec('PRAGMA journal_mode = DELETE');
      this.#db.exec('PRAGMA synchronous = FULL');
      this.#db.exec('PRAGMA locking_mode = EXCLUSIVE');
      this.#db.exec('PRAGMA cache_size = -32768');
      const check = this.#db.get('PRAGMA quick_check') as Row | null;
      if (check?.quick_check !== 'ok') {
        throw new HistoryFileError(`history file is damaged: ${String(check?.quick_check)}`);
      }
      const version = Number(this.#meta('schema') ?? HISTORY_SCHEMA_VERSION);
      if (version > HISTORY_SCHEMA_VERSION) {
        throw new HistoryFileError(
          `history file was written by a newer version (schema ${version}); left untouched`,
        );
      }
      this.#db.exec('BEGIN');
      try {
        if (hasInlineEvents(this.#db)) migrateInlineEvents(this.#db, this.#intern);
        this.#db.exec(SCHEMA + EVENTS_INDEXES);
        this.#setMeta('schema', String(HISTORY_SCHEMA_VERSION));
        this.#db.exec('COMMIT');
      } catch (e) {
        if (this.#db.inTransaction) this.#db.exec('ROLLBACK');
        throw e;
      }
      this.#intern.forget();
      this.#insert = this.#db.prepare(INSERT_EVENT);
      const last = this.#db.get('SELECT max(id) AS id, max(at) AS at FROM events') as Row;
      this.#recent.open(
        () => (this.#db.isOpen ? this.#db : null),
        Number(last.id ?? 0),
        last.at === null ? null : Number(last.at),
      );
    } catch (e) {
      this.#intern.close();
      this.#db.close();
      release(path);
      if (e instanceof HistoryFileError) throw e;
      throw new HistoryFileError(`cannot open the history file: ${(e as Error).message}`);
    }
  }

  #meta(key: string): string | undefined {
    // The meta table may not exist yet (a new file).
    const exists = this.#db.get(
      "SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = 'meta'",
    );
    if (!exists) return undefined;
    const row = this.#db.get('SELECT value FROM meta WHERE key = ?', [key]) as Row | null;
    return typeof row?.value === 'string' ? row.value : undefined;
  }

  getMeta(key: string): string | undefined {
    return this.#meta(key);
  }

  setMeta(key: string, value: string): void {
    this.commit();
    this.#setMeta(key, value);
  }

  #setMeta(key: string, value: string): void {
    this.#db.run(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
      [key, value],
    );
  }

  /** Silence hygiene's marks (hygiene-table.ts). */
  hygieneMarks(): Map<string, HygieneMark> {
    return loadHygiene(this.#db);
  }

  saveHygiene(changes: ReadonlyMap<string, HygieneMark | null>): void {
    if (changes.size > 0) this.commit();
    saveHygiene(this.#db, changes);
  }

  /** Appends records in one transaction: all of them are stored, or none. */
  append(records: readonly HistoryRecord[]): void {
    this.appendOpen(records);
    this.commit();
  }

  /**
   * Appends records to the transaction left open since the last commit (begun here if none
   * is): the recorder writes a backlog in chunks, one per turn, and commits about once a
   * second. A commit per chunk was most of the cost of writing 100,000 first-seen alerts after
   * start (a probe: 1,476 commits of ~60 rows, 20 s; in transactions of 5,000 rows, 7 s).
   * Every other write commits first, and reads see the open transaction's rows. On failure
   * the open transaction is rolled back whole and this throws: the rows of its earlier
   * chunks are then kept for `takeRolledBack` (this chunk's are still the caller's).
   */
  appendOpen(records: readonly HistoryRecord[]): void {
    if (records.length === 0) return;
    if (!this.#db.inTransaction) this.#db.exec('BEGIN');
    try {
      for (const r of records) {
        const n = (text: string | undefined) => this.#intern.name(text);
        const { lastInsertRowid } = this.#insert.run([
          r.at,
          r.kind,
          n(r.clusterId),
          n(r.instanceId),
          n(r.fingerprint),
          n(r.groupKey),
          n(r.alertname),
          n(r.severity),
          this.#intern.labels(r.labels),
          r.silenceKey ?? null,
          r.detail ?? null,
          r.filled?.stepMs ?? null,
        ]);
        this.#recent.add(r, Number(lastInsertRowid));
      }
    } catch (e) {
      this.#rollback();
      throw e;
    }
    for (const r of records) this.#open.push(r);
  }

  /** Rows appended since the last commit. */
  #open: HistoryRecord[] = [];
  /** Rows of transactions rolled back since the last `takeRolledBack`, oldest first. */
  #rolledBack: HistoryRecord[] = [];

  /**
   * Rows whose transaction was rolled back (a failed commit, whoever committed), to be
   * written again before anything newer.
   */
  takeRolledBack(): HistoryRecord[] {
    const rows = this.#rolledBack;
    this.#rolledBack = [];
    return rows;
  }

  /** Whether appended rows wait for a commit. */
  get uncommitted(): boolean {
    return this.#db.isOpen && this.#db.inTransaction;
  }

  /** Commits the open transaction, if any; on failure it is rolled back and this throws. */
  commit(): void {
    if (!this.#db.inTransaction) {
      // SQLite ended the transaction itself (it may roll back on some errors): write them again.
      if (this.#open.length > 0) this.#rollback();
      return;
    }
    try {
      this.#db.exec('COMMIT');
      this.#open = [];
    } catch (e) {
      this.#rollback();
      throw e;
    }
  }

  #rollback(): void {
    if (this.#db.inTransaction) this.#db.exec('ROLLBACK');
    // A statement whose step failed reports that error once more when reset (the driver then
    // throws on its next use): made again, the next append works.
    try {
      this.#insert.finalize();
    } catch {
      // That report.
    }
    this.#insert = this.#db.prepare(INSERT_EVENT);
    this.#rolledBack = this.#rolledBack.concat(this.#open);
    this.#open = [];
    // It holds rows that were rolled back: SQL answers from now on.
    this.#recent.invalidate();
    // Ids handed out in the rolled-back transaction no longer exist.
    this.#intern.forget();
  }

  /** Newest first (recording order: rows are appended as the core sees them). */
  query(q: HistoryQuery): HistoryRecord[] {
    const { where, args } = this.#conditions(q);
    if (q.beforeId !== undefined) {
      where.push('e.id < ?');
      args.push(q.beforeId);
    }
    const limit = Math.max(1, Math.min(q.limit ?? 500, 100_000));
    const sql = `SELECT ${COLUMNS} FROM events e ${JOINS}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY e.id DESC LIMIT ${limit}`;
    return (this.#db.all(sql, args) as Row[]).map(toRecord);
  }

  /**
   * Calls `fn` for every record in the range, oldest first, in pages (bounded memory); `fn`
   * returning false stops. `afterId` starts after that row.
   */
  forEach(
    q: Omit<HistoryQuery, 'beforeId' | 'limit'> & { afterId?: number },
    fn: (r: HistoryRecord) => boolean | void,
  ): void {
    let afterId = q.afterId ?? 0;
    for (;;) {
      const { where, args } = this.#conditions(q);
      where.push('e.id > ?');
      args.push(afterId);
      const rows = this.#db.all(
        `SELECT ${COLUMNS} FROM events e ${JOINS} WHERE ${where.join(' AND ')} ORDER BY e.id LIMIT ${PAGE}`,
        args,
      ) as Row[];
      for (const row of rows) if (fn(toRecord(row)) === false) return;
      if (rows.length < PAGE) return;
      afterId = Number(rows[rows.length - 1]?.id);
    }
  }

  #conditions(q: HistoryQuery): ReturnType<typeof conditions> {
    return conditions(q, (text) => this.#intern.existingName(text));
  }

  /**
   * Alerts with records in the range (notifications left out), latest first: each alert's
   * first and last time in the range and its latest record there (labels, group, kind).
   * `limit` keeps the newest that many (the caller has no filter to apply to the rest);
   * `counts` adds each alert's firings since two times, one index seek per alert.
   */
  alertsInRange(
    fromMs: number | undefined,
    toMs: number | undefined,
    limit?: number,
    counts?: { since24h: number; since7d: number },
  ): AlertSpan[] {
    // Up to now ("since you last looked"), from memory (recent-index.ts) when it holds it.
    if (
      toMs === undefined &&
      fromMs !== undefined &&
      this.#recent.covers(fromMs) &&
      (!counts || this.#recent.covers(counts.since7d))
    ) {
      const spans = this.#recent.spans(fromMs, limit ?? Number.MAX_SAFE_INTEGER, counts);
      const byId = this.#byIds(spans.flatMap((s) => (s.latest ? [] : [s.id])));
      this.#recent.remember(byId.values());
      return spans.flatMap((s) => {
        const latest = s.latest ?? byId.get(s.id);
        if (!latest) return [];
        return [
          {
            latest,
            firstAt: s.firstAt,
            lastAt: s.lastAt,
            ...(s.fired ? { fired: s.fired } : {}),
          },
        ];
      });
    }
    const range = this.#conditions({
      ...(fromMs !== undefined ? { fromMs } : {}),
      ...(toMs !== undefined ? { toMs } : {}),
    });
    return alertSpans(this.#db, range, fromMs !== undefined, limit, counts);
  }

  /** Records by id (those that exist). */
  #byIds(ids: number[]): Map<number, HistoryRecord> {
    const out = new Map<number, HistoryRecord>();
    for (let i = 0; i < ids.length; i += IN_CHUNK) {
      const part = ids.slice(i, i + IN_CHUNK);
      const rows = this.#db.all(
        `SELECT ${COLUMNS} FROM events e ${JOINS} WHERE e.id IN (${part.map(() => '?').join(', ')})`,
        part,
      ) as Row[];
      for (const row of rows) out.set(Number(row.id), toRecord(row));
    }
    return out;
  }

  /** Firings per alert since a day and a week (fired-counts.ts). */
  firedCounts(
    fingerprints: readonly string[],
    since24h: number,
    since7d: number,
  ): Map<string, [number, number]> {
    return firedCounts(this.#db, this.#intern, fingerprints, since24h, since7d);
  }

  /** Firings per group and hour since `sinceMs`: from memory when it holds the range. */
  firedByGroupHour(
    groupKeys: readonly string[],
    sinceMs: number,
  ): { groupKey: string; hour: number; count: number }[] {
    if (this.#recent.covers(sinceMs)) return this.#recent.firedByGroupHour(groupKeys, sinceMs);
    return firedByGroupHour(this.#db, groupKeys, sinceMs);
  }

  /**
   * Whether the alert has a record of this kind in [fromMs, toMs] (a filled record is not
   * written where the app, or an earlier fill, recorded the same change).
   */
  hasAlertRecord(
    kind: 'fired' | 'resolved',
    clusterId: string | undefined,
    fingerprint: string,
    fromMs: number,
    toMs: number,
  ): boolean {
    const fp = this.#intern.existingName(fingerprint);
    if (fp === undefined) return false;
    const cluster = clusterId === undefined ? undefined : this.#intern.existingName(clusterId);
    // The app records an alert it first sees already firing as 'first-seen': the same start.
    const kinds = kind === 'fired' ? "('fired', 'first-seen')" : "('resolved')";
    const row = this.#db.get(
      `SELECT 1 AS x FROM events e WHERE e.fingerprint = ? AND e.kind IN ${kinds} AND e.at >= ? AND e.at <= ? AND e.cluster IS ? LIMIT 1`,
      [fp, fromMs, toMs, cluster ?? null],
    );
    return row !== null;
  }

  /** How many records of each kind since a time. */
  countByKind(sinceMs: number): Partial<Record<HistoryKind, number>> {
    const out: Partial<Record<HistoryKind, number>> = {};
    const rows = this.#db.all(
      'SELECT kind, count(*) AS n FROM events WHERE at >= ? GROUP BY kind',
      [sinceMs],
    ) as Row[];
    for (const r of rows) out[r.kind as HistoryKind] = Number(r.n);
    return out;
  }

  /**
   * Alerts whose latest fired/resolved record is 'fired' (open when the app last ran), with
   * that record: the recorder does not record them as newly fired at start-up, and records
   * those gone meanwhile as resolved.
   */
  openAlerts(): HistoryRecord[] {
    const rows = this.#db.all(
      `SELECT ${COLUMNS} FROM (SELECT max(id) AS id FROM events WHERE kind IN ('fired', 'resolved') GROUP BY cluster, fingerprint) m JOIN events e ON e.id = m.id ${JOINS} WHERE e.kind = 'fired'`,
    ) as Row[];
    return rows.map(toRecord);
  }

  stats(): HistoryFileStats {
    const row = this.#db.get(
      'SELECT count(*) AS n, min(at) AS oldest, max(at) AS newest FROM events',
    ) as Row;
    return {
      records: Number(row.n),
      bytes: this.bytes(),
      oldestAt: row.oldest === null ? null : Number(row.oldest),
      newestAt: row.newest === null ? null : Number(row.newest),
    };
  }

  /** Bytes in use (the file less its free pages). */
  bytes(): number {
    const pages = Number((this.#db.get('PRAGMA page_count') as Row).page_count);
    const free = Number((this.#db.get('PRAGMA freelist_count') as Row).freelist_count);
    const size = Number((this.#db.get('PRAGMA page_size') as Row).page_size);
    return (pages - free) * size;
  }

  /**
   * Deletes records past retention, then the oldest until the file is under 90 % of the cap
   * (so it is not trimmed again at the next record), and gives the pages back.
   * Returns how many records were deleted.
   */
  prune(nowMs: number, limits: HistoryLimits): number {
    this.commit();
    let deleted = 0;
    const cutoff = nowMs - limits.retentionDays * 86_400_000;
    deleted += this.#db.run('DELETE FROM events WHERE at < ?', [cutoff]).changes;
    this.#recent.forgetBefore(cutoff);
    pruneHygiene(this.#db, nowMs);
    const capped = this.bytes() > limits.maxBytes;
    if (capped) {
      const target = limits.maxBytes * 0.9;
      while (this.bytes() > target) {
        const count = Number((this.#db.get('SELECT count(*) AS n FROM events') as Row).n);
        if (count === 0) break;
        // Delete a share proportional to the excess, at least 1,000 rows per step.
        const share = Math.max(1000, Math.ceil(count * (1 - target / this.bytes())));
        // What memory holds from then on starts after the newest of them.
        const newest = this.#db.get(
          'SELECT max(at) AS at FROM (SELECT at FROM events ORDER BY id LIMIT ?)',
          [share],
        ) as Row;
        if (newest.at !== null) this.#recent.forgetBefore(Number(newest.at) + 1);
        deleted += this.#db.run(
          'DELETE FROM events WHERE id IN (SELECT id FROM events ORDER BY id LIMIT ?)',
          [share],
        ).changes;
        // What only those rows used counts against the cap too.
        this.#intern.collect();
      }
    }
    if (deleted > 0) {
      // Names and label sets only deleted rows used: looked for once a day (a pass over
      // every row), and whenever the size cap had to delete.
      const last = Number(this.#meta('collectedAt') ?? 0);
      if (capped || nowMs - last >= COLLECT_EVERY_MS) {
        if (!capped) this.#intern.collect();
        this.setMeta('collectedAt', String(nowMs));
      }
      this.#db.exec('PRAGMA incremental_vacuum');
    }
    return deleted;
  }

  /** Runs SQLite's own consistency check (tests and the crash check). */
  integrity(): string {
    const row = this.#db.get('PRAGMA integrity_check') as Row;
    return String(row.integrity_check);
  }

  close(): void {
    this.#recent.close();
    if (!this.#db.isOpen) return;
    try {
      this.commit();
    } catch {
      // Rolled back: the rows are the recorder's to count as lost (it flushed before).
    }
    this.#insert.finalize();
    this.#intern.close();
    this.#db.close();
    release(this.path);
  }
}

const PAGE = 2000;
