// What the Timeline asks of the history: records in a range filtered by the alert list's
// matcher syntax, per-alert and per-group statistics (first and last seen, fired in 24 h and
// 7 d, flapping, a 24-hour heatmap), and export pages. Every answer is bounded: a page of
// records, a cap on rows scanned, a cap on alerts summarised.
import type { Matcher } from '../api/types.ts';
import { turnHasTime } from '../matchers/budget.ts';
import { evaluateAlert } from '../matchers/evaluate.ts';
import { parseMatchers } from '../matchers/parse.ts';
import Papa from 'papaparse';
import type { HistoryDb } from './history-db.ts';
import type { HistoryKind, HistoryRecord } from './record.ts';

const DAY = 86_400_000;
/** An alert that fired this often in the last 24 hours is marked flapping. */
export const FLAPPING_FIRES_24H = 4;
/** Rows looked at for one filtered page at most (the answer says when it stopped early). */
const MAX_SCAN = 200_000;
const MAX_SUMMARY_ALERTS = 2_000;

export interface TimelineQuery {
  fromMs?: number;
  toMs?: number;
  /** Matchers in the filter bar's syntax; records without labels are left out when set. */
  filter?: string;
  kinds?: HistoryKind[];
  /** One alert's or one group's records (an alert's detail, a group's history). */
  fingerprint?: string;
  groupKey?: string;
  /** The next page: records older than this id. */
  beforeId?: number;
  limit?: number;
}

export interface TimelinePage {
  records: HistoryRecord[];
  /** Set when older records may match: ask again with beforeId. */
  nextBeforeId?: number;
}

export interface AlertStats {
  fingerprint: string;
  clusterId?: string;
  groupKey?: string;
  alertname?: string;
  labels?: Record<string, string>;
  firstSeen: number;
  lastSeen: number;
  fired24h: number;
  fired7d: number;
  flapping: boolean;
  /** The latest alert record's kind: fired, resolved, silenced... */
  lastKind: HistoryKind;
}

export interface GroupStats {
  groupKey: string;
  clusterId?: string;
  alertnames: string[];
  firstSeen: number;
  lastSeen: number;
  fired24h: number;
  fired7d: number;
  flapping: boolean;
  /** Firings per hour over the last 24 hours, oldest hour first (24 numbers). */
  heatmap: number[];
  alerts: number;
}

export interface TimelineSummary {
  alerts: AlertStats[];
  groups: GroupStats[];
  /** More alerts matched than were summarised. */
  truncated: boolean;
}

/** Parses the filter once; throws MatcherParseError (the bridge says invalid-argument). */
export function compileFilter(filter: string | undefined): Matcher[] {
  const text = filter?.trim() ?? '';
  return text === '' ? [] : parseMatchers(text);
}

/**
 * A record the filter's regex is too expensive to test on (matchers/budget.ts) is kept: the
 * filter narrows what is shown and must not hide what it could not judge.
 */
function passes(r: HistoryRecord, matchers: Matcher[]): boolean {
  if (matchers.length === 0) return true;
  return r.labels !== undefined && evaluateAlert(matchers, r.labels) !== 'no-match';
}

// A filtered scan stops when this turn's matching time is spent (the page says where to go on,
// the summary that it is truncated), after one record at least so that it always progresses.
function outOfTime(matchers: Matcher[]): boolean {
  return matchers.length > 0 && !turnHasTime();
}

export function timelinePage(db: HistoryDb, q: TimelineQuery): TimelinePage {
  const matchers = compileFilter(q.filter);
  const limit = Math.max(1, Math.min(q.limit ?? 200, 5_000));
  const out: HistoryRecord[] = [];
  let beforeId = q.beforeId;
  let scanned = 0;
  for (;;) {
    const chunk = db.query({
      ...(q.fromMs !== undefined ? { fromMs: q.fromMs } : {}),
      ...(q.toMs !== undefined ? { toMs: q.toMs } : {}),
      ...(q.kinds ? { kinds: q.kinds } : {}),
      ...(q.fingerprint !== undefined ? { fingerprint: q.fingerprint } : {}),
      ...(q.groupKey !== undefined ? { groupKey: q.groupKey } : {}),
      ...(beforeId !== undefined ? { beforeId } : {}),
      limit: matchers.length === 0 ? limit - out.length : 2_000,
    });
    for (const r of chunk) {
      if (scanned > 0 && outOfTime(matchers)) {
        return { records: out, ...(beforeId !== undefined ? { nextBeforeId: beforeId } : {}) };
      }
      scanned++;
      beforeId = r.id;
      if (!passes(r, matchers)) continue;
      out.push(r);
      if (out.length === limit) return { records: out, ...(r.id ? { nextBeforeId: r.id } : {}) };
    }
    const exhausted = chunk.length === 0 || (matchers.length === 0 && out.length < limit);
    if (exhausted) return { records: out };
    if (scanned >= MAX_SCAN) {
      return { records: out, ...(beforeId !== undefined ? { nextBeforeId: beforeId } : {}) };
    }
  }
}

/** Per-alert and per-group statistics for alerts with records in the range. */
export function timelineSummary(
  db: HistoryDb,
  q: Pick<TimelineQuery, 'fromMs' | 'toMs' | 'filter'>,
  nowMs: number,
): TimelineSummary {
  const matchers = compileFilter(q.filter);
  const since24h = nowMs - DAY;
  // Aggregates in SQL: one row per alert in the range, then the counts of every alert's
  // firings over 7 days and the hourly firings per group, each in one pass.
  // Without a filter only the newest MAX_SUMMARY_ALERTS (and one to tell it was cut) are read,
  // with their firing counts; with one, the counts of those that pass are asked after.
  const since7d = nowMs - 7 * DAY;
  const spans =
    matchers.length === 0
      ? db.alertsInRange(q.fromMs, q.toMs, MAX_SUMMARY_ALERTS + 1, { since24h, since7d })
      : db.alertsInRange(q.fromMs, q.toMs);
  const kept: typeof spans = [];
  let truncated = false;
  for (const span of spans) {
    const r = span.latest;
    if (r.fingerprint === undefined || !passes(r, matchers)) continue;
    if (kept.length >= MAX_SUMMARY_ALERTS || (kept.length > 0 && outOfTime(matchers))) {
      truncated = true;
      break;
    }
    kept.push(span);
  }
  const counts =
    matchers.length === 0
      ? undefined
      : db.firedCounts(
          kept.map((s) => s.latest.fingerprint ?? ''),
          since24h,
          since7d,
        );
  const alerts: AlertStats[] = [];
  for (const { latest: r, firstAt, lastAt, fired } of kept) {
    if (r.fingerprint === undefined) continue;
    const [day, week] = fired ??
      counts?.get(`${r.clusterId ?? ''}\u0000${r.fingerprint}`) ?? [0, 0];
    alerts.push({
      fingerprint: r.fingerprint,
      ...(r.clusterId !== undefined ? { clusterId: r.clusterId } : {}),
      ...(r.groupKey !== undefined ? { groupKey: r.groupKey } : {}),
      ...(r.alertname !== undefined ? { alertname: r.alertname } : {}),
      ...(r.labels !== undefined ? { labels: r.labels } : {}),
      firstSeen: firstAt,
      lastSeen: lastAt,
      fired24h: day,
      fired7d: week,
      flapping: day >= FLAPPING_FIRES_24H,
      lastKind: r.kind,
    });
  }
  const groups = new Map<string, GroupStats>();
  for (const a of alerts) {
    if (a.groupKey === undefined) continue;
    let g = groups.get(a.groupKey);
    if (!g) {
      g = {
        groupKey: a.groupKey,
        ...(a.clusterId !== undefined ? { clusterId: a.clusterId } : {}),
        alertnames: [],
        firstSeen: a.firstSeen,
        lastSeen: a.lastSeen,
        fired24h: 0,
        fired7d: 0,
        flapping: false,
        heatmap: new Array<number>(24).fill(0),
        alerts: 0,
      };
      groups.set(a.groupKey, g);
    }
    g.alerts++;
    g.firstSeen = Math.min(g.firstSeen, a.firstSeen);
    g.lastSeen = Math.max(g.lastSeen, a.lastSeen);
    g.fired24h += a.fired24h;
    g.fired7d += a.fired7d;
    g.flapping ||= a.flapping;
    if (a.alertname !== undefined && !g.alertnames.includes(a.alertname)) {
      g.alertnames.push(a.alertname);
    }
  }
  if (groups.size > 0) {
    for (const cell of db.firedByGroupHour([...groups.keys()], since24h)) {
      const g = groups.get(cell.groupKey);
      if (g && cell.hour >= 0 && cell.hour < 24) g.heatmap[cell.hour] = cell.count;
    }
  }
  return {
    alerts,
    groups: [...groups.values()].sort((x, y) => y.lastSeen - x.lastSeen),
    truncated,
  };
}

export type ExportFormat = 'csv' | 'json';

export interface ExportPage {
  /** CSV lines (the header on the first page) or a JSON array's elements joined by commas. */
  text: string;
  count: number;
  /** Ask again with this to get the next page; absent on the last. */
  nextAfterId?: number;
}

export const CSV_COLUMNS = [
  'time',
  'kind',
  'cluster',
  'instance',
  'alertname',
  'severity',
  'fingerprint',
  'group',
  'labels',
  'silence',
  'detail',
] as const;

const EXPORT_PAGE = 5_000;

/**
 * One page of an export, oldest first, so a large export crosses the bridge in bounded
 * messages. CSV goes through papaparse with formula escaping on: labels and comments come
 * from servers and must not run as formulas when the file is opened in a spreadsheet.
 */
export function exportPage(
  db: HistoryDb,
  q: Pick<TimelineQuery, 'fromMs' | 'toMs' | 'filter' | 'kinds'>,
  format: ExportFormat,
  afterId = 0,
): ExportPage {
  const matchers = compileFilter(q.filter);
  const rows: HistoryRecord[] = [];
  let last = afterId;
  let more = false;
  db.forEach(
    {
      ...(q.fromMs !== undefined ? { fromMs: q.fromMs } : {}),
      ...(q.toMs !== undefined ? { toMs: q.toMs } : {}),
      ...(q.kinds ? { kinds: q.kinds } : {}),
      afterId,
    },
    (r) => {
      if (rows.length >= EXPORT_PAGE) {
        more = true;
        return false;
      }
      last = r.id ?? last;
      if (passes(r, matchers)) rows.push(r);
      return true;
    },
  );
  const text =
    format === 'json'
      ? rows.map((r) => JSON.stringify(r)).join(',\n')
      : Papa.unparse(
          {
            fields: afterId === 0 ? [...CSV_COLUMNS] : [],
            data: rows.map((r) => [
              new Date(r.at).toISOString(),
              r.kind,
              r.clusterId ?? '',
              r.instanceId ?? '',
              r.alertname ?? '',
              r.severity ?? '',
              r.fingerprint ?? '',
              r.groupKey ?? '',
              r.labels
                ? Object.entries(r.labels)
                    .map(([k, v]) => `${k}=${v}`)
                    .join(';')
                : '',
              r.silenceKey ?? '',
              r.detail ?? '',
            ]),
          },
          { escapeFormulae: true, header: afterId === 0, newline: '\r\n' },
        );
  return { text, count: rows.length, ...(more ? { nextAfterId: last } : {}) };
}

/** Counts by kind since a time (the tray's "while you were away"). */
export function countsSince(db: HistoryDb, sinceMs: number): Partial<Record<HistoryKind, number>> {
  return db.countByKind(sinceMs);
}
