// What of a fill is new, episode by episode (a filled 'fired' directly precedes its
// 'resolved'; an episode already firing before the gap has only the 'resolved').
// A filled record is found in the file when it has one of the same alert and kind that could
// be the same change: from a step before it (an earlier fill of the same gap) to `lateMs`
// after (the app noticed it at its next poll). A crash before a fill was confirmed finds the
// gap again; this keeps it from writing twice.
// - The end is in the file: the whole episode is (the app saw it, or an earlier fill).
// - The start is in the file, or the episode began before the gap: only its end is news, and
//   only for an alert the recorder has open (it saw it fire and not resolve). That end then
//   closes it, with the time Prometheus saw, instead of "resolved while not watched" at the
//   next start.
// - Neither: the whole episode happened while the app was not watching.
// The records kept take the group the alert was last recorded in (ALERTS knows no routes).
import type { HistoryDb } from '../history-db.ts';
import type { HistoryRecord } from '../record.ts';

export interface OpenAlerts {
  has(clusterId: string | undefined, fingerprint: string): boolean;
  /** The filled end was written: the alert is no longer open. */
  close(clusterId: string | undefined, fingerprint: string): void;
}

export interface FilledRows {
  rows: HistoryRecord[];
  /** Filled records left out as already in the file. */
  known: number;
}

export function newFilledRows(
  db: HistoryDb,
  records: readonly HistoryRecord[],
  lateMs: number,
  open: OpenAlerts,
): FilledRows {
  const groups = new Map<string, string | undefined>();
  const rows: HistoryRecord[] = [];
  let known = 0;
  const inFile = (r: HistoryRecord, fp: string, stepMs: number) =>
    db.hasAlertRecord(
      r.kind === 'fired' ? 'fired' : 'resolved',
      r.clusterId,
      fp,
      r.at - stepMs - 1_000,
      r.at + lateMs,
    );
  const withGroup = (r: HistoryRecord & { fingerprint: string }): HistoryRecord => {
    if (!groups.has(r.fingerprint)) {
      const latest = db.query({ fingerprint: r.fingerprint, limit: 20 });
      groups.set(r.fingerprint, latest.find((x) => x.groupKey !== undefined)?.groupKey);
    }
    const groupKey = groups.get(r.fingerprint);
    return groupKey !== undefined ? { ...r, groupKey } : r;
  };
  for (let i = 0; i < records.length; i++) {
    const r = records[i]!;
    const fp = r.fingerprint;
    if (!r.filled || fp === undefined || (r.kind !== 'fired' && r.kind !== 'resolved')) {
      rows.push(r);
      continue;
    }
    const next = records[i + 1];
    const fired = r.kind === 'fired' ? r : undefined;
    const resolved = fired ? next : r;
    if (!resolved?.filled || resolved.kind !== 'resolved' || resolved.fingerprint !== fp) {
      // Not an episode as gap-filler.ts makes them: left out rather than half written.
      continue;
    }
    if (fired) i++;
    const episode = fired ? 2 : 1;
    if (inFile(resolved, fp, resolved.filled.stepMs)) {
      known += episode;
      continue;
    }
    const startKnown = fired ? inFile(fired, fp, resolved.filled.stepMs) : true;
    if (startKnown) {
      if (fired) known++;
      if (!open.has(resolved.clusterId, fp)) {
        known++;
        continue;
      }
      open.close(resolved.clusterId, fp);
      rows.push(withGroup({ ...resolved, fingerprint: fp }));
      continue;
    }
    rows.push(
      withGroup({ ...fired!, fingerprint: fp }),
      withGroup({ ...resolved, fingerprint: fp }),
    );
  }
  return { rows, known };
}
