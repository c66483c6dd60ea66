// The browser shell's transport decisions, in process with a small fake Core: static files
// (MIME, traversal, headers), Host/token/Origin checks on the WebSocket upgrade, the wire
// protocol, and the renderer's ws-client (requests, subscriptions, reconnect) against it.
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import { BridgeCallError } from '../../main/core/bridge/contract.ts';
import { checkUpgrade } from '../../main/server/access.ts';
import { resolveStaticPath } from '../../main/core/security/served-files.ts';
import { startBrowserShell, type BrowserShell } from '../../main/server/start.ts';
import { defaultSettings } from '../../main/core/settings/defaults.ts';
import { createWsBridge } from '../../renderer/src/bridge/ws-client.ts';
import { waitFor } from '../support/wait.ts';
import { createFakeCore, emptySnapshot, type FakeCore } from '../support/fake-core.ts';
import { tryConnect } from '../support/websocket.ts';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function get(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, headers: { host: `127.0.0.1:${port}`, ...headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('static file resolution', () => {
  const root = '/srv/app';
  it('maps / to index.html and keeps paths inside the root', () => {
    assert.equal(resolveStaticPath(root, '/'), '/srv/app/index.html');
    assert.equal(resolveStaticPath(root, '/?token=abc'), '/srv/app/index.html');
    assert.equal(resolveStaticPath(root, '/assets/index-1.js'), '/srv/app/assets/index-1.js');
    for (const bad of [
      '/../etc/passwd',
      '/assets/../../etc/passwd',
      '/%2e%2e/etc/passwd',
      '/%2e%2e%2fetc%2fpasswd',
      '/..%5c..%5cetc',
      '/a\\..\\b',
      '/%00',
      '/%E0%A4%A',
      'relative',
      '/assets/',
    ]) {
      assert.equal(resolveStaticPath(root, bad), undefined, bad);
    }
  });
});

describe('upgrade access decisions', () => {
  const policy = { port: 4000, token: 'secret-token' };
  const ok = {
    url: '/bridge?token=secret-token',
    headers: { host: '127.0.0.1:4000', origin: 'http://127.0.0.1:4000' },
  };
  it('accepts our page with the token', () => {
    assert.deepEqual(checkUpgrade(ok, policy), { ok: true });
  });
  it('refuses a missing or wrong token with 401', () => {
    for (const url of [
      '/bridge',
      '/bridge?token=',
      '/bridge?token=secret-tokem',
      '/bridge?t=secret-token',
    ]) {
      const d = checkUpgrade({ ...ok, url }, policy);
      assert.equal(!d.ok && d.status, 401, url);
    }
  });
  it('refuses a foreign or missing Origin, and a foreign Host, with 403', () => {
    for (const origin of ['http://evil.example', 'http://127.0.0.1:4001', 'null', undefined]) {
      const d = checkUpgrade({ ...ok, headers: { ...ok.headers, origin } }, policy);
      assert.equal(!d.ok && d.status, 403, String(origin));
    }
    const rebind = checkUpgrade(
      { ...ok, headers: { ...ok.headers, host: 'evil.example:4000' } },
      policy,
    );
    assert.equal(!rebind.ok && rebind.status, 403);
  });
  it('refuses other paths', () => {
    const d = checkUpgrade({ ...ok, url: '/other?token=secret-token' }, policy);
    assert.equal(!d.ok && d.status, 404);
  });
});

describe('browser shell transport (fake core)', () => {
  let dir: string;
  let shell: BrowserShell;
  let core: FakeCore;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'amtray-shell-'));
    const renderer = join(dir, 'renderer');
    await mkdir(join(renderer, 'assets'), { recursive: true });
    await writeFile(
      join(renderer, 'index.html'),
      `<!doctype html><meta http-equiv="Content-Security-Policy" content="connect-src 'self'" /><title>t</title>`,
    );
    await writeFile(join(renderer, 'assets', 'app.js'), 'console.log(1)');
    await writeFile(join(renderer, 'assets', 'x.unknownext'), 'x');
    await writeFile(join(dir, 'outside.txt'), 'secret');
    await symlink(join(dir, 'outside.txt'), join(renderer, 'assets', 'link.txt'));
    core = createFakeCore(defaultSettings());
    shell = await startBrowserShell({
      createCore: () => core,
      settings: defaultSettings(),
      rendererDir: renderer,
      version: '9.9.9',
    });
  });
  after(async () => {
    await shell?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('listens on 127.0.0.1 and serves files with MIME types and CSP', async () => {
    assert.match(shell.url, /^http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{43}$/);
    const index = await get(shell.port, '/');
    assert.equal(index.status, 200);
    assert.equal(index.headers['content-type'], 'text/html; charset=utf-8');
    const csp = String(index.headers['content-security-policy']);
    assert.match(csp, /script-src 'self'/);
    assert.doesNotMatch(csp, /unsafe/);
    assert.match(csp, new RegExp(`connect-src 'self' ws://127\\.0\\.0\\.1:${shell.port}`));
    assert.equal(index.headers['x-content-type-options'], 'nosniff');
    // The page's CSP tag names the same socket (this port only), or the page could not connect.
    const tag = /content="([^"]*)"/.exec(index.body)?.[1] ?? '';
    assert.equal(tag, csp.replace("; frame-ancestors 'none'", ''));
    assert.doesNotMatch(tag, /\*/);
    assert.equal(index.headers['content-length'], String(Buffer.byteLength(index.body)));
    const js = await get(shell.port, '/assets/app.js');
    assert.equal(js.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal((await get(shell.port, '/assets/x.unknownext')).status, 404);
    assert.equal((await get(shell.port, '/assets/link.txt')).status, 404);
    assert.equal((await get(shell.port, '/%2e%2e/outside.txt')).status, 404);
    assert.equal((await get(shell.port, '/', { host: 'evil.example' })).status, 403);
  });

  it('refuses the WebSocket without token (401) or with a foreign Origin (403)', async () => {
    const base = `ws://127.0.0.1:${shell.port}/bridge`;
    const own = `http://127.0.0.1:${shell.port}`;
    assert.equal(await tryConnect(base, own), 401);
    assert.equal(await tryConnect(`${base}?token=wrong`, own), 401);
    assert.equal(await tryConnect(`${base}?token=${shell.token}`, 'http://evil.example'), 403);
    assert.equal(await tryConnect(`${base}?token=${shell.token}`), 403);
    assert.equal(await tryConnect(`${base}?token=${shell.token}`, own), 'open');
  });

  it('ws-client: requests, typed errors, subscriptions, and reconnect', async () => {
    const url = `ws://127.0.0.1:${shell.port}/bridge?token=${shell.token}`;
    const origin = `http://127.0.0.1:${shell.port}`;
    const sockets: WebSocket[] = [];
    const bridge = createWsBridge(url, {
      createSocket: (u) => {
        const ws = new WebSocket(u, { origin });
        sockets.push(ws);
        return ws as unknown as ReturnType<Parameters<typeof createWsBridge>[1]['createSocket']>;
      },
      retryMs: 20,
    });
    try {
      const info = await bridge.api['app:info']();
      assert.equal(info.shell, 'browser');
      assert.equal(info.version, '9.9.9');

      await assert.rejects(bridge.api['app:openExternal']('javascript:alert(1)'), (err) => {
        assert.ok(err instanceof BridgeCallError);
        assert.equal(err.error.kind, 'invalid-argument');
        return true;
      });
      await assert.rejects(
        (bridge.api as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[
          'silences:expire'
        ]!(42),
        (err) => err instanceof BridgeCallError && err.error.kind === 'invalid-argument',
      );

      const views: string[] = [];
      const unsubscribe = bridge.api.subscribe('view:changes', (m) => views.push(m.type));
      await waitFor(() => views.length === 1, { message: 'first snapshot' });
      core.emitView({ type: 'delta', delta: { seq: 2, upsert: {}, remove: {} } });
      await waitFor(() => views.length === 2, { message: 'delta' });
      assert.deepEqual(views, ['snapshot', 'delta']);

      const shown: string[] = [];
      bridge.api.subscribe('notifications:shown', (n) => shown.push(n.title));
      const navs: string[] = [];
      bridge.api.subscribe('ui:navigate', (n) => navs.push(n.view));
      await waitFor(() => core.viewListeners === 1);
      // Give the subscribe frames time to land before emitting.
      await bridge.api['app:info']();
      core.emitNotification({
        id: 'n1',
        title: 'Disk full',
        body: 'b',
        urgency: 'critical',
        at: '2026-01-01T00:00:00Z',
        events: [],
      });
      shell.navigate.emit({ view: 'alerts', groupKey: 'g' });
      await waitFor(() => shown.length === 1 && navs.length === 1);

      // The connection drops: the client reconnects and re-subscribes (fresh snapshot).
      core.snap = emptySnapshot(7);
      sockets.at(-1)?.terminate();
      await waitFor(() => views.length === 3, { message: 'snapshot after reconnect' });
      assert.equal(views[2], 'snapshot');
      assert.equal((await bridge.api['app:info']()).shell, 'browser');

      unsubscribe();
      await bridge.api['app:info']();
      await waitFor(() => core.viewListeners === 0, { message: 'server-side unsubscribe' });
    } finally {
      bridge.close();
    }
    assert.equal(bridge.status(), 'closed');
    await assert.rejects(bridge.api['app:info'](), BridgeCallError);
  });

  // Chromium decodes a large non-ASCII text frame slowly on the page's main thread (60-170 ms
  // for 1.2 MB of CJK and emoji); such an answer goes as binary UTF-8 and arrives the same.
  it('a large non-ASCII message goes as a binary frame and arrives whole', async () => {
    const url = `ws://127.0.0.1:${shell.port}/bridge?token=${shell.token}`;
    const origin = `http://127.0.0.1:${shell.port}`;
    const frames: { binary: boolean; bytes: number }[] = [];
    const bridge = createWsBridge(url, {
      createSocket: (u) => {
        const ws = new WebSocket(u, { origin });
        ws.on('message', (data: Buffer, binary: boolean) =>
          frames.push({ binary, bytes: data.length }),
        );
        return ws as unknown as ReturnType<Parameters<typeof createWsBridge>[1]['createSocket']>;
      },
      retryMs: 20,
    });
    try {
      const titles: string[] = [];
      bridge.api.subscribe('notifications:shown', (n) => titles.push(n.title));
      // The subscribe frame lands before this answer comes back.
      await bridge.api['app:info']();
      const big = `漢字é🙂${'ディスク'.repeat(10_000)}`;
      const ascii = 'x'.repeat(40_000);
      for (const title of ['Disk full', big, ascii]) {
        core.emitNotification({
          id: `n-${title.length}`,
          title,
          body: 'b',
          urgency: 'critical',
          at: '2026-01-01T00:00:00Z',
          events: [],
        });
      }
      await waitFor(() => titles.length === 3, { message: 'three notifications' });
      assert.deepEqual(titles, ['Disk full', big, ascii]);
      const pushed = frames.slice(-3);
      assert.deepEqual(
        pushed.map((f) => f.binary),
        [false, true, false],
        'only the large non-ASCII one as binary',
      );
    } finally {
      bridge.close();
    }
  });

  it('ws-client: a page with a stale token gets errors instead of hanging', async () => {
    const bridge = createWsBridge(`ws://127.0.0.1:${shell.port}/bridge?token=stale`, {
      createSocket: (u) =>
        new WebSocket(u, { origin: `http://127.0.0.1:${shell.port}` }) as unknown as ReturnType<
          Parameters<typeof createWsBridge>[1]['createSocket']
        >,
      retryMs: 10,
    });
    try {
      await assert.rejects(bridge.api['app:info'](), (err) => {
        assert.ok(err instanceof BridgeCallError);
        assert.match(err.error.message, /cannot reach the app server/);
        return true;
      });
      assert.notEqual(bridge.status(), 'open');
    } finally {
      bridge.close();
    }
  });

  it('answers malformed frames with errors and keeps the connection', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${shell.port}/bridge?token=${shell.token}`, {
      origin: `http://127.0.0.1:${shell.port}`,
    });
    const replies: unknown[] = [];
    ws.on('message', (d) => replies.push(JSON.parse(String(d))));
    await new Promise((r) => ws.once('open', r));
    ws.send('not json');
    ws.send(JSON.stringify({ id: 1, type: 'subscribe', channel: 'nope' }));
    ws.send(JSON.stringify({ id: 2, type: 'request', channel: 'nope', args: [] }));
    ws.send(JSON.stringify({ id: 3, type: 'request', channel: 'app:info', args: 'x' }));
    ws.send(JSON.stringify({ id: 4, type: 'request', channel: 'app:info', args: [] }));
    await waitFor(() => replies.length === 5);
    ws.close();
    const byId = new Map(replies.map((r) => [(r as { id: number }).id, r]));
    assert.equal((byId.get(-1) as { type: string }).type, 'error');
    assert.equal((byId.get(1) as { type: string }).type, 'error');
    assert.equal(
      (byId.get(2) as { result: { error: { kind: string } } }).result.error.kind,
      'invalid-argument',
    );
    assert.equal((byId.get(3) as { result: { ok: boolean } }).result.ok, false);
    assert.equal((byId.get(4) as { result: { ok: boolean } }).result.ok, true);
  });
});
