// Where the real main bundle (on the fake `electron` module) gets its page from: app://amtray/
// served from out/renderer (privileged before ready, handled after; MIME types, CSP header and
// tag without any WebSocket source, traversal and other hosts refused), never file://; the
// Vite dev server only when the app is not packaged; and the app-wide guard on a webContents
// the app did not create. No Alertmanager needed: the profile watches nothing.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { launchMain, type MainProcess } from './fake-electron/launch.ts';

interface PageAnswer {
  status?: number;
  headers?: Record<string, string>;
  text?: string;
  length?: number;
  error?: string;
}

async function profile(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'amtray-page-'));
}

describe('Electron page origin (fake electron module)', () => {
  let userData: string;
  let main: MainProcess;
  const get = async (url: string, method = 'GET') =>
    (await main.command({ type: 'app-request', url, method })).result as PageAnswer;

  before(async () => {
    userData = await profile();
    main = await launchMain(userData);
  });
  after(async () => {
    await main?.kill();
    if (userData) await rm(userData, { recursive: true, force: true });
  });

  it('registers app:// as a standard, secure scheme before ready, without CORS or CSP bypass', () => {
    const schemes = main.last('privileged-schemes')?.schemes as {
      scheme: string;
      privileges: Record<string, boolean>;
    }[];
    assert.equal(schemes.length, 1);
    const [app] = schemes;
    assert.equal(app?.scheme, 'app');
    assert.equal(app?.privileges.standard, true);
    assert.equal(app?.privileges.secure, true);
    for (const off of ['corsEnabled', 'bypassCSP', 'allowServiceWorkers']) {
      assert.notEqual(app?.privileges[off], true, off);
    }
    assert.equal(main.last('protocol-handle')?.scheme, 'app');
    assert.equal(main.last('load')?.url, 'app://amtray/index.html');
  });

  it('serves the page with the CSP as header and tag, no WebSocket source', async () => {
    const page = await get('app://amtray/index.html');
    assert.equal(page.status, 200);
    assert.equal(page.headers?.['content-type'], 'text/html; charset=utf-8');
    assert.equal(page.headers?.['x-content-type-options'], 'nosniff');
    const csp = page.headers?.['content-security-policy'] ?? '';
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /connect-src 'self';/);
    assert.doesNotMatch(csp, /ws:|unsafe|\*/);
    const tag = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(page.text ?? '');
    assert.ok(tag, 'the page keeps its CSP tag');
    assert.equal(tag[1], csp.replace("; frame-ancestors 'none'", ''));
    // Its scripts: the browser shell's early connection (a few hundred bytes, idle here) and
    // the app's bundle.
    const scripts = [...(page.text ?? '').matchAll(/<script[^>]+src="\.\/([^"]+\.js)"/g)].map(
      (m) => m[1]!,
    );
    assert.ok(scripts.length > 0, 'index.html names its scripts');
    let largest = 0;
    for (const script of scripts) {
      const js = await get(`app://amtray/${script}`);
      assert.equal(js.status, 200, script);
      assert.equal(js.headers?.['content-type'], 'text/javascript; charset=utf-8', script);
      largest = Math.max(largest, js.length ?? 0);
    }
    assert.ok(largest > 1000, 'the app bundle is served');
    assert.equal((await get('app://amtray/')).status, 200, '/ is the page');
  });

  it('refuses paths outside the build, other hosts and writes (app-protocol.test.ts has them all)', async () => {
    const outside = [
      'app://amtray/%2e%2e/%2e%2e/package.json',
      'app://amtray/..%2f..%2fpackage.json',
    ];
    for (const url of [...outside, 'app://other/index.html']) {
      const answer = await get(url);
      assert.deepEqual([answer.status, answer.text], [404, 'not found'], url);
    }
    assert.equal((await get('app://amtray/index.html', 'POST')).status, 405);
  });

  it('guards a webContents it did not create: no window, navigation, redirect or webview', async () => {
    const result = (await main.command({ type: 'other-contents', url: 'https://evil.example/' }))
      .result as Record<string, unknown>;
    assert.deepEqual(result, {
      open: { action: 'deny' },
      'will-navigate': true,
      'will-redirect': true,
      'will-attach-webview': true,
    });
    assert.deepEqual(
      main.messages.filter((m) => m.type === 'openExternal'),
      [],
      'nothing opened',
    );
  });
});

describe('Electron dev server URL', () => {
  const dirs: string[] = [];
  const started: MainProcess[] = [];
  after(async () => {
    for (const m of started) await m.kill();
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });
  const launch = async (env: Record<string, string>) => {
    const dir = await profile();
    dirs.push(dir);
    const main = await launchMain(dir, { env });
    started.push(main);
    return main;
  };

  it('is ignored by a packaged app, which loads its own page', async () => {
    const main = await launch({
      FAKE_PACKAGED: '1',
      VITE_DEV_SERVER_URL: 'http://127.0.0.1:5173/',
    });
    assert.equal(main.last('load')?.url, 'app://amtray/index.html');
    assert.match(main.stderr(), /VITE_DEV_SERVER_URL ignored: a packaged app/);
    const info = await main.invoke('app:info', []);
    assert.equal(info.ok, true, 'the app page may call the bridge');
    const fromDev = await main.invoke('app:info', [], { frameUrl: 'http://127.0.0.1:5173/' });
    assert.equal(fromDev.error?.kind, 'forbidden', 'the dev origin may not');
  });

  it('is used when not packaged, on this machine only', async () => {
    const dev = await launch({ VITE_DEV_SERVER_URL: 'http://127.0.0.1:5173/' });
    assert.equal(dev.last('load')?.url, 'http://127.0.0.1:5173');
    assert.equal(dev.last('protocol-handle'), undefined, 'no app:// page to serve');
    const remote = await launch({ VITE_DEV_SERVER_URL: 'http://evil.example:5173/' });
    assert.equal(remote.last('load')?.url, 'app://amtray/index.html');
    assert.match(remote.stderr(), /VITE_DEV_SERVER_URL ignored: only http:\/\/127\.0\.0\.1/);
  });
});
