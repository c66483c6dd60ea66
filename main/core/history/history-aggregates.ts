// The history file's aggregate reads: alerts with records in a range (the Timeline's tables)
// and firing counts (per alert since a day and a week, per group and hour) from the indexes in
// bounded IN lists. Apart from HistoryDb, which keeps to opening, writing, plain queries and
// pruning the file.
import type sqlite from 'node-sqlite3-wasm';
import {
  COLUMNS,
  JOINS,
  conditions,
  str,
  toRecord,
  type AlertSpan,
  type Row,
} from './history-rows.ts';
import type { Interner } from './intern.ts';

type Db = InstanceType<typeof sqlite.Database>;

/** Values bound in one IN (...) list. */
export const IN_CHUNK = 500;

/** Ids of the interned texts (unknown ones left out), for IN lists. */
function nameIds(intern: Interner, texts: readonly string[]): number[] {
  const ids: number[] = [];
  for (const t of new Set(texts)) {
    const id = intern.existingName(t);
    if (id !== undefined) ids.push(id);
  }
  return ids;
}

/**
 * `sql` with `%IN%` replaced by lists of at most IN_CHUNK ids (bound between `before` and
 * `after`), the rows of all.
 */
function inChunks(db: Db, sql: string, before: number[], ids: number[], after: number[]): Row[] {
  const out: Row[] = [];
  for (let i = 0; i < ids.length; i += IN_CHUNK) {
    const part = ids.slice(i, i + IN_CHUNK);
    const rows = db.all(sql.replace('%IN%', part.map(() => '?').join(', ')), [
      ...before,
      ...part,
      ...after,
    ]) as Row[];
    for (const r of rows) out.push(r);
  }
  return out;
}

/**
 * Firings per alert (cluster + NUL + fingerprint) since two times: [since24h, since7d], for
 * the alerts with these fingerprints (from the index alone, never the whole week's rows).
 */
export function firedCounts(
  db: Db,
  intern: Interner,
  fingerprints: readonly string[],
  since24h: number,
  since7d: number,
): Map<string, [number, number]> {
  const rows = inChunks(
    db,
    "SELECT nc.text AS cluster, nf.text AS fingerprint, day, week FROM (SELECT e.cluster AS cluster, e.fingerprint AS fingerprint, sum(e.at >= ?) AS day, count(*) AS week FROM events e WHERE e.fingerprint IN (%IN%) AND e.kind = 'fired' AND e.at >= ? GROUP BY e.cluster, e.fingerprint) c LEFT JOIN names nc ON nc.id = c.cluster LEFT JOIN names nf ON nf.id = c.fingerprint",
    [since24h],
    nameIds(intern, fingerprints),
    [since7d],
  );
  const out = new Map<string, [number, number]>();
  for (const r of rows) {
    out.set(`${str(r.cluster) ?? ''}\u0000${str(r.fingerprint) ?? ''}`, [
      Number(r.day),
      Number(r.week),
    ]);
  }
  return out;
}

/**
 * Firings per group and hour since `sinceMs` (hour 0 = the first hour after it): one seek per
 * group, its hours listed in the index's order (no sort of every firing).
 */
export function firedByGroupHour(
  db: Db,
  groupKeys: readonly string[],
  sinceMs: number,
): { groupKey: string; hour: number; count: number }[] {
  const keys = [...new Set(groupKeys)];
  const out: { groupKey: string; hour: number; count: number }[] = [];
  for (let i = 0; i < keys.length; i += IN_CHUNK) {
    const part = keys.slice(i, i + IN_CHUNK);
    const rows = db.all(
      `SELECT g.text AS group_key, (SELECT group_concat((f.at - ?) / 3600000) FROM events f WHERE f.group_key = g.id AND f.kind = 'fired' AND f.at >= ?) AS hours FROM names g WHERE g.text IN (${part.map(() => '?').join(', ')})`,
      [sinceMs, sinceMs, ...part],
    ) as Row[];
    for (const r of rows) {
      const hours = str(r.hours);
      if (hours === undefined) continue;
      const perHour = new Map<number, number>();
      for (const h of hours.split(',')) perHour.set(Number(h), (perHour.get(Number(h)) ?? 0) + 1);
      for (const [hour, count] of perHour) out.push({ groupKey: String(r.group_key), hour, count });
    }
  }
  return out;
}

/**
 * Alerts with records matching `range` (notifications left out), latest first: each one's
 * first and last time there and its latest record. `byTime`: the range has a start.
 */
export function alertSpans(
  db: Db,
  range: ReturnType<typeof conditions>,
  byTime: boolean,
  limit: number | undefined,
  counts: { since24h: number; since7d: number } | undefined,
): AlertSpan[] {
  const { where, args } = range;
  where.push("e.fingerprint IS NOT NULL AND e.kind NOT IN ('notified', 'withheld')");
  const fired = (since: string) =>
    `(SELECT count(*) FROM events f WHERE f.fingerprint = m.fp AND f.cluster = m.cl AND f.kind = 'fired' AND f.at >= ${since})`;
  const countCols = counts ? `, ${fired('?')} AS day, ${fired('?')} AS week` : '';
  // A range reads its rows by time; without statistics SQLite would rather walk the whole
  // (fingerprint, cluster, …) index to save the grouping's sort.
  const index = byTime ? ' INDEXED BY events_at' : '';
  const rows = db.all(
    `SELECT ${COLUMNS}, m.first_at, m.last_at${countCols} FROM (SELECT max(e.id) AS id, e.cluster AS cl, e.fingerprint AS fp, min(e.at) AS first_at, max(e.at) AS last_at FROM events e${index} WHERE ${where.join(' AND ')} GROUP BY e.cluster, e.fingerprint ORDER BY last_at DESC${limit !== undefined ? ` LIMIT ${Math.max(1, Math.floor(limit))}` : ''}) m JOIN events e ON e.id = m.id ${JOINS} ORDER BY m.last_at DESC`,
    counts ? [counts.since24h, counts.since7d, ...args] : args,
  ) as Row[];
  return rows.map((row) => ({
    latest: toRecord(row),
    firstAt: Number(row.first_at),
    lastAt: Number(row.last_at),
    ...(counts ? { fired: [Number(row.day), Number(row.week)] as [number, number] } : {}),
  }));
}
