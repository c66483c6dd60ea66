// The events table: its schema, its rows as records, and the SQL conditions of a query.
import type { HistoryKind, HistoryRecord } from './record.ts';

export type Row = Record<string, unknown>;

export const COLUMNS =
  'id, at, kind, cluster, instance, fingerprint, group_key, alertname, severity, labels, silence, detail';
/** The same columns of the events table aliased `e`. */
export const E_COLUMNS = COLUMNS.split(', ')
  .map((c) => `e.${c}`)
  .join(', ');

/** The events table (one row per record) and the file's meta (schema version, last seen). */
export const EVENTS_SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  id INTEGER PRIMARY KEY,
  at INTEGER NOT NULL,
  kind TEXT NOT NULL,
  cluster TEXT,
  instance TEXT,
  fingerprint TEXT,
  group_key TEXT,
  alertname TEXT,
  severity TEXT,
  labels TEXT,
  silence TEXT,
  detail TEXT
);
CREATE INDEX IF NOT EXISTS events_at ON events(at);
CREATE INDEX IF NOT EXISTS events_group_at ON events(group_key, at);
CREATE INDEX IF NOT EXISTS events_fingerprint_at ON events(fingerprint, at);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

export interface HistoryLimits {
  /** Records older than this many days are deleted (default 30). */
  retentionDays: number;
  /** The file is kept under this size; the oldest records go first (default 200 MB). */
  maxBytes: number;
}

export interface AlertSpan {
  /** The alert's latest record in the range. */
  latest: HistoryRecord;
  firstAt: number;
  lastAt: number;
}

export interface HistoryFileStats {
  records: number;
  bytes: number;
  oldestAt: number | null;
  newestAt: number | null;
}

export interface HistoryQuery {
  /** Inclusive lower bound, epoch ms. */
  fromMs?: number;
  /** Exclusive upper bound, epoch ms. */
  toMs?: number;
  kinds?: readonly HistoryKind[];
  groupKey?: string;
  fingerprint?: string;
  /** Rows with an id below this (the next page, newest first). */
  beforeId?: number;
  /** Newest first; at most this many (default 500). */
  limit?: number;
}

/** SQL conditions for the query's range, kinds, group and alert. */
export function conditions(q: HistoryQuery): { where: string[]; args: (string | number)[] } {
  const where: string[] = [];
  const args: (string | number)[] = [];
  const add = (sql: string, value: string | number | undefined) => {
    if (value === undefined) return;
    where.push(sql);
    args.push(value);
  };
  add('at >= ?', q.fromMs);
  add('at < ?', q.toMs);
  add('group_key = ?', q.groupKey);
  add('fingerprint = ?', q.fingerprint);
  if (q.kinds && q.kinds.length > 0) {
    where.push(`kind IN (${q.kinds.map(() => '?').join(', ')})`);
    args.push(...q.kinds);
  }
  return { where, args };
}

export function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

export function toRecord(row: Row): HistoryRecord {
  const r: HistoryRecord = {
    id: Number(row.id),
    at: Number(row.at),
    kind: row.kind as HistoryKind,
  };
  const set = <K extends keyof HistoryRecord>(k: K, v: HistoryRecord[K] | undefined) => {
    if (v !== undefined) r[k] = v;
  };
  set('clusterId', str(row.cluster));
  set('instanceId', str(row.instance));
  set('fingerprint', str(row.fingerprint));
  set('groupKey', str(row.group_key));
  set('alertname', str(row.alertname));
  set('severity', str(row.severity));
  const labels = str(row.labels);
  if (labels !== undefined) r.labels = JSON.parse(labels) as Record<string, string>;
  set('silenceKey', str(row.silence));
  set('detail', str(row.detail));
  return r;
}
