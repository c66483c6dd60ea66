// The core's view messages cut to a bounded size and sent at the pace the window takes them,
// for both transports. At 100,000 alerts a snapshot is ~85 MB of JSON: in one message it
// overflows the WebSocket's send buffer (the socket is dropped, the page reconnects, asks for
// the same snapshot again, forever) and over Electron's IPC it is one huge structured clone.
// So:
// - a large snapshot goes as a head (everything but groups and alerts, with the totals) and
//   parts of at most PART_RECORDS records, the groups that sort first (most severe, newest)
//   first with their alerts, so the top of the list can be drawn from the first part;
// - a large delta goes as parts of one seq (`more` on all but the last), applied together;
// - each message waits until the transport has drained what it sent before (`Flow`), so
//   nothing piles up in a socket buffer;
// - when the window falls so far behind that more than MAX_QUEUED_RECORDS records wait, the
//   queue is dropped and a fresh snapshot streamed instead: bounded memory, no reconnect loop,
//   and the window ends up exactly where the core is.
import type {
  AlertView,
  GroupView,
  ViewDelta,
  ViewMessage,
  ViewSnapshot,
  ViewStreamMessage,
} from '../model/view.ts';
import { displaySeverityRank } from '../model/severity-order.ts';
import { valuesOf } from '../model/record-values.ts';

/** Records per message: ~2 MB of JSON at the sizes real alerts have. */
export const PART_RECORDS = 2_000;
/**
 * The first part is smaller: it holds the top of the list (what a window shows first), so it
 * is serialised, sent, parsed and drawn before the rest is even sent.
 */
export const FIRST_PART_RECORDS = 250;
/** Records waiting for a slow window before its queue is replaced by a fresh snapshot. */
export const MAX_QUEUED_RECORDS = 250_000;

/** The transport's pace: `drained()` is undefined when it can take more now. */
export interface Flow {
  drained(): Promise<void> | undefined;
}

export const NO_FLOW: Flow = { drained: () => undefined };

/**
 * For a transport without a measure of what is unsent (Electron's IPC): one message per
 * macrotask, so the main process stays responsive while a large snapshot goes out.
 */
export function yieldingFlow(): Flow {
  let owed = false;
  return {
    drained() {
      if (!owed) {
        owed = true;
        return undefined;
      }
      return new Promise<void>((resolve) =>
        setTimeout(() => {
          owed = false;
          resolve();
        }, 0),
      );
    },
  };
}

export interface ViewSource {
  subscribe(listener: (message: ViewMessage) => void): () => void;
  snapshot(): ViewSnapshot;
  /** The severity order the window sorts groups by (the first part shows the top). */
  severityOrder(): readonly string[];
}

interface Queued {
  message: ViewStreamMessage;
  records: number;
}

export function streamView(
  source: ViewSource,
  listener: (message: ViewStreamMessage) => void,
  flow: Flow = NO_FLOW,
): () => void {
  let queue: Queued[] = [];
  let head = 0;
  let queuedRecords = 0;
  let pumping = false;
  let active = true;

  const enqueue = (messages: Queued[]): void => {
    for (const m of messages) {
      queue.push(m);
      queuedRecords += m.records;
    }
    if (queuedRecords > MAX_QUEUED_RECORDS) {
      // The window cannot keep up: what waits is worth less than a fresh start.
      queue = snapshotMessages(source.snapshot(), source.severityOrder());
      head = 0;
      queuedRecords = queue.reduce((n, m) => n + m.records, 0);
    }
    if (!pumping) void pump();
  };

  const pump = async (): Promise<void> => {
    pumping = true;
    try {
      while (active && head < queue.length) {
        const wait = flow.drained();
        if (wait) {
          await wait;
          continue; // the queue may have been replaced meanwhile
        }
        const next = queue[head++]!;
        queuedRecords -= next.records;
        if (head > 1024) {
          queue = queue.slice(head);
          head = 0;
        }
        listener(next.message);
      }
    } finally {
      pumping = false;
    }
  };

  const off = source.subscribe((message) => {
    if (message.type === 'snapshot')
      enqueue(snapshotMessages(message.snapshot, source.severityOrder()));
    else enqueue(deltaMessages(message.delta));
  });
  return () => {
    active = false;
    queue = [];
    off();
  };
}

/** A snapshot as one message, or a head and parts. */
export function snapshotMessages(s: ViewSnapshot, severityOrder: readonly string[]): Queued[] {
  const groupList = valuesOf(s.groups);
  const alertList = valuesOf(s.alerts);
  if (groupList.length + alertList.length <= PART_RECORDS)
    return [{ message: { type: 'snapshot', snapshot: s }, records: 1 }];

  const head: ViewSnapshot = { ...s, groups: {}, alerts: {} };
  const out: Queued[] = [
    {
      message: {
        type: 'snapshot',
        snapshot: head,
        loading: { alerts: alertList.length, groups: groupList.length },
      },
      records: 1,
    },
  ];
  let groups: GroupView[] = [];
  let alerts: AlertView[] = [];
  const flush = (last: boolean): void => {
    out.push({
      message: { type: 'snapshot-part', part: { seq: s.seq, groups, alerts, last } },
      records: groups.length + alerts.length,
    });
    groups = [];
    alerts = [];
  };
  const sent = new Set<string>();
  for (const g of groupsInListOrder(s, groupList, severityOrder)) {
    groups.push(g);
    for (const fp of g.alerts) {
      if (sent.has(fp)) continue;
      const a = s.alerts[fp];
      if (!a) continue;
      sent.add(fp);
      alerts.push(a);
    }
    const limit = out.length === 1 ? FIRST_PART_RECORDS : PART_RECORDS;
    if (groups.length + alerts.length >= limit) flush(false);
  }
  // Alerts no group lists (none from Alertmanager's /alerts/groups; kept for completeness).
  if (sent.size < alertList.length) {
    for (const a of alertList) {
      if (sent.has(a.fingerprint)) continue;
      alerts.push(a);
      if (alerts.length >= PART_RECORDS) flush(false);
    }
  }
  flush(true);
  return out;
}

/**
 * Groups as the window lists them by default (most severe first, then the newest start), so
 * the first parts hold what the window shows at the top.
 */
function groupsInListOrder(
  s: ViewSnapshot,
  list: readonly GroupView[],
  severityOrder: readonly string[],
): GroupView[] {
  const ranked = list.map((g) => {
    let newest = 0;
    for (const fp of g.alerts) {
      const a = s.alerts[fp];
      if (!a) continue;
      const t = Date.parse(a.startsAt);
      if (t > newest) newest = t;
    }
    const rank = g.counts.active > 0 ? displaySeverityRank(g.severity, severityOrder) : Infinity;
    return { g, rank, newest };
  });
  ranked.sort((x, y) => x.rank - y.rank || y.newest - x.newest);
  return ranked.map((r) => r.g);
}

/** A delta as one message, or parts of one seq applied together by the window. */
export function deltaMessages(d: ViewDelta): Queued[] {
  let total = 0;
  for (const list of Object.values(d.upsert)) total += list?.length ?? 0;
  for (const list of Object.values(d.remove)) total += list?.length ?? 0;
  if (total <= PART_RECORDS) return [{ message: { type: 'delta', delta: d }, records: total }];

  const parts: ViewDelta[] = [];
  let part: ViewDelta = { seq: d.seq, upsert: {}, remove: {} };
  let n = 0;
  const next = (): void => {
    parts.push(part);
    part = { seq: d.seq, upsert: {}, remove: {} };
    n = 0;
  };
  for (const [c, list] of Object.entries(d.upsert) as [keyof ViewDelta['upsert'], unknown[]][]) {
    for (let i = 0; i < list.length;) {
      const take = list.slice(i, i + (PART_RECORDS - n));
      (part.upsert as Record<string, unknown[]>)[c] = take;
      i += take.length;
      n += take.length;
      if (n >= PART_RECORDS) next();
    }
  }
  for (const [c, list] of Object.entries(d.remove) as [keyof ViewDelta['remove'], string[]][]) {
    for (let i = 0; i < list.length;) {
      const take = list.slice(i, i + (PART_RECORDS - n));
      part.remove[c] = take;
      i += take.length;
      n += take.length;
      if (n >= PART_RECORDS) next();
    }
  }
  if (d.summary) part.summary = d.summary;
  parts.push(part);
  return parts.map((p, i) => ({
    message:
      i < parts.length - 1 ? { type: 'delta', delta: p, more: true } : { type: 'delta', delta: p },
    records: PART_RECORDS,
  }));
}
