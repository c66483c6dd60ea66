// The last days of alert records, in memory, for the Timeline's summary: which alerts have
// records since a time (newest first), each one's first and last time there, its firings in
// 24 h and 7 d, and each group's firings per hour. In SQL that grouped every record of the
// range and sought every summarised alert and group in the indexes on each open (~2,000
// alerts and 900 groups: most of a second on a busy 1,000,000-record file); here it is a
// pass over a few arrays, and only the newest record of each summarised alert is read.
//
// It holds every alert record (notifications are not alert records) with a time at or after
// `horizon`; answers needing older ones go to SQL. Records are added as they are appended;
// records already in the file are read at open in hourly slices between turns of the event
// loop (appends meanwhile are added at once, so nothing is counted twice: the slices stop at
// the id the file had at open). Bounded: past MAX_ENTRIES it gives up and SQL answers.
import type sqlite from 'node-sqlite3-wasm';
import type { HistoryRecord } from './record.ts';
import { str, type Row } from './history-rows.ts';

type Db = InstanceType<typeof sqlite.Database>;

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Kept behind the newest record: 7 days of counts and a day of slack. */
const KEEP_MS = 8 * DAY;
const MAX_ENTRIES = 2_000_000;

interface AlertEntry {
  clusterId: string | undefined;
  /**
   * The alert's records in the order they were added, three numbers each: time, id, 1 when
   * it fired. One flat array made at its exact size: most alerts have one record, and three
   * growable arrays per alert cost ~1 KB each (135 MB at 100,000 alerts; ~40 MB now).
   */
  recs: number[];
  /**
   * Its newest record (the highest id), once appended or read: the summary's row. The record
   * as appended, the object the recorder holds for the alert's open episode (a copy of each,
   * to carry its id, was 14 MB at 100,000 alerts); its id is `latestId`.
   */
  latest: HistoryRecord | undefined;
  latestId: number;
}

export interface RecentSpan {
  /** The id of its newest record in the range. */
  id: number;
  /** That record, when memory has it (else it is read by id). */
  latest?: HistoryRecord;
  firstAt: number;
  lastAt: number;
  fired?: [number, number];
}

export class RecentIndex {
  #alerts = new Map<string, AlertEntry>();
  /** Firing times by group key. */
  #groups = new Map<string, number[]>();
  /** Every alert record at or after this time is here (Infinity until it is built). */
  #horizon = Number.POSITIVE_INFINITY;
  #newest = Number.NEGATIVE_INFINITY;
  #entries = 0;
  #building = false;
  #off = false;

  /** Whether answers about records since `fromMs` come from here. */
  covers(fromMs: number): boolean {
    return !this.#off && !this.#building && fromMs >= this.#horizon;
  }

  /** Starts with what the file holds: nothing (a new file) or a build between turns. */
  open(db: () => Db | null, lastId: number, newestAt: number | null): void {
    if (newestAt === null) {
      this.#horizon = Number.NEGATIVE_INFINITY;
      return;
    }
    this.#building = true;
    const from = newestAt - KEEP_MS;
    this.#horizon = from;
    let slice = from;
    const step = () => {
      const d = db();
      if (!d || this.#off || !this.#building) return;
      const rows = d.all(
        `SELECT e.id AS id, e.at AS at, e.kind AS kind, nc.text AS cluster, nf.text AS fingerprint, ng.text AS group_key FROM events e INDEXED BY events_at LEFT JOIN names nc ON nc.id = e.cluster LEFT JOIN names nf ON nf.id = e.fingerprint LEFT JOIN names ng ON ng.id = e.group_key WHERE e.at >= ? AND e.at < ? AND e.id <= ? AND e.fingerprint IS NOT NULL`,
        [slice, slice + HOUR, lastId],
      ) as Row[];
      for (const r of rows) {
        this.#add(
          String(r.kind),
          str(r.cluster),
          str(r.fingerprint),
          str(r.group_key),
          Number(r.at),
          Number(r.id),
        );
      }
      slice += HOUR;
      if (slice > newestAt) this.#building = false;
      else setImmediate(step);
    };
    setImmediate(step);
  }

  /** A record just stored with this id. */
  add(r: HistoryRecord, id: number): void {
    if (this.#off) return;
    const a = this.#add(r.kind, r.clusterId, r.fingerprint, r.groupKey, r.at, id);
    if (a && a.latestId < id) {
      a.latest = r;
      a.latestId = id;
    }
  }

  /** Records read by id for a summary (the newest of alerts built from the file). */
  remember(records: Iterable<HistoryRecord>): void {
    for (const r of records) {
      if (r.fingerprint === undefined || r.id === undefined) continue;
      const a = this.#alerts.get(`${r.clusterId ?? ''}\u0000${r.fingerprint}`);
      if (a && a.latestId < r.id) {
        a.latest = r;
        a.latestId = r.id;
      }
    }
  }

  #add(
    kind: string,
    clusterId: string | undefined,
    fingerprint: string | undefined,
    groupKey: string | undefined,
    at: number,
    id: number,
  ): AlertEntry | undefined {
    if (fingerprint === undefined || kind === 'notified' || kind === 'withheld') return undefined;
    if (at < this.#horizon) return undefined;
    const key = `${clusterId ?? ''}\u0000${fingerprint}`;
    let a = this.#alerts.get(key);
    const fired = kind === 'fired';
    if (!a) {
      a = { clusterId, recs: [at, id, fired ? 1 : 0], latest: undefined, latestId: -1 };
      this.#alerts.set(key, a);
    } else a.recs.push(at, id, fired ? 1 : 0);
    this.#entries++;
    if (fired && groupKey !== undefined) {
      const g = this.#groups.get(groupKey);
      if (g) g.push(at);
      else this.#groups.set(groupKey, [at]);
      this.#entries++;
    }
    if (at > this.#newest) this.#newest = at;
    // A day past what must be kept: drop it (amortised: a pass over everything per day).
    if (this.#newest - KEEP_MS > this.#horizon + DAY) this.forgetBefore(this.#newest - KEEP_MS);
    if (this.#entries > MAX_ENTRIES) this.#giveUp();
    return a;
  }

  /** Records before `t` are gone (pruned) or no longer needed. */
  forgetBefore(t: number): void {
    if (t <= this.#horizon) return;
    this.#horizon = t;
    let entries = 0;
    for (const [key, a] of this.#alerts) {
      const kept: number[] = [];
      for (let i = 0; i < a.recs.length; i += 3)
        if (a.recs[i]! >= t) kept.push(a.recs[i]!, a.recs[i + 1]!, a.recs[i + 2]!);
      if (kept.length === 0) this.#alerts.delete(key);
      else if (kept.length !== a.recs.length) a.recs = kept;
      entries += kept.length / 3;
    }
    for (const [key, times] of this.#groups) {
      const kept = times.filter((at) => at >= t);
      if (kept.length === 0) this.#groups.delete(key);
      else this.#groups.set(key, kept);
      entries += kept.length;
    }
    this.#entries = entries;
  }

  /** Records at or after the horizon were deleted (the size cap): SQL answers from now on. */
  #giveUp(): void {
    this.#off = true;
    this.#alerts = new Map();
    this.#groups = new Map();
  }

  invalidate(): void {
    this.#giveUp();
  }

  close(): void {
    this.#building = false;
    this.#giveUp();
  }

  /**
   * Alerts with records since `fromMs`, latest first, at most `limit` (HistoryDb.alertsInRange
   * for a range up to now), with their firings since the two times when asked.
   */
  spans(
    fromMs: number,
    limit: number,
    counts?: { since24h: number; since7d: number },
  ): RecentSpan[] {
    const out: RecentSpan[] = [];
    for (const a of this.#alerts.values()) {
      let first = Infinity;
      let last = -Infinity;
      let id = -1;
      let day = 0;
      let week = 0;
      const recs = a.recs;
      for (let i = 0; i < recs.length; i += 3) {
        const at = recs[i]!;
        if (recs[i + 2] === 1 && counts) {
          if (at >= counts.since24h) day++;
          if (at >= counts.since7d) week++;
        }
        if (at < fromMs) continue;
        if (at < first) first = at;
        if (at > last) last = at;
        if (recs[i + 1]! > id) id = recs[i + 1]!;
      }
      if (id < 0) continue;
      out.push({
        id,
        firstAt: first,
        lastAt: last,
        ...(a.latestId === id && a.latest ? { latest: a.latest } : {}),
        ...(counts ? { fired: [day, week] } : {}),
      });
    }
    out.sort((x, y) => y.lastAt - x.lastAt);
    const shown = out.slice(0, Math.max(1, Math.floor(limit)));
    // The records as appended have no id: the few shown get a copy that says it (Object.assign,
    // not a spread: V8 gives a spread copy a dictionary).
    for (const s of shown)
      if (s.latest && s.latest.id !== s.id) s.latest = Object.assign({}, s.latest, { id: s.id });
    return shown;
  }

  /** Firings per group and hour since `sinceMs` (HistoryDb.firedByGroupHour). */
  firedByGroupHour(
    groupKeys: readonly string[],
    sinceMs: number,
  ): { groupKey: string; hour: number; count: number }[] {
    const out: { groupKey: string; hour: number; count: number }[] = [];
    for (const groupKey of new Set(groupKeys)) {
      const perHour = new Map<number, number>();
      for (const at of this.#groups.get(groupKey) ?? []) {
        if (at < sinceMs) continue;
        const hour = Math.floor((at - sinceMs) / HOUR);
        perHour.set(hour, (perHour.get(hour) ?? 0) + 1);
      }
      for (const [hour, count] of perHour) out.push({ groupKey, hour, count });
    }
    return out;
  }
}
