// Where the Electron executable is, decided WITHOUT require('electron') (which would try to
// download it): ELECTRON_OVERRIDE_DIST_PATH, else node_modules/electron/path.txt + dist/.
// A binary that exists but cannot start (missing system libraries) is reported too.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export type ElectronBinary = { ok: true; path: string } | { ok: false; reason: string };

/** Executable name inside a dist directory for this platform. */
function defaultExecutable(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'Electron.app/Contents/MacOS/Electron';
  if (platform === 'win32') return 'electron.exe';
  return 'electron';
}

export function locateElectron(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): ElectronBinary {
  const pkgDir = join(root, 'node_modules', 'electron');
  const pathFile = join(pkgDir, 'path.txt');
  const executable = existsSync(pathFile)
    ? readFileSync(pathFile, 'utf8').trim()
    : defaultExecutable(platform);
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    const path = join(env.ELECTRON_OVERRIDE_DIST_PATH, executable);
    return existsSync(path)
      ? { ok: true, path }
      : { ok: false, reason: `ELECTRON_OVERRIDE_DIST_PATH has no ${executable} (${path})` };
  }
  const path = join(pkgDir, 'dist', executable);
  if (!existsSync(path)) {
    return {
      ok: false,
      reason:
        'no Electron binary installed (node_modules/electron/dist is missing; set ELECTRON_OVERRIDE_DIST_PATH to an unpacked Electron)',
    };
  }
  return { ok: true, path };
}

/** Locates Electron and checks it actually runs (`--version`, no window). */
export function usableElectron(env: NodeJS.ProcessEnv = process.env): ElectronBinary {
  const found = locateElectron(env);
  if (!found.ok) return found;
  const r = spawnSync(found.path, ['--version'], {
    encoding: 'utf8',
    timeout: 30_000,
    env: { ...env, ELECTRON_RUN_AS_NODE: '1' },
  });
  if (r.error || r.status !== 0) {
    const detail = r.error ? r.error.message : (r.stderr || `exit ${r.status}`).trim();
    return { ok: false, reason: `Electron at ${found.path} does not start: ${detail}` };
  }
  return found;
}
