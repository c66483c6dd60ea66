// Child process for the crash test: appends batches of 100 records forever and prints the
// number of batches committed after each one, until it is killed.
import { HistoryDb } from '../../../main/core/history/history-db.ts';

const path = process.argv[2];
if (!path) throw new Error('usage: crash-writer <file>');
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
  db.append(rows);
  batch++;
  process.stdout.write(`${batch}\n`);
}
