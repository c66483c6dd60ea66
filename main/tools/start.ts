// `npm start`: launch the built app with Electron. On a normal machine the electron package
// downloads its runtime on first start; where that cannot happen (no access to Electron's
// download host, or Node older than Electron's launcher needs) say so plainly and point at
// the alternatives instead of ending on a bare stack trace.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { locateElectron } from './electron-binary.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);

function explain(): void {
  const found = locateElectron();
  console.error(
    [
      '',
      'Alertmanager Tray: Electron did not start.',
      found.ok ? `  Electron binary: ${found.path}` : `  ${found.reason}`,
      '  Electron downloads its runtime on first start (Node >= 22.12, access to its download host).',
      '  Alternatives: point ELECTRON_OVERRIDE_DIST_PATH at an unpacked Electron 45, or run the',
      '  same app in your browser with `npm run serve`.',
    ].join('\n'),
  );
}

const binary = locateElectron();
// With a binary present, start it directly; otherwise let the electron package's launcher
// fetch it (it is what `electron .` does).
const [command, args] = binary.ok
  ? [binary.path, ['.', ...process.argv.slice(2)]]
  : [process.execPath, [require.resolve('electron/cli.js'), '.', ...process.argv.slice(2)]];

const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
child.on('error', (err) => {
  console.error(err.message);
  explain();
  process.exit(1);
});
child.on('exit', (code, signal) => {
  if (code !== 0 && signal === null) explain();
  process.exit(code ?? 1);
});
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig));
