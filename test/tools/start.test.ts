// `npm start` without an Electron runtime: one short paragraph first, then one line saying
// why; never the launcher's stack trace or its advice to delete node_modules/electron.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, it } from 'node:test';
import { downloadFailureReason } from '../../main/tools/start.ts';
import { locateElectron } from '../../main/tools/electron-binary.ts';

const LAUNCHER_OUTPUT = `Downloading Electron binary...
TypeError: fetch failed
    at node:internal/deps/undici/undici:14976:13
/work/main/node_modules/electron/index.js:43
      throw new Error(
Error: Electron failed to install correctly. Please delete \`node_modules/electron\` and run "npx install-electron --no" manually.
    at getElectronPath (/work/main/node_modules/electron/index.js:43:13)`;

describe('npm start without Electron', () => {
  it('keeps one line of a failed download', () => {
    assert.equal(downloadFailureReason(LAUNCHER_OUTPUT), 'fetch failed');
    assert.equal(
      downloadFailureReason('Error: getaddrinfo ENOTFOUND github.com\n    at x'),
      'getaddrinfo ENOTFOUND github.com',
    );
  });

  const skip = locateElectron().ok ? 'an Electron binary is installed here' : false;
  it('prints the paragraph first and no stack trace', { skip, timeout: 120_000 }, () => {
    const tsx = 'node_modules/tsx/dist/cli.mjs';
    assert.ok(existsSync(tsx));
    const r = spawnSync(process.execPath, [tsx, 'main/tools/start.ts'], {
      encoding: 'utf8',
      env: { ...process.env, ELECTRON_GET_USE_PROXY: '', ELECTRON_MIRROR: 'http://127.0.0.1:1/' },
      timeout: 110_000,
    });
    const out = `${r.stderr}${r.stdout}`;
    assert.equal(r.status, 1);
    assert.match(out, /^Alertmanager Tray: the Electron runtime is not installed yet/);
    assert.match(out, /Could not download Electron: /);
    assert.match(out, /npm run serve/);
    assert.doesNotMatch(out, /\n\s+at /, 'no stack trace');
    assert.doesNotMatch(out, /delete `node_modules\/electron`/);
  });
});
