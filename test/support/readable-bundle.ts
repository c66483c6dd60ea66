// What `nobody` runs when a root test process starts the browser shell unprivileged (so file
// permissions apply): a copy of the built bundle (out/main, out/renderer), the one package it
// imports at run time (node-sqlite3-wasm, kept external by main/vite.config.ts) and
// package.json (the version), in a temp folder anyone can read. The checkout itself may sit in
// a folder only root can enter (a home folder, mode 0700), where `nobody` cannot reach it.
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PARTS = ['out/main', 'out/renderer', 'node_modules/node-sqlite3-wasm', 'package.json'];

/** The setpriv arguments that run a command as `nobody`. */
export const AS_NOBODY = ['--reuid=nobody', '--regid=nogroup', '--clear-groups', '--'];

/** chmod a+rX, whatever the umask gave the copies. */
function openUp(path: string): void {
  const st = statSync(path);
  chmodSync(path, st.isDirectory() ? 0o755 : 0o644);
  if (st.isDirectory()) for (const name of readdirSync(path)) openUp(join(path, name));
}

let copy: string | undefined;

/** The folder holding the readable copy (made once per test process, removed at exit). */
export function readableBundleDir(): string {
  if (copy) return copy;
  const dir = mkdtempSync(join(tmpdir(), 'amtray-bundle-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  for (const part of PARTS) {
    cpSync(join(root, part), join(dir, part), {
      recursive: true,
      filter: (src) => !src.endsWith('.map'),
    });
  }
  openUp(dir);
  copy = dir;
  return dir;
}

/** out/main/serve.js in the readable copy. */
export function readableServeJs(): string {
  return join(readableBundleDir(), 'out', 'main', 'serve.js');
}

/**
 * Why `nobody` cannot run the copy (e.g. Node itself, or the temp folder, lies in a folder only
 * root can enter), or false when it can.
 */
export function nobodyCannotRun(): string | false {
  const paths = [readableServeJs(), tmpdir()];
  const r = spawnSync(
    'setpriv',
    [
      ...AS_NOBODY,
      process.execPath,
      '-e',
      `for (const p of process.argv.slice(1)) {
        try { require('node:fs').accessSync(p); }
        catch (e) { console.error(e.code + ' on ' + p); process.exit(1); }
      }`,
      ...paths,
    ],
    { cwd: tmpdir(), encoding: 'utf8' },
  );
  if (r.status === 0) return false;
  const why = (r.error?.message ?? r.stderr).trim().split('\n')[0] ?? `exit ${r.status}`;
  return `nobody cannot reach what it would run (${why}), so file permissions cannot be tested`;
}
