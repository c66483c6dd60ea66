// The real Electron main-process bundle (out/main/index.js) run in plain Node on a recording
// stand-in for the `electron` module (test/electron/fake-electron), because no Electron
// binary can run here. The core inside is real and talks to a real Alertmanager. Checks the
// glue: locked-down window options, IPC refused for foreign senders, navigation, new windows
// and permissions denied, CSP header, tray menu lists the firing group and "Silence for 1
// hour" creates the silence on the server, secrets encrypted and out of the settings file,
// close hides to the tray, quit stops cleanly.
import assert from 'node:assert/strict';
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { GettableSilence } from '../../main/core/api/types.ts';
import { defaultInstance, defaultSettings } from '../../main/core/settings/defaults.ts';
import { writeSettingsFile } from '../support/settings-file.ts';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  startAlertmanager,
  waitFor,
  type AmProcess,
} from '../support/alertmanager.ts';
import { ensureBuilt, root } from '../support/browser-shell.ts';

interface MenuItem {
  id?: string;
  type?: string;
  label?: string;
  submenu?: MenuItem[];
}
interface Message {
  type: string;
  id?: number;
  [k: string]: unknown;
}

function flatten(items: MenuItem[]): MenuItem[] {
  return items.flatMap((i) => [i, ...flatten(i.submenu ?? [])]);
}

describe(
  'Electron main process (fake electron module, real core)',
  { skip: amSkipReason() },
  () => {
    let am: AmProcess;
    let userData: string;
    let child: ChildProcess;
    const messages: Message[] = [];
    let nextId = 1;
    let stderr = '';

    function command(msg: Record<string, unknown>): Promise<Message> {
      const id = nextId++;
      child.send({ ...msg, id });
      return waitFor(() => messages.find((m) => m.type === 'reply' && m.id === id), {
        timeoutMs: 30_000,
        message: `reply to ${String(msg.type)}`,
      }).then((m) => {
        if (m.error) throw new Error(String(m.error));
        return m;
      });
    }
    const invoke = async (channel: string, args: unknown[], extra: Record<string, unknown> = {}) =>
      (await command({ type: 'invoke', channel: `amtray:${channel}`, args, ...extra })).result as {
        ok: boolean;
        value?: unknown;
        error?: { kind: string; message: string };
      };
    const last = (type: string) => [...messages].reverse().find((m) => m.type === type);

    before(async () => {
      ensureBuilt();
      am = await startAlertmanager();
      await postAlerts(am.url, [
        makeAlert({ alertname: 'ElectronWiring', severity: 'critical', instance: 'db-9' }),
      ]);
      userData = await mkdtemp(join(tmpdir(), 'amtray-main-'));
      const settings = defaultSettings();
      settings.instances = [
        defaultInstance({ id: 'am1', name: 'wiring', url: am.url, pollIntervalSec: 2 }),
      ];
      await writeSettingsFile(join(userData, 'settings.json'), settings);
      child = fork(join(root, 'out/main/index.js'), [], {
        cwd: root,
        execArgv: ['--import', join(root, 'test/electron/fake-electron/register.mjs')],
        env: { ...process.env, FAKE_APP_PATH: root, AMTRAY_USER_DATA: userData },
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      });
      child.stderr?.setEncoding('utf8');
      child.stderr?.on('data', (d: string) => (stderr += d));
      child.on('message', (m) => messages.push(m as Message));
      await waitFor(() => last('show'), { timeoutMs: 30_000, message: `window shown\n${stderr}` });
    });

    after(async () => {
      if (child && child.exitCode === null) {
        child.kill('SIGKILL');
        await new Promise((r) => child.once('exit', r));
      }
      await am?.stop();
      if (userData) await rm(userData, { recursive: true, force: true });
    });

    it('creates a locked-down window loading our page with our preload', () => {
      const win = last('window');
      const prefs = (win?.options as { webPreferences: Record<string, unknown> }).webPreferences;
      assert.equal(prefs.contextIsolation, true);
      assert.equal(prefs.sandbox, true);
      assert.equal(prefs.nodeIntegration, false);
      assert.equal(prefs.webSecurity, true);
      assert.equal(prefs.webviewTag, false);
      assert.equal(prefs.preload, join(root, 'out/preload/index.cjs'));
      assert.equal(last('load')?.url, pathToFileURL(join(root, 'out/renderer/index.html')).href);
    });

    it('the tray lists the firing group, critical icon and counts', async () => {
      const menu = await waitFor(
        () => {
          const m = last('menu');
          const items = flatten((m?.items as MenuItem[]) ?? []);
          return items.some((i) => i.label?.includes('ElectronWiring')) ? items : undefined;
        },
        { timeoutMs: 30_000, message: 'tray menu lists ElectronWiring' },
      );
      assert.ok(menu.some((i) => i.id === 'pause:30m'));
      assert.ok(menu.some((i) => i.id === 'quit'));
      assert.match(String(last('tray-image')?.path), /assets\/tray\/critical-light\.png$/);
      assert.match(String(last('tray-tooltip')?.text), /1 firing \(1 critical\)/);
    });

    it('answers our window over IPC and refuses a foreign sender or page', async () => {
      const info = await invoke('app:info', []);
      assert.equal(info.ok, true);
      assert.deepEqual((info.value as { secretBackend: unknown }).secretBackend, {
        name: 'basic_text',
        encrypted: false,
      });
      assert.deepEqual((await invoke('app:info', [], { foreign: true })).error?.kind, 'forbidden');
      assert.deepEqual(
        (await invoke('app:info', [], { frameUrl: 'https://evil.example/' })).error?.kind,
        'forbidden',
      );
      const bad = await invoke('app:openExternal', ['javascript:alert(1)']);
      assert.equal(bad.error?.kind, 'invalid-argument');
    });

    it('denies navigation, new windows (http(s) go to the browser), permissions; sends a CSP header', async () => {
      assert.equal(
        (await command({ type: 'navigate', url: 'https://evil.example/' })).result,
        true,
      );
      const opened = () => messages.filter((m) => m.type === 'openExternal').map((m) => m.url);
      assert.deepEqual(
        (await command({ type: 'window-open', url: 'javascript:alert(1)' })).result,
        {
          action: 'deny',
        },
      );
      assert.deepEqual((await command({ type: 'window-open', url: 'file:///etc/passwd' })).result, {
        action: 'deny',
      });
      assert.deepEqual(opened(), []);
      assert.deepEqual(
        (await command({ type: 'window-open', url: 'https://runbooks.example/x' })).result,
        { action: 'deny' },
      );
      await waitFor(() => opened().length === 1);
      assert.deepEqual(opened(), ['https://runbooks.example/x']);
      assert.deepEqual((await command({ type: 'permission', permission: 'media' })).result, {
        granted: false,
        check: false,
      });
      const headers = (await command({ type: 'headers' })).result as {
        responseHeaders: Record<string, string[]>;
      };
      const csp = headers.responseHeaders['Content-Security-Policy']?.[0] ?? '';
      assert.match(csp, /default-src 'none'/);
      assert.match(csp, /script-src 'self';/);
      assert.doesNotMatch(csp, /unsafe/);
    });

    it('"Silence for 1 hour" in the tray creates the silence on the server', async () => {
      const items = flatten((last('menu')?.items as MenuItem[]) ?? []);
      const item = items.find(
        (i) => i.id?.startsWith('group-silence:') && i.id.endsWith(':3600000'),
      );
      assert.ok(item?.id, 'silence item');
      await command({ type: 'click', itemId: item.id });
      const silence = await waitFor(
        async () => {
          const res = await fetch(`${am.url}/api/v2/silences`);
          const all = (await res.json()) as GettableSilence[];
          return all.find(
            (s) =>
              s.status.state === 'active' &&
              s.matchers.some((m) => m.name === 'alertname' && m.value === 'ElectronWiring'),
          );
        },
        { timeoutMs: 30_000, message: 'silence on the server' },
      );
      const hours = (Date.parse(silence.endsAt) - Date.parse(silence.startsAt)) / 3_600_000;
      assert.ok(hours > 0.95 && hours < 1.05, `about 1h, got ${hours}`);
      // The group is no longer listed as firing; the menu offers to undo the silence.
      await waitFor(
        () =>
          !flatten((last('menu')?.items as MenuItem[]) ?? []).some(
            (i) => i.id?.startsWith('group:') && i.label?.includes('ElectronWiring'),
          ),
        { timeoutMs: 30_000, message: 'tray drops the silenced group' },
      );
      const undo = flatten((last('menu')?.items as MenuItem[]) ?? []).find(
        (i) => i.id === 'undo-silence',
      );
      assert.match(undo?.label ?? '', /^Undo: silence of ElectronWiring/);
    });

    it('stores secrets encrypted, never in settings.json', async () => {
      const settings = (await invoke('settings:get', [])).value as ReturnType<
        typeof defaultSettings
      >;
      settings.instances[0]!.auth = {
        type: 'basic',
        username: 'ops',
        passwordKey: 'instance/am1/password',
      };
      const r = await invoke('settings:update', [
        settings,
        { am1: { password: 'pa55-Secret-w0rd' } },
      ]);
      assert.equal(r.ok, true, JSON.stringify(r.error));
      const settingsText = await readFile(join(userData, 'settings.json'), 'utf8');
      assert.ok(!settingsText.includes('pa55-Secret-w0rd'));
      assert.match(settingsText, /instance\/am1\/password/);
      assert.equal((await stat(join(userData, 'settings.json'))).mode & 0o777, 0o600);
      const secretsText = await readFile(join(userData, 'secrets.json'), 'utf8');
      assert.ok(!secretsText.includes('pa55-Secret-w0rd'));
      assert.match(secretsText, /"instance\/am1\/password": "[A-Za-z0-9+/=]+"/);
    });

    it('closing the window hides it to the tray; a second launch shows it', async () => {
      assert.deepEqual((await command({ type: 'close-window' })).result, {
        prevented: true,
        visible: false,
      });
      const shows = messages.filter((m) => m.type === 'show').length;
      await command({ type: 'second-instance' });
      await waitFor(() => messages.filter((m) => m.type === 'show').length === shows + 1);
    });

    it('Quit stops the core and exits', async () => {
      await command({ type: 'click', itemId: 'quit' });
      const code = await new Promise<number | null>((resolve) => {
        if (child.exitCode !== null) resolve(child.exitCode);
        else child.once('exit', (c) => resolve(c));
      });
      assert.equal(code, 0, stderr);
      assert.doesNotMatch(stderr, /startup failed|TypeError|ReferenceError/);
      assert.ok(last('quit'));
    });
  },
);
