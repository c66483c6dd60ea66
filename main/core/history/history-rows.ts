// The events table: its schema, its rows as records, and the SQL conditions of a query.
// Schema 3 stores every repeated text once: label sets in `labelsets` (keyed by a hash of
// their JSON), cluster, instance, fingerprint, group key, alert name and severity in `names`;
// an event row holds their integer ids (intern.ts). A million rows then take about a third
// of the space, and the Timeline's grouping and counting work on integers.
import type { HistoryKind, HistoryRecord } from './record.ts';

export type Row = Record<string, unknown>;

/** Every events column that refers to a `names` row, with the alias it is joined under. */
export const NAME_COLUMNS = [
  ['cluster', 'nc'],
  ['instance', 'ni'],
  ['fingerprint', 'nf'],
  ['group_key', 'ng'],
  ['alertname', 'na'],
  ['severity', 'ns'],
] as const;

/** The joins that turn the ids of the events table `e` back into text. */
export const JOINS = `${NAME_COLUMNS.map(([c, a]) => `LEFT JOIN names ${a} ON ${a}.id = e.${c}`).join(' ')} LEFT JOIN labelsets l ON l.id = e.labelset`;

/** A record's columns, as text, from `events e ${JOINS}`. */
export const COLUMNS = [
  'e.id AS id',
  'e.at AS at',
  'e.kind AS kind',
  ...NAME_COLUMNS.map(([c, a]) => `${a}.text AS ${c}`),
  'l.labels AS labels',
  'e.silence AS silence',
  'e.detail AS detail',
  'e.filled AS filled',
].join(', ');

/** Interned texts and label sets, and the events referring to them (schema 3). */
export const EVENTS_SCHEMA = `
CREATE TABLE IF NOT EXISTS names (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE);
CREATE TABLE IF NOT EXISTS labelsets (id INTEGER PRIMARY KEY, hash INTEGER NOT NULL, labels TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS labelsets_hash ON labelsets(hash);
CREATE TABLE IF NOT EXISTS events (
  id INTEGER PRIMARY KEY,
  at INTEGER NOT NULL,
  kind TEXT NOT NULL,
  cluster INTEGER,
  instance INTEGER,
  fingerprint INTEGER,
  group_key INTEGER,
  alertname INTEGER,
  severity INTEGER,
  labelset INTEGER,
  silence TEXT,
  detail TEXT,
  filled INTEGER
);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

/**
 * The indexes, made after a migration has copied the rows (cheaper than keeping them up to
 * date row by row). (at, kind, cluster, fingerprint) answers "which alerts since" without
 * reading the rows; (fingerprint, cluster, kind, at) and (group_key, kind, at) count an
 * alert's or a group's firings from the index alone (one seek each), and serve an alert's or
 * a group's records.
 */
export const EVENTS_INDEXES = `
CREATE INDEX IF NOT EXISTS events_at ON events(at, kind, cluster, fingerprint);
CREATE INDEX IF NOT EXISTS events_group ON events(group_key, kind, at);
CREATE INDEX IF NOT EXISTS events_alert ON events(fingerprint, cluster, kind, at);
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
  /** Its firings since `counts.since24h` and `counts.since7d`, when asked for. */
  fired?: [number, number];
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

/**
 * SQL conditions on `events e` for the query's range, kinds, group and alert. `nameId` gives
 * the id of an interned text (undefined when no row has it: then nothing matches).
 */
export function conditions(
  q: HistoryQuery,
  nameId: (text: string) => number | undefined,
): { where: string[]; args: (string | number)[] } {
  const where: string[] = [];
  const args: (string | number)[] = [];
  const add = (sql: string, value: string | number | undefined) => {
    if (value === undefined) return;
    where.push(sql);
    args.push(value);
  };
  add('e.at >= ?', q.fromMs);
  add('e.at < ?', q.toMs);
  if (q.groupKey !== undefined) add('e.group_key = ?', nameId(q.groupKey) ?? -1);
  if (q.fingerprint !== undefined) add('e.fingerprint = ?', nameId(q.fingerprint) ?? -1);
  if (q.kinds && q.kinds.length > 0) {
    where.push(`e.kind IN (${q.kinds.map(() => '?').join(', ')})`);
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
  if (typeof row.filled === 'number') r.filled = { from: 'prometheus', stepMs: row.filled };
  return r;
}
