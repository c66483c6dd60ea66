// What the user, or the app on their behalf, does again and again folds into one Timeline
// line: an acknowledgement the app extends every few minutes while its alerts fire was one
// "silence edited" line per renewal (a night of them buried the firings); now it is one line,
// "acknowledgement kept: 12 renewals since 03:10", where the newest renewal stands. The same
// for a silence edited over and over, and for notifications (reminders) about one thing.
// Records of other kinds, and records about different things, are never folded.
import type { HistoryKind, HistoryRecord } from '$core/history/record.ts';

export interface TimelineLine {
  /** The newest record of the run (where the line stands, what it links to). */
  record: HistoryRecord;
  /** How many records the line stands for (1: an ordinary line). */
  count: number;
  /** The oldest folded record's time (epoch ms). */
  sinceMs: number;
}

/** Kinds that repeat by routine: the app's renewals and reminders, the user's re-edits. */
const FOLDED: ReadonlySet<HistoryKind> = new Set(['silence-edited', 'notified', 'withheld']);

/** What a record is about, for folding; undefined when it never folds. */
function foldKey(r: HistoryRecord): string | undefined {
  if (!FOLDED.has(r.kind)) return undefined;
  const about =
    r.silenceKey ??
    r.fingerprint ??
    r.groupKey ??
    r.instanceId ??
    (r.kind === 'notified' ? r.detail : undefined);
  if (about === undefined) return undefined;
  return `${r.kind}\u0000${r.clusterId ?? ''}\u0000${about}`;
}

/** `records` newest first, folded into lines (newest first, one per run of repeats). */
export function foldRepeats(records: readonly HistoryRecord[]): TimelineLine[] {
  const lines: TimelineLine[] = [];
  const open = new Map<string, TimelineLine>();
  for (const r of records) {
    const key = foldKey(r);
    const line = key === undefined ? undefined : open.get(key);
    if (line) {
      line.count++;
      line.sinceMs = Math.min(line.sinceMs, r.at);
      continue;
    }
    const fresh: TimelineLine = { record: r, count: 1, sinceMs: r.at };
    lines.push(fresh);
    if (key !== undefined) open.set(key, fresh);
  }
  return lines;
}

/** The comment prefix of an acknowledgement (main/core/silences/ack.ts: ACK_PREFIX). */
const ACK_MARK = ': ACK! ';

/** Whether a silence record is about an acknowledgement (its recorded comment says so). */
export function isAckRecord(r: HistoryRecord, ackNow: boolean): boolean {
  return ackNow || (r.detail?.includes(ACK_MARK) ?? false);
}

/**
 * The words after the line's subject ("Acknowledgement" + "kept: 12 renewals since 03:10");
 * undefined for a line that folded nothing and needs no words of its own.
 */
export function repeatWords(
  r: HistoryRecord,
  count: number,
  since: string,
  ack: boolean,
): string | undefined {
  if (r.kind === 'silence-edited' && ack)
    return count > 1 ? `kept: ${count} renewals since ${since}` : 'renewed';
  if (count < 2) return undefined;
  if (r.kind === 'silence-edited') return `silence edited ${count} times since ${since}`;
  if (r.kind === 'notified') return `notified ${count} times since ${since}`;
  if (r.kind === 'withheld') return `notification withheld ${count} times since ${since}`;
  return undefined;
}
