// Who has the history file open. node-sqlite3-wasm's own lock is a directory that a killed
// process leaves behind; the owner file next to it says whether that lock is stale.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { HistoryFileError } from './history-file-error.ts';

/**
 * node-sqlite3-wasm locks the file with a `<file>.lock` directory while a transaction runs; a
 * process killed inside one leaves it behind and every later open would be "database is
 * locked" for good. The owner file names the process using the history: a lock whose owner
 * is gone is stale and removed (SQLite then rolls back the hot journal itself); a live
 * owner is another running copy of the app, refused with that reason.
 */
export function claim(path: string): void {
  const owner = `${path}.owner`;
  let pid = NaN;
  try {
    pid = Number(readFileSync(owner, 'utf8').trim());
  } catch {
    // no owner file: nobody has it open
  }
  if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && processAlive(pid)) {
    throw new HistoryFileError(
      `the history file is in use by another running copy (process ${pid})`,
    );
  }
  rmSync(`${path}.lock`, { recursive: true, force: true });
  writeFileSync(owner, String(process.pid));
}

export function release(path: string): void {
  rmSync(`${path}.owner`, { force: true });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
