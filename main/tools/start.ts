// `npm start`: launch the built app with Electron. On a normal machine the electron package
// downloads its runtime on first start. Where that cannot happen (no access to Electron's
// download host, or a Node older than its launcher needs) the user reads one short paragraph
// first, then one line saying why, never the launcher's stack trace or its advice to delete
// node_modules/electron (which would not help).
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { locateElectron } from './electron-binary.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

const ALTERNATIVES = [
  'Alternatives: set ELECTRON_OVERRIDE_DIST_PATH to an unpacked Electron 45, or run the same',
  'app in your browser with `npm run serve`.',
].join('\n');

/** The one line of a failed download worth reading ("fetch failed", "ENOTFOUND …"). */
export function downloadFailureReason(output: string): string {
  const lines = output.split('\n').map((l) => l.trim());
  const useful =
    lines.find((l) => /fetch failed|ENOTFOUND|ECONNREFUSED|ETIMEDOUT|EAI_AGAIN|403|404/.test(l)) ??
    lines.find((l) => /^(Type)?Error:/.test(l) && !/delete `node_modules\/electron`/.test(l)) ??
    lines.find((l) => l !== '');
  return (useful ?? 'unknown error').replace(/^(Type)?Error:\s*/, '');
}

function launch(path: string): void {
  const child = spawn(path, ['.', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
  child.on('error', (err) => {
    console.error(
      `Alertmanager Tray: Electron (${path}) could not start: ${err.message}\n${ALTERNATIVES}`,
    );
    process.exit(1);
  });
  child.on('exit', (code) => process.exit(code ?? 1));
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig));
}

function main(): void {
  const found = locateElectron();
  if (found.ok) {
    launch(found.path);
    return;
  }
  console.error(
    [
      'Alertmanager Tray: the Electron runtime is not installed yet. Downloading it now; this',
      "needs Node >= 22.12 and access to Electron's download host.",
    ].join('\n'),
  );
  // The electron package downloads its runtime when first required: do that on its own, with
  // its output kept, so a failure is one line here instead of its stack trace.
  const download = spawnSync(process.execPath, ['-e', "require('electron')"], {
    cwd: root,
    encoding: 'utf8',
  });
  const again = locateElectron();
  if (download.status !== 0 || !again.ok) {
    const reason = downloadFailureReason(`${download.stderr ?? ''}\n${download.stdout ?? ''}`);
    console.error(`Could not download Electron: ${reason}.\n${ALTERNATIVES}`);
    process.exit(1);
  }
  launch(again.path);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
