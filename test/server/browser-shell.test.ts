// The browser shell end to end, started as a user would (`node out/main/serve.js --config`)
// against a real Alertmanager with the real core: it serves the app, refuses WebSockets
// without the token or from a foreign Origin (also from a real foreign page in Chromium),
// answers app:info, streams view:changes with an alert posted to the server, silences it on
// the server, and reports a corrupt settings file in app:info.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import type { Page } from 'playwright-core';
import type { GettableSilence } from '../../main/core/api/types.ts';
import type { AlertView, GroupView, ViewStreamMessage } from '../../main/core/model/view.ts';
import { defaultInstance, defaultSettings } from '../../main/core/settings/defaults.ts';
import { writeSettingsFile } from '../support/settings-file.ts';
import type { WsBridge } from '../../renderer/src/bridge/ws-client.ts';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  startAlertmanager,
  waitFor,
  type AmProcess,
} from '../support/alertmanager.ts';
import { tryConnect } from '../support/websocket.ts';
import { connect, spawnBrowserShell, type ServedShell } from '../support/browser-shell.ts';
import { chromiumSkipReason, launchChromium } from '../support/chromium.ts';

/** The client-side view: snapshot, then deltas applied in order. */
class ViewMirror {
  alerts = new Map<string, AlertView>();
  groups = new Map<string, GroupView>();
  types: string[] = [];
  apply(m: ViewStreamMessage): void {
    this.types.push(m.type);
    if (m.type === 'snapshot') {
      this.alerts = new Map(Object.entries(m.snapshot.alerts));
      this.groups = new Map(Object.entries(m.snapshot.groups));
      return;
    }
    if (m.type === 'snapshot-part') {
      // A large snapshot's records (see ViewStreamMessage).
      for (const a of m.part.alerts) this.alerts.set(a.fingerprint, a);
      for (const g of m.part.groups) this.groups.set(g.key, g);
      return;
    }
    for (const a of m.delta.upsert.alerts ?? []) this.alerts.set(a.fingerprint, a);
    for (const k of m.delta.remove.alerts ?? []) this.alerts.delete(k);
    for (const g of m.delta.upsert.groups ?? []) this.groups.set(g.key, g);
    for (const k of m.delta.remove.groups ?? []) this.groups.delete(k);
  }
  alertNamed(name: string): AlertView | undefined {
    return [...this.alerts.values()].find((a) => a.labels.alertname === name);
  }
}

describe('browser shell (spawned, real Alertmanager)', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  let dir: string;
  let shell: ServedShell;
  let bridge: WsBridge | undefined;

  before(async () => {
    am = await startAlertmanager();
    dir = await mkdtemp(join(tmpdir(), 'amtray-serve-'));
    const settings = defaultSettings();
    settings.instances = [
      defaultInstance({ id: 'am1', name: 'test-am', url: am.url, pollIntervalSec: 2 }),
    ];
    await writeSettingsFile(join(dir, 'settings.json'), settings);
    shell = await spawnBrowserShell(['--config', join(dir, 'settings.json')]);
  });

  after(async () => {
    bridge?.close();
    await shell?.stop();
    await am?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('serves the app on 127.0.0.1 with a CSP header', async () => {
    assert.match(shell.url, /^http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{43}$/);
    const res = await fetch(shell.url);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.match(res.headers.get('content-security-policy') ?? '', /script-src 'self';/);
    const html = await res.text();
    assert.match(html, /<div id="app"><\/div>/);
    const script = /<script[^>]+src="\.?\/?([^"]+\.js)"/.exec(html)?.[1];
    assert.ok(script, 'index.html names its script');
    const js = await fetch(`${shell.origin}/${script}`);
    assert.equal(js.status, 200);
    assert.equal(js.headers.get('content-type'), 'text/javascript; charset=utf-8');
    assert.equal((await fetch(`${shell.origin}/../../package.json`)).status, 404);
  });

  it('refuses a WebSocket without the token or with a foreign Origin', async () => {
    const base = `ws://127.0.0.1:${shell.port}/bridge`;
    assert.equal(await tryConnect(base, shell.origin), 401);
    assert.equal(await tryConnect(`${base}?token=${'x'.repeat(43)}`, shell.origin), 401);
    assert.equal(await tryConnect(`${base}?token=${shell.token}`, 'http://evil.example'), 403);
    assert.equal(await tryConnect(`${base}?token=${shell.token}`), 403);
    assert.equal(await tryConnect(`${base}?token=${shell.token}`, shell.origin), 'open');
    assert.match(shell.stderr(), /bridge: refused 401/);
  });

  it('with token and Origin: answers app:info and streams an alert posted to the server', async () => {
    bridge = connect(shell);
    const info = await bridge.api['app:info']();
    assert.equal(info.shell, 'browser');
    assert.equal(info.version, JSON.parse(await readFile('package.json', 'utf8')).version);
    assert.equal(info.secretBackend.encrypted, false);
    assert.equal(info.settingsNotice, undefined);

    const view = new ViewMirror();
    bridge.api.subscribe('view:changes', (m) => view.apply(m));
    await waitFor(() => view.types.length > 0, { message: 'first view message' });
    assert.equal(view.types[0], 'snapshot');

    await postAlerts(am.url, [
      makeAlert({ alertname: 'BrowserShellE2E', severity: 'critical', instance: 'db-1' }),
    ]);
    await bridge.api['view:refresh']();
    const alert = await waitFor(() => view.alertNamed('BrowserShellE2E'), {
      timeoutMs: 30_000,
      message: 'alert in view:changes',
    });
    assert.equal(alert.state, 'active');
    assert.equal(alert.severity, 'critical');
    assert.deepEqual(alert.instances, ['am1']);
    assert.ok(view.types.length >= 2, 'the alert came in a delta or a later snapshot');
  });

  it('silences the alert on the server through the bridge', async () => {
    assert.ok(bridge);
    const view = new ViewMirror();
    bridge.api.subscribe('view:changes', (m) => view.apply(m));
    const group = await waitFor(
      () =>
        [...view.groups.values()].find(
          (g) => g.labels.alertname === 'BrowserShellE2E' && g.counts.active > 0,
        ),
      { timeoutMs: 30_000, message: 'group of the alert' },
    );
    const results = await bridge.api['silences:quick'](
      { groupKey: group.key },
      3_600_000,
      'e2e test',
    );
    assert.equal(results.length, 1);
    const res = await fetch(`${am.url}/api/v2/silence/${results[0]?.id}`);
    assert.equal(res.status, 200);
    const silence = (await res.json()) as GettableSilence;
    assert.equal(silence.status.state, 'active');
    assert.equal(silence.comment, 'e2e test');
    assert.ok(
      silence.matchers.some(
        (m) => m.name === 'alertname' && m.value === 'BrowserShellE2E' && !m.isRegex,
      ),
      JSON.stringify(silence.matchers),
    );
    await bridge.api['view:refresh']();
    await waitFor(() => view.alertNamed('BrowserShellE2E')?.state === 'suppressed', {
      timeoutMs: 30_000,
      message: 'alert shown suppressed',
    });
  });

  it(
    'a page from another origin in a real browser cannot open the bridge',
    { skip: chromiumSkipReason() },
    async () => {
      // Even knowing the token, a foreign page is refused: browsers always send its Origin.
      const foreign: Server = createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<!doctype html><title>foreign</title>');
      });
      await new Promise<void>((r) => foreign.listen(0, '127.0.0.1', () => r()));
      const browser = await launchChromium();
      const refusals = () => (shell.stderr().match(/bridge: refused 403/g) ?? []).length;
      /** Opens the bridge's WebSocket (with the token) from `page`: 'open' or 'refused'. */
      const tryBridge = (page: Page) =>
        page.evaluate(
          (url) =>
            new Promise<string>((resolve) => {
              const ws = new WebSocket(url);
              ws.onopen = () => resolve('open');
              ws.onerror = () => resolve('refused');
            }),
          `ws://127.0.0.1:${shell.port}/bridge?token=${shell.token}`,
        );
      const initial = refusals();
      try {
        const page = await browser.newPage();
        await page.goto(`http://127.0.0.1:${(foreign.address() as AddressInfo).port}/`);
        const outcome = await tryBridge(page);
        assert.equal(outcome, 'refused');
        await waitFor(() => refusals() === initial + 1, { message: 'server logged the 403' });
        // Our own page, same browser: connects, no refusal logged.
        const own = await browser.newPage();
        await own.goto(shell.url);
        const ok = await tryBridge(own);
        assert.equal(ok, 'open');
        assert.equal(refusals(), initial + 1);
      } finally {
        await browser.close();
        await new Promise((r) => foreign.close(r));
      }
    },
  );

  it('a corrupt settings file is kept aside and reported in app:info', async () => {
    const cdir = await mkdtemp(join(tmpdir(), 'amtray-corrupt-'));
    const path = join(cdir, 'settings.json');
    await writeFile(path, '{ "instances": [ oops');
    const second = await spawnBrowserShell(['--config', path]);
    const b = connect(second);
    try {
      const info = await b.api['app:info']();
      assert.ok(info.settingsNotice, 'settingsNotice present');
      assert.equal(info.settingsNotice.kind, 'corrupt');
      assert.match(info.settingsNotice.message, /not valid JSON/);
      const keptAs = info.settingsNotice.keptAs ?? '';
      assert.ok(keptAs.startsWith(`${path}.corrupt-`));
      assert.equal(await readFile(keptAs, 'utf8'), '{ "instances": [ oops');
      assert.deepEqual((await b.api['settings:get']()).instances, []);
      assert.ok((await readdir(cdir)).some((f) => f.startsWith('settings.json.corrupt-')));
    } finally {
      b.close();
      await second.stop();
      await rm(cdir, { recursive: true, force: true });
    }
  });
});
