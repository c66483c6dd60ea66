// Starting the browser shell the way a user does: `node out/main/serve.js --config <file>`
// (after `npm run build`), reading the URL it prints. Builds out/ first only when missing.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

export async function spawnBrowserShell(
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<ServedShell> {
  ensureBuilt();
  const child = spawn(process.execPath, [serveJs, ...args], {
    cwd: root,
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
