// The Electron shell's decisions, tested in Node with injected fakes (nothing here loads
// electron): notification mapping, trusted IPC senders, the XDG autostart file, the
// safeStorage-backed SecretStore, power events, remembered window bounds, and settings
// loading (corrupt file kept aside, error surfaced in app:info).
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { dispatch } from '../../main/core/bridge/dispatch.ts';
import { createHandlers } from '../../main/core/bridge/handlers.ts';
import type { Settings } from '../../main/core/settings/types.ts';
import { openShellSettings as loadShellSettings } from '../../main/core/settings/shell-settings.ts';
import type { AppNotification } from '../../main/core/model/events.ts';
import { defaultInstance, defaultSettings } from '../../main/core/settings/defaults.ts';
import { writeSettingsFile } from '../../main/core/settings/file.ts';
import {
  AUTOSTART_FILE,
  autostartDir,
  desktopEntry,
  isLinuxAutostartEnabled,
  quoteExecArg,
  setLinuxAutostart,
} from '../../main/electron/autostart-linux.ts';
import {
  planNotification,
  planSilencedNotice,
  runNotificationAction,
} from '../../main/electron/notification-options.ts';
import { wirePower } from '../../main/electron/power.ts';
import {
  SafeSecretStore,
  describeBackend,
  type SafeStorageLike,
} from '../../main/electron/secrets.ts';
import { isTrustedSender, type AppLocation } from '../../main/electron/trusted-sender.ts';
import { restoreBounds } from '../../main/electron/window-bounds.ts';
import { createFakeCore } from '../support/fake-core.ts';

function notification(patch: Partial<AppNotification>): AppNotification {
  return {
    id: 'n1',
    title: 'DiskFull firing',
    body: 'instance db-1: disk 95% full',
    urgency: 'normal',
    at: '2026-01-01T00:00:00Z',
    events: [],
    ...patch,
  };
}

describe('notification mapping', () => {
  it('critical on Linux: urgency critical and stays; click opens the group', () => {
    const plan = planNotification(
      notification({ urgency: 'critical', target: { groupKey: 'g1' }, silenceable: true }),
      'linux',
    );
    assert.deepEqual(plan.options, {
      title: 'DiskFull firing',
      body: 'instance db-1: disk 95% full',
      silent: false,
      urgency: 'critical',
      timeoutType: 'never',
    });
    assert.deepEqual(plan.onClick, { view: 'alerts', groupKey: 'g1' });
    // No action buttons on Linux.
    assert.deepEqual(plan.actions, []);
  });

  it('macOS: a "Silence 1h" action for a silenceable alert, no urgency hint', () => {
    const plan = planNotification(
      notification({ target: { fingerprint: 'f1', clusterId: 'c1' }, silenceable: true }),
      'darwin',
    );
    assert.equal(plan.options.urgency, undefined);
    assert.deepEqual(plan.options.actions, [{ type: 'button', text: 'Silence 1h' }]);
    assert.deepEqual(plan.actions, [
      { kind: 'silence', from: { fingerprint: 'f1', clusterId: 'c1' }, durationMs: 3_600_000 },
    ]);
    assert.deepEqual(plan.onClick, { view: 'alerts', fingerprint: 'f1' });
    const notSilenceable = planNotification(notification({ target: { groupKey: 'g' } }), 'darwin');
    assert.equal(notSilenceable.options.actions, undefined);
  });

  it('Silence 1h and Open runbook on macOS and Windows; the runbook link in the body on Linux', () => {
    const n = notification({
      target: { fingerprint: 'f1', clusterId: 'c1' },
      silenceable: true,
      runbookUrl: 'https://runbooks.example/disk',
    });
    for (const platform of ['darwin', 'win32'] as const) {
      const plan = planNotification(n, platform);
      assert.deepEqual(plan.options.actions, [
        { type: 'button', text: 'Silence 1h' },
        { type: 'button', text: 'Open runbook' },
      ]);
      assert.deepEqual(
        plan.actions.map((a) => a.kind),
        ['silence', 'runbook'],
      );
      assert.equal(plan.options.body, 'instance db-1: disk 95% full');
    }
    const linux = planNotification(n, 'linux');
    assert.equal(linux.options.actions, undefined);
    assert.equal(
      linux.options.body,
      'instance db-1: disk 95% full\nRunbook: https://runbooks.example/disk',
    );
    // Unreachable instances are normal urgency; criticals stay critical.
    const down = planNotification(
      notification({ urgency: 'normal', target: { instanceId: 'am1' } }),
      'linux',
    );
    assert.equal(down.options.urgency, 'normal');
  });

  it('a quick silence is confirmed with Undo (buttons) or a pointer to the tray menu', async () => {
    const mac = planSilencedNotice('DiskFull · team=storage', '1 hour', ['c1/s1'], 'darwin');
    assert.equal(mac.options.title, 'Silenced for 1 hour');
    assert.deepEqual(mac.options.actions, [{ type: 'button', text: 'Undo' }]);
    assert.deepEqual(mac.actions, [{ kind: 'undo', silenceKeys: ['c1/s1'] }]);
    const linux = planSilencedNotice('DiskFull', '1 hour', ['c1/s1'], 'linux');
    assert.equal(linux.options.actions, undefined);
    assert.match(linux.options.body, /Undo it from the tray menu/);
    // Undo expires every silence the quick action made; the runbook opens the URL.
    const expired: string[] = [];
    const opened: string[] = [];
    const deps = {
      core: {
        onNotification: () => () => {},
        silences: {
          expire: async (k: string) => void expired.push(k),
          quick: async () => [],
        },
      } as never,
      openExternal: async (u: string) => void opened.push(u),
    };
    await runNotificationAction({ kind: 'undo', silenceKeys: ['c1/a', 'c1/b'] }, deps);
    await runNotificationAction({ kind: 'runbook', url: 'https://r.example/x' }, deps);
    assert.deepEqual(expired, ['c1/a', 'c1/b']);
    assert.deepEqual(opened, ['https://r.example/x']);
  });

  it('short title and body; other targets', () => {
    const plan = planNotification(
      notification({
        title: 'T'.repeat(200),
        body: 'B'.repeat(1000),
        target: { instanceId: 'am1' },
      }),
      'win32',
    );
    assert.equal(plan.options.title.length, 64);
    assert.equal(plan.options.body.length, 200);
    assert.deepEqual(plan.onClick, { view: 'instances' });
    assert.deepEqual(
      planNotification(notification({ target: { silenceKey: 'c/s' } }), 'linux').onClick,
      {
        view: 'silences',
      },
    );
    assert.equal(planNotification(notification({ urgency: 'low' }), 'linux').options.silent, true);
  });
});

describe('isTrustedSender', () => {
  const indexPath = '/opt/app/resources/app.asar/out/renderer/index.html';
  const fileApp: AppLocation = { kind: 'file', indexPath };
  const good = {
    webContentsId: 3,
    isMainFrame: true,
    frameUrl: pathToFileURL(indexPath).href + '#/alerts',
  };
  const trusted = { webContentsId: 3, app: fileApp };

  it('accepts our window, main frame, our page', () => {
    assert.equal(isTrustedSender(good, trusted), true);
  });
  it('rejects a foreign sender (another webContents, or no window yet)', () => {
    assert.equal(isTrustedSender({ ...good, webContentsId: 4 }, trusted), false);
    assert.equal(isTrustedSender(good, { ...trusted, webContentsId: undefined }), false);
  });
  it('rejects a sub-frame', () => {
    assert.equal(isTrustedSender({ ...good, isMainFrame: false }, trusted), false);
  });
  it('rejects other URLs', () => {
    for (const frameUrl of [
      'file:///etc/passwd',
      'file:///opt/app/resources/app.asar/out/renderer/other.html',
      'file://evil-host/opt/app/resources/app.asar/out/renderer/index.html',
      'https://evil.example/index.html',
      'about:blank',
      '',
    ]) {
      assert.equal(isTrustedSender({ ...good, frameUrl }, trusted), false, frameUrl);
    }
  });
  it('dev server: same origin only', () => {
    const dev = {
      webContentsId: 3,
      app: { kind: 'dev', origin: 'http://127.0.0.1:5173' } as AppLocation,
    };
    assert.equal(isTrustedSender({ ...good, frameUrl: 'http://127.0.0.1:5173/' }, dev), true);
    assert.equal(isTrustedSender({ ...good, frameUrl: 'http://127.0.0.1:5174/' }, dev), false);
    assert.equal(isTrustedSender({ ...good, frameUrl: 'http://localhost:5173/' }, dev), false);
  });
});

describe('XDG autostart', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'amtray-autostart-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('writes a desktop entry that starts hidden, and removes it', async () => {
    const auto = join(dir, 'autostart');
    assert.equal(await isLinuxAutostartEnabled(auto), false);
    assert.equal(
      await setLinuxAutostart(true, { dir: auto, exec: '/opt/Alertmanager Tray/amtray' }),
      true,
    );
    const text = await readFile(join(auto, AUTOSTART_FILE), 'utf8');
    assert.equal(
      text,
      [
        '[Desktop Entry]',
        'Type=Application',
        'Name=Alertmanager Tray',
        'Comment=Watch Prometheus Alertmanagers from the system tray',
        'Exec="/opt/Alertmanager Tray/amtray" --hidden',
        'Terminal=false',
        'Categories=Network;Monitor;',
        'X-GNOME-Autostart-enabled=true',
        'Hidden=false',
        '',
      ].join('\n'),
    );
    assert.equal(await isLinuxAutostartEnabled(auto), true);
    assert.equal(await setLinuxAutostart(false, { dir: auto, exec: '/x' }), false);
    assert.deepEqual(await readdir(auto), []);
  });

  it('quotes Exec arguments per the Desktop Entry spec', () => {
    assert.equal(quoteExecArg('/usr/bin/amtray'), '/usr/bin/amtray');
    assert.equal(quoteExecArg('/a b/$x'), '"/a b/\\\\$x"');
    assert.equal(quoteExecArg('100%'), '100%%');
    assert.throws(() => quoteExecArg('a\nb'));
    assert.match(
      desktopEntry({ exec: '/e', args: [], icon: 'amtray' }),
      /^Exec=\/e\nIcon=amtray$/m,
    );
  });

  it('lives in $XDG_CONFIG_HOME/autostart or ~/.config/autostart', () => {
    assert.equal(autostartDir({ XDG_CONFIG_HOME: '/cfg' }, '/home/u'), '/cfg/autostart');
    assert.equal(autostartDir({}, '/home/u'), '/home/u/.config/autostart');
    assert.equal(
      autostartDir({ XDG_CONFIG_HOME: 'relative' }, '/home/u'),
      '/home/u/.config/autostart',
    );
  });
});

/** Reversible "encryption" that is visibly not plaintext, like safeStorage's output. */
function fakeSafeStorage(backend = 'gnome_libsecret', available = true): SafeStorageLike {
  return {
    isEncryptionAvailable: () => available,
    encryptString: (s) => Buffer.from(`v10${Buffer.from(s).reverse().toString('hex')}`),
    decryptString: (b) => Buffer.from(b.toString().slice(3), 'hex').reverse().toString(),
    getSelectedStorageBackend: () => backend,
  };
}

describe('SafeSecretStore and settings files', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'amtray-secrets-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('round-trips secrets, stores only ciphertext (0600), never in the settings file', async () => {
    const secretsPath = join(dir, 'secrets.json');
    const settingsPath = join(dir, 'settings.json');
    const store = new SafeSecretStore(secretsPath, fakeSafeStorage());
    const settings = defaultSettings();
    settings.instances = [
      defaultInstance({
        id: 'am1',
        url: 'http://127.0.0.1:9093',
        auth: { type: 'basic', username: 'bob', passwordKey: 'instance/am1/password' },
      }),
    ];
    const core = createFakeCore(settings);
    const handlers = createHandlers(core, {
      appInfo: () => ({
        shell: 'electron',
        platform: 'linux',
        version: '1',
        user: 'u',
        secretBackend: describeBackend(fakeSafeStorage(), 'linux'),
      }),
      openExternal: async () => undefined,
      setLaunchAtLogin: async (e) => e,
      secrets: store,
      persistSettings: (s) => writeSettingsFile(settingsPath, s),
    });
    const r = await dispatch(handlers, 'settings:update', [
      settings,
      { am1: { password: 'Sup3r-Secret!' } },
    ]);
    assert.equal(r.ok, true);
    assert.equal(await store.get('instance/am1/password'), 'Sup3r-Secret!');
    const onDisk = await readFile(secretsPath, 'utf8');
    assert.ok(!onDisk.includes('Sup3r-Secret!'));
    assert.match(onDisk, /"instance\/am1\/password": "[A-Za-z0-9+/=]+"/);
    assert.equal((await stat(secretsPath)).mode & 0o777, 0o600);
    const settingsText = await readFile(settingsPath, 'utf8');
    assert.ok(!settingsText.includes('Sup3r-Secret!'));
    assert.match(settingsText, /"passwordKey": "instance\/am1\/password"/);
    await store.delete('instance/am1/password');
    assert.equal(await store.get('instance/am1/password'), undefined);
  });

  it('refuses to store when no encryption is available', async () => {
    const store = new SafeSecretStore(join(dir, 'none.json'), fakeSafeStorage('unknown', false));
    await assert.rejects(store.set('k', 'v'), /not available/);
  });

  it('reports the backend; basic_text is not encrypted', () => {
    assert.deepEqual(describeBackend(fakeSafeStorage('basic_text'), 'linux'), {
      name: 'basic_text',
      encrypted: false,
    });
    assert.deepEqual(describeBackend(fakeSafeStorage('kwallet5'), 'linux'), {
      name: 'kwallet5',
      encrypted: true,
    });
    assert.deepEqual(describeBackend(fakeSafeStorage(), 'darwin'), {
      name: 'macOS Keychain',
      encrypted: true,
    });
    assert.equal(describeBackend(fakeSafeStorage('x', false), 'win32').encrypted, false);
  });

  it('a corrupt settings file is kept aside, defaults used, error in app:info', async () => {
    const path = join(dir, 'corrupt.json');
    await writeFile(path, '{"instances": [ not json');
    const written: unknown[] = [];
    const loaded = await loadShellSettings(
      path,
      new SafeSecretStore(join(dir, 's2.json'), fakeSafeStorage()),
      async (s) => {
        written.push(s);
      },
    );
    assert.deepEqual(loaded.settings, defaultSettings());
    assert.ok(loaded.notice);
    assert.equal(loaded.notice.kind, 'corrupt');
    assert.match(loaded.notice.message, /not valid JSON/);
    assert.match(loaded.notice.keptAs ?? '', /corrupt\.json\.corrupt-/);
    assert.equal(await readFile(loaded.notice.keptAs ?? '', 'utf8'), '{"instances": [ not json');
    assert.deepEqual(written, []);
    const handlers = createHandlers(createFakeCore(loaded.settings), {
      appInfo: () => ({
        shell: 'electron',
        platform: 'linux',
        version: '1',
        user: 'u',
        secretBackend: { name: 'x', encrypted: true },
        ...(loaded.notice ? { settingsNotice: loaded.notice } : {}),
      }),
      openExternal: async () => undefined,
      setLaunchAtLogin: async (e) => e,
      secrets: new SafeSecretStore(join(dir, 's3.json'), fakeSafeStorage()),
      persistSettings: async () => undefined,
    });
    const info = await dispatch(handlers, 'app:info', []);
    assert.ok(info.ok);
    assert.deepEqual((info.value as { settingsNotice?: unknown }).settingsNotice, loaded.notice);
  });

  it('an old file with inline secrets: secrets moved to the store, file rewritten without them', async () => {
    const path = join(dir, 'old.json');
    await writeFile(
      path,
      JSON.stringify({
        instances: [
          { id: 'a', url: 'http://127.0.0.1:9093', username: 'u', password: 'old-pass-9' },
        ],
      }),
    );
    const store = new SafeSecretStore(join(dir, 's4.json'), fakeSafeStorage());
    const loaded = await loadShellSettings(path, store, (s) =>
      writeSettingsFile(path, s as Settings),
    );
    assert.equal(loaded.notice, undefined);
    const auth = loaded.settings.instances[0]?.auth;
    assert.equal(auth?.type, 'basic');
    assert.equal(await store.get(auth?.type === 'basic' ? auth.passwordKey : ''), 'old-pass-9');
    assert.ok(!(await readFile(path, 'utf8')).includes('old-pass-9'));
  });
});

describe('power events', () => {
  it('suspend pauses polling; resume and unlock resume and refresh', async () => {
    const power = new EventEmitter();
    const calls: string[] = [];
    const unwire = wirePower(power, {
      setPollingPaused: (p) => calls.push(`paused:${p}`),
      refresh: async () => {
        calls.push('refresh');
      },
    });
    power.emit('suspend');
    power.emit('resume');
    power.emit('unlock-screen');
    assert.deepEqual(calls, ['paused:true', 'paused:false', 'refresh', 'paused:false', 'refresh']);
    unwire();
    power.emit('suspend');
    assert.equal(calls.length, 5);
  });
});

describe('window bounds', () => {
  const screen = [{ x: 0, y: 0, width: 1920, height: 1080 }];
  it('restores bounds that are on a display, drops ones that are not', () => {
    assert.deepEqual(restoreBounds({ x: 100, y: 100, width: 800, height: 600 }, screen), {
      x: 100,
      y: 100,
      width: 800,
      height: 600,
    });
    assert.equal(restoreBounds({ x: 3000, y: 100, width: 800, height: 600 }, screen), undefined);
    assert.equal(restoreBounds({ x: 1800, y: 1000, width: 800, height: 600 }, screen), undefined);
    assert.equal(restoreBounds(undefined, screen), undefined);
    assert.deepEqual(restoreBounds({ x: 0, y: 0, width: 10, height: 10 }, screen), {
      x: 0,
      y: 0,
      width: 480,
      height: 360,
    });
  });
});
