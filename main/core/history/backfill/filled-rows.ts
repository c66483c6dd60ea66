// What of a fill is new: a filled 'fired' or 'resolved' is dropped when the file already has
// one of the same alert and kind that could be the same change: from a step before it (an
// earlier fill of the same gap) to `lateMs` after (the app noticed it at its next poll). A
// crash before a fill was confirmed finds the gap again; this keeps it from writing twice.
// The rest take the group the alert was last recorded in (ALERTS does not know the routes).
import type { HistoryDb } from '../history-db.ts';
import type { HistoryRecord } from '../record.ts';

export function newFilledRows(
  db: HistoryDb,
  records: readonly HistoryRecord[],
  lateMs: number,
): HistoryRecord[] {
  const groups = new Map<string, string | undefined>();
  const out: HistoryRecord[] = [];
  for (const r of records) {
    if (!r.filled || r.fingerprint === undefined || (r.kind !== 'fired' && r.kind !== 'resolved')) {
      out.push(r);
      continue;
    }
    const from = r.at - r.filled.stepMs - 1_000;
    if (db.hasAlertRecord(r.kind, r.clusterId, r.fingerprint, from, r.at + lateMs)) continue;
    if (!groups.has(r.fingerprint)) {
      const latest = db.query({ fingerprint: r.fingerprint, limit: 20 });
      groups.set(r.fingerprint, latest.find((x) => x.groupKey !== undefined)?.groupKey);
    }
    const groupKey = groups.get(r.fingerprint);
    out.push(groupKey !== undefined ? { ...r, groupKey } : r);
  }
  return out;
}
