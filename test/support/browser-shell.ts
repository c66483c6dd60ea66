// Starting the browser shell the way a user does: `node out/main/serve.js --config <file>`
// (after `npm run build`), reading the URL it prints. Builds out/ first only when missing.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { createWsBridge, type WsBridge } from '../../renderer/src/bridge/ws-client.ts';
import { AS_NOBODY, readableBundleDir, readableServeJs } from './readable-bundle.ts';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const serveJs = join(root, 'out/main/serve.js');
export const rendererIndex = join(root, 'out/renderer/index.html');

function vite(config: string): void {
  const r = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '-c', config, '--logLevel', 'warn'],
    { cwd: root, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`vite build -c ${config} failed:\n${r.stdout}\n${r.stderr}`);
}

/** `npm test` builds before testing; a lone test run builds what is missing. */
export function ensureBuilt(): void {
  if (!existsSync(serveJs)) vite('main/vite.config.ts');
  if (!existsSync(join(root, 'out/preload/index.cjs'))) vite('preload/vite.config.ts');
  if (!existsSync(rendererIndex)) vite('renderer/vite.config.ts');
}

export interface ServedShell {
  url: string;
  origin: string;
  port: number;
  token: string;
  child: ChildProcess;
  /** Everything the process wrote to stderr so far. */
  stderr(): string;
  stop(): Promise<void>;
}

const BANNER =
  /Alertmanager Tray \(browser shell\) at (http:\/\/127\.0\.0\.1:(\d+)\/\?token=(\S+))/;

/**
 * With `unprivileged`, a shell started by root runs as `nobody` (file permissions then apply,
 * e.g. a read-only settings folder); a non-root test process runs it as itself.
 */
export async function spawnBrowserShell(
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; timeoutMs?: number; unprivileged?: boolean } = {},
): Promise<ServedShell> {
  ensureBuilt();
  const asNobody = opts.unprivileged === true && process.getuid?.() === 0;
  // `nobody` runs a readable copy: the checkout may be in a folder only root can enter.
  const [cmd, argv] = asNobody
    ? ['setpriv', [...AS_NOBODY, process.execPath, readableServeJs(), ...args]]
    : [process.execPath, [serveJs, ...args]];
  const child = spawn(cmd, argv, {
    cwd: asNobody ? readableBundleDir() : root,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8');
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (d: string) => (err += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const match = await new Promise<RegExpMatchArray>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`browser shell printed no URL in time.\nstdout: ${out}\nstderr: ${err}`));
    }, opts.timeoutMs ?? 60_000);
    child.stdout?.on('data', (d: string) => {
      out += d;
      const m = BANNER.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`browser shell exited (${code}) before printing its URL.\n${err}`));
    });
  });
  const port = Number(match[2]);
  return {
    url: match[1] as string,
    origin: `http://127.0.0.1:${port}`,
    port,
    token: match[3] as string,
    child,
    stderr: () => err,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** A bridge client to a spawned shell, as its page would connect (token and Origin). */
export function connect(shell: ServedShell): WsBridge {
  return createWsBridge(`ws://127.0.0.1:${shell.port}/bridge?token=${shell.token}`, {
    createSocket: (u) =>
      new WebSocket(u, { origin: shell.origin }) as unknown as ReturnType<
        Parameters<typeof createWsBridge>[1]['createSocket']
      >,
  });
}
