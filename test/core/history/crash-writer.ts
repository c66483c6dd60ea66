// Child process for the crash test: appends batches of 100 records forever and prints the
// number of batches committed after each commit, until it is killed. With `open`, batches go
// into a transaction left open between them (as the recorder writes a backlog), committed
// every 5 batches.
import { HistoryDb } from '../../../main/core/history/history-db.ts';

const path = process.argv[2];
if (!path) throw new Error('usage: crash-writer <file>');
const open = process.argv[3] === 'open';
const db = new HistoryDb(path);
let batch = 0;
for (;;) {
  const rows = Array.from({ length: 100 }, (_, i) => ({
    at: 1_700_000_000_000 + batch * 100 + i,
    kind: 'fired' as const,
    fingerprint: `fp${batch}-${i}`,
    labels: { alertname: 'Crash', batch: String(batch), i: String(i) },
    detail: 'x'.repeat(200),
  }));
  if (!open) db.append(rows);
  else db.appendOpen(rows);
  batch++;
  if (open && batch % 5 !== 0) continue;
  db.commit();
  process.stdout.write(`${batch}\n`);
}
