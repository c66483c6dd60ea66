// `npm run dev`: the renderer from the Vite dev server (hot reload), main and preload built
// in watch mode, and Electron launched with VITE_DEV_SERVER_URL (restarted when main or
// preload change). Without a usable Electron binary it says so and keeps serving the
// renderer, which can then be used through the browser shell (npm run serve).
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { build, createServer, type Rollup } from 'vite';
import { usableElectron } from './electron-binary.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

function log(line: string): void {
  console.log(`[dev] ${line}`);
}

async function watchBuild(configFile: string, onRebuilt: () => void): Promise<void> {
  const watcher = (await build({
    configFile,
    root,
    logLevel: 'warn',
    build: { watch: {}, emptyOutDir: false },
  })) as Rollup.RollupWatcher;
  let first = true;
  await new Promise<void>((resolve, reject) => {
    watcher.on('event', (event) => {
      if (event.code === 'ERROR') {
        log(`${configFile}: ${event.error.message}`);
        if (first) reject(event.error);
      }
      if (event.code === 'BUNDLE_END') void event.result.close();
      if (event.code === 'END') {
        if (first) {
          first = false;
          resolve();
        } else onRebuilt();
      }
    });
  });
}

async function main(): Promise<void> {
  const server = await createServer({ configFile: `${root}/renderer/vite.config.ts` });
  await server.listen();
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite dev server has no local URL');
  log(`renderer dev server at ${url}`);

  let electron: ChildProcess | undefined;
  let restarting = false;
  const binary = usableElectron();
  const launch = () => {
    if (!binary.ok) return;
    electron = spawn(binary.path, ['.'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, VITE_DEV_SERVER_URL: url },
    });
    electron.once('exit', (code) => {
      if (restarting) return;
      log(`electron exited (${code ?? 'signal'}); stopping`);
      void server.close().then(() => process.exit(code ?? 0));
    });
  };
  const relaunch = () => {
    if (!electron) return;
    log('main/preload rebuilt: restarting electron');
    restarting = true;
    electron.once('exit', () => {
      restarting = false;
      launch();
    });
    electron.kill();
  };

  await watchBuild(`${root}/main/vite.config.ts`, relaunch);
  await watchBuild(`${root}/preload/vite.config.ts`, relaunch);

  if (!binary.ok) {
    log(`cannot start Electron: ${binary.reason}`);
    log(
      'the renderer dev server keeps running; for the full app without Electron use: npm run serve',
    );
    return;
  }
  log(`launching ${binary.path}`);
  launch();
  const stop = () => {
    electron?.kill();
    void server.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
