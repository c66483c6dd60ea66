// The real Electron main-process bundle (out/main/index.js) run in plain Node on a recording
// stand-in for the `electron` module (test/electron/fake-electron), because no Electron
// binary can run here. The core inside is real and talks to a real Alertmanager. Checks the
// glue: locked-down window options, IPC refused for foreign senders, navigation, new windows
// and permissions denied, CSP header, tray menu lists the firing group and "Silence for 1
// hour" creates the silence on the server, pausing from the tray is saved, secrets encrypted
// and out of the settings file, close hides to the tray, quit stops cleanly.
import assert from 'node:assert/strict';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { GettableSilence } from '../../main/core/api/types.ts';
import type { Settings } from '../../main/core/settings/types.ts';
import { amSkipReason, waitFor, type AmProcess } from '../support/alertmanager.ts';
import { root } from '../support/browser-shell.ts';
import { launchMain, type MainProcess } from './fake-electron/launch.ts';
import { watchedProfile, type WatchedProfile } from './watched-profile.ts';

describe(
  'Electron main process (fake electron module, real core)',
  { skip: amSkipReason() },
  () => {
    let profile: WatchedProfile | undefined;
    let am: AmProcess;
    let userData: string;
    let main: MainProcess;
    const command = (msg: Record<string, unknown>) => main.command(msg);
    const invoke = (channel: string, args: unknown[], extra: Record<string, unknown> = {}) =>
      main.invoke(channel, args, extra);
    const last = (type: string) => main.last(type);

    before(async () => {
      profile = await watchedProfile({
        alertname: 'ElectronWiring',
        instance: 'db-9',
        name: 'wiring',
      });
      ({ am, userData } = profile);
      main = await launchMain(userData);
    });

    after(async () => {
      await main?.kill();
      await profile?.remove();
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
      assert.equal(last('load')?.url, 'app://amtray/index.html');
    });

    it('the tray lists the firing group, critical icon and counts', async () => {
      const menu = await waitFor(
        () => {
          const items = main.menu();
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
      const opened = () => main.messages.filter((m) => m.type === 'openExternal').map((m) => m.url);
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
      assert.doesNotMatch(csp, /ws:/, 'no WebSocket source in the Electron window');
    });

    it('"Silence for 1 hour" in the tray creates the silence on the server', async () => {
      const items = main.menu();
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
          !main
            .menu()
            .some((i) => i.id?.startsWith('group:') && i.label?.includes('ElectronWiring')),
        { timeoutMs: 30_000, message: 'tray drops the silenced group' },
      );
      const undo = main.menu().find((i) => i.id === 'undo-silence');
      assert.match(undo?.label ?? '', /^Undo: silence of ElectronWiring/);
    });

    it('stores secrets encrypted, never in settings.json', async () => {
      const settings = (await invoke('settings:get', [])).value as Settings;
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

    it('pausing from the tray saves the pause, then the menu offers to resume', async () => {
      await command({ type: 'click', itemId: 'pause:30m' });
      const saved = await waitFor(
        async () => {
          const file = JSON.parse(await readFile(join(userData, 'settings.json'), 'utf8'));
          return file.notifications?.snoozeUntil as string | undefined;
        },
        { timeoutMs: 30_000, message: 'snoozeUntil in settings.json' },
      );
      assert.ok(Date.parse(saved) > Date.now());
      await waitFor(() => main.menu().some((i) => i.id === 'resume'), {
        timeoutMs: 30_000,
        message: 'menu offers to resume',
      });
      await command({ type: 'click', itemId: 'resume' });
      await waitFor(
        async () => {
          const file = JSON.parse(await readFile(join(userData, 'settings.json'), 'utf8'));
          return file.notifications?.snoozeUntil === undefined;
        },
        { timeoutMs: 30_000, message: 'resume saved' },
      );
    });

    it('closing the window hides it to the tray; a second launch shows it', async () => {
      assert.deepEqual((await command({ type: 'close-window' })).result, {
        prevented: true,
        visible: false,
      });
      const shows = main.messages.filter((m) => m.type === 'show').length;
      await command({ type: 'second-instance' });
      await waitFor(() => main.messages.filter((m) => m.type === 'show').length === shows + 1);
    });

    it('Quit stops the core and exits', async () => {
      await command({ type: 'click', itemId: 'quit' });
      const code = await new Promise<number | null>((resolve) => {
        if (main.child.exitCode !== null) resolve(main.child.exitCode);
        else main.child.once('exit', (c) => resolve(c));
      });
      assert.equal(code, 0, main.stderr());
      assert.doesNotMatch(main.stderr(), /startup failed|TypeError|ReferenceError/);
      assert.ok(last('quit'));
    });
  },
);
