// Settings are never lost or silently downgraded: a file from a newer version keeps what it
// holds through a change and a restart (with a copy of the original), one invalid field
// resets only that field, a failed save leaves the running app as the file is and says why,
// and a corrupt file in a read-only folder starts the app on defaults without an exit.
import { strict as assert } from 'node:assert';
import { chmod, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { writePrivateFileAtomic } from '../../../main/core/files/private-file.ts';
import { MemorySecretStore } from '../../../main/core/secrets/memory-secret-store.ts';
import { openSettingsFile, SettingsSaveError } from '../../../main/core/settings/persist.ts';
import { defaultInstance } from '../../../main/core/settings/defaults.ts';
import { connect, ensureBuilt, spawnBrowserShell } from '../../support/browser-shell.ts';
import { nobodyCannotRun } from '../../support/readable-bundle.ts';
import { FileSecretStore } from '../../../main/server/secrets.ts';
import { SafeSecretStore } from '../../../main/electron/secrets.ts';

/** A file as a newer version (7) of the app might write it. */
function newerFile() {
  return {
    version: 7,
    cloudSync: { enabled: true, account: 'me@example.com' },
    instances: [
      {
        ...defaultInstance({ id: 'eu', name: 'prod-eu', url: 'http://127.0.0.1:1' }),
        labelsColour: { team: 'blue' },
      },
      {
        ...defaultInstance({ id: 'sso', name: 'prod-sso', url: 'http://127.0.0.1:2' }),
        auth: { type: 'oauth2', clientId: 'tray', issuer: 'https://sso.example' },
      },
    ],
    silences: { author: 'alice', requireComment: true, templates: ['deploy'] },
    ui: { theme: 'solarized', density: 'compact' },
  };
}

describe('settings survive any version and any failure', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'amtray-safety-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('a newer file keeps unknown fields and values through a change and a restart', async () => {
    const path = join(dir, 'newer.json');
    const original = JSON.stringify(newerFile(), null, 2);
    await writeFile(path, original);
    const first = await openSettingsFile({ path, secrets: new MemorySecretStore() });
    assert.equal(first.notice?.kind, 'newer-version');
    assert.match(first.notice?.message ?? '', /newer version/);
    // What this version understands is in use; what it does not is not invented.
    assert.equal(first.settings.silences.author, 'alice');
    // An auth type this version does not know is not used (the server will say "auth failed"
    // if it needs one); the notice names it.
    assert.deepEqual(
      first.settings.instances.map((i) => [i.id, i.auth.type]),
      [
        ['eu', 'none'],
        ['sso', 'none'],
      ],
    );
    assert.deepEqual(
      first.notice?.problems?.map((p) => p.path),
      ['instance "prod-sso" auth', 'ui.theme'],
    );
    assert.equal(first.settings.ui.theme, 'system');

    // A change (typing in the filter bar is enough).
    const changed = structuredClone(first.settings);
    changed.ui.filter.text = 'severity="critical"';
    await first.save(changed);
    const onDisk = JSON.parse(await readFile(path, 'utf8'));
    assert.equal(onDisk.version, 7);
    assert.deepEqual(onDisk.cloudSync, { enabled: true, account: 'me@example.com' });
    assert.equal(onDisk.ui.theme, 'solarized');
    assert.equal(onDisk.ui.density, 'compact');
    assert.equal(onDisk.ui.filter.text, 'severity="critical"');
    assert.deepEqual(onDisk.silences.templates, ['deploy']);
    assert.deepEqual(onDisk.instances[0].labelsColour, { team: 'blue' });
    const sso = onDisk.instances.find((i: { id: string }) => i.id === 'sso');
    assert.deepEqual(sso?.auth, {
      type: 'oauth2',
      clientId: 'tray',
      issuer: 'https://sso.example',
    });
    // The original was copied before the first write.
    const backups = (await readdir(dir)).filter((f) => f.startsWith('newer.json.v7-backup-'));
    assert.equal(backups.length, 1);
    assert.equal(await readFile(join(dir, backups[0] as string), 'utf8'), original);

    // Restart, change again: still all there, and no second backup.
    const second = await openSettingsFile({ path, secrets: new MemorySecretStore() });
    assert.equal(second.settings.ui.filter.text, 'severity="critical"');
    const again = structuredClone(second.settings);
    again.ui.theme = 'dark';
    await second.save(again);
    const after2 = JSON.parse(await readFile(path, 'utf8'));
    assert.equal(after2.ui.theme, 'dark', 'a value the user chose replaces the unknown one');
    assert.deepEqual(after2.cloudSync, { enabled: true, account: 'me@example.com' });
    assert.equal(after2.instances.length, 2);
    const backups2 = (await readdir(dir)).filter((f) => f.startsWith('newer.json.v7-backup-'));
    assert.equal(backups2.length, 2, 'the second run keeps its own copy of what it found');
  });

  it('one wrong-typed field resets only that field; the rest is kept and named', async () => {
    const path = join(dir, 'typo.json');
    const file = {
      version: 1,
      instances: [
        {
          ...defaultInstance({ id: 'a', name: 'prod-eu', url: 'http://a:9093' }),
          pollIntervalSec: '15',
        },
        defaultInstance({ id: 'b', name: 'prod-us', url: 'http://b:9093' }),
      ],
      notifications: { stormThreshold: 'five', notifyOnResolve: true },
      silences: { author: 'bob' },
      ui: { theme: 'dark' },
    };
    await writeFile(path, JSON.stringify(file));
    const opened = await openSettingsFile({ path, secrets: new MemorySecretStore() });
    const s = opened.settings;
    assert.deepEqual(
      s.instances.map((i) => [i.id, i.pollIntervalSec]),
      [
        ['a', 15],
        ['b', 15],
      ],
    );
    assert.equal(s.notifications.stormThreshold, 5);
    assert.equal(s.notifications.notifyOnResolve, true);
    assert.equal(s.silences.author, 'bob');
    assert.equal(s.ui.theme, 'dark');
    assert.equal(opened.notice?.kind, 'invalid-fields');
    assert.deepEqual(opened.notice?.problems?.map((p) => p.path).sort(), [
      'instance "prod-eu" pollIntervalSec',
      'notifications.stormThreshold',
    ]);
    assert.match(opened.notice?.message ?? '', /notifications\.stormThreshold/);
    await opened.save(s);
    const kept = (await readdir(dir)).filter((f) => f.startsWith('typo.json.invalid-'));
    assert.equal(kept.length, 1, 'the original is kept aside before the first write');
    assert.deepEqual(JSON.parse(await readFile(join(dir, kept[0] as string), 'utf8')), file);
  });

  it('a failed save names the file and the reason and changes nothing', async () => {
    const path = join(dir, 'failing.json');
    const opened = await openSettingsFile({
      path,
      secrets: new MemorySecretStore(),
      write: async () => {
        throw Object.assign(new Error('EACCES: permission denied, open ...tmp-1'), {
          code: 'EACCES',
        });
      },
    });
    await assert.rejects(opened.save(opened.settings), (e: unknown) => {
      assert.ok(e instanceof SettingsSaveError);
      assert.equal(
        e.message,
        `Settings not saved to ${path}: permission denied (EACCES). The change was not applied.`,
      );
      return true;
    });
  });
});

// File permissions do not bind root: the shell then runs as `nobody`, from a readable copy of
// the bundle (test/support/readable-bundle.ts), wherever the checkout is.
const permissionsSkip =
  process.platform === 'win32'
    ? 'POSIX permissions'
    : process.getuid?.() === 0
      ? await rootSkip()
      : false;

async function rootSkip(): Promise<string | false> {
  if (!(await hasSetpriv())) return 'running as root without setpriv';
  ensureBuilt();
  return nobodyCannotRun();
}

async function hasSetpriv(): Promise<boolean> {
  try {
    await readFile('/usr/bin/setpriv');
    return true;
  } catch {
    return false;
  }
}

describe('browser shell in a read-only settings folder', { skip: permissionsSkip }, () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'amtray-ro-'));
    await chmod(dir, 0o755);
  });
  after(async () => {
    await chmod(join(dir, 'ro'), 0o755).catch(() => undefined);
    await chmod(join(dir, 'ro-corrupt'), 0o755).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a save visibly and keeps running as the file is', async () => {
    const ro = join(dir, 'ro');
    const path = join(ro, 'settings.json');
    await writePrivateFileAtomic(
      path,
      JSON.stringify({
        version: 1,
        instances: [defaultInstance({ id: 'a', name: 'prod-eu', url: 'http://127.0.0.1:1' })],
      }),
    );
    await chmod(path, 0o644);
    await chmod(ro, 0o555);
    const before = await readFile(path, 'utf8');
    const shell = await spawnBrowserShell(['--config', path, '--port', '0'], {
      unprivileged: true,
    });
    const b = connect(shell);
    try {
      const current = await b.api['settings:get']();
      const next = structuredClone(current);
      next.instances.push(defaultInstance({ id: 'b', name: 'prod-us', url: 'http://127.0.0.1:2' }));
      await assert.rejects(b.api['settings:update'](next, {}), (e: unknown) => {
        const msg = (e as { error?: { message?: string } }).error?.message ?? String(e);
        assert.match(
          msg,
          new RegExp(`Settings not saved to ${path}: permission denied \\(EACCES\\)`),
        );
        return true;
      });
      // Not applied: the running app is what the file says.
      assert.deepEqual(
        (await b.api['settings:get']()).instances.map((i) => i.id),
        ['a'],
      );
      assert.equal(await readFile(path, 'utf8'), before);
    } finally {
      b.close();
      await shell.stop();
    }
  });

  it('starts on defaults with a corrupt file it cannot move aside, and says so', async () => {
    const ro = join(dir, 'ro-corrupt');
    const path = join(ro, 'settings.json');
    await writePrivateFileAtomic(path, '{ "instances": [ oops');
    await chmod(path, 0o644);
    await chmod(ro, 0o555);
    const shell = await spawnBrowserShell(['--config', path, '--port', '0'], {
      unprivileged: true,
    });
    const b = connect(shell);
    try {
      const info = await b.api['app:info']();
      assert.equal(info.settingsNotice?.kind, 'corrupt');
      assert.match(info.settingsNotice?.message ?? '', /could not be moved aside/);
      assert.ok(info.settingsNotice?.readOnly);
      assert.deepEqual((await b.api['settings:get']()).instances, []);
      assert.equal(await readFile(path, 'utf8'), '{ "instances": [ oops', 'never written over');
    } finally {
      b.close();
      await shell.stop();
    }
  });
});

describe('secrets files keep what they hold', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'amtray-secrets-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const fakeSafe = {
    isEncryptionAvailable: () => true,
    encryptString: (s: string) => Buffer.from(`enc:${s}`),
    decryptString: (b: Buffer) => b.toString().replace(/^enc:/, ''),
    getSelectedStorageBackend: () => 'gnome_libsecret',
  };

  it('the Electron store keeps a newer version and unknown entries through a set', async () => {
    const path = join(dir, 'electron-secrets.json');
    await writeFile(
      path,
      JSON.stringify({ version: 3, values: { old: 'ZW5jOm9sZA==', rotated: { v: 2 } }, kdf: 'x' }),
    );
    const store = new SafeSecretStore(path, fakeSafe);
    await store.set('instance/a/password', 'pw', 'https://a.example');
    const file = JSON.parse(await readFile(path, 'utf8'));
    assert.equal(file.version, 3);
    assert.equal(file.kdf, 'x');
    assert.deepEqual(file.values.rotated, { v: 2 });
    assert.equal((await store.get('old'))?.value, 'old');
    assert.equal((await store.get('instance/a/password'))?.value, 'pw');
  });

  it('the browser shell store keeps entries it does not understand', async () => {
    const path = join(dir, 'secrets.json');
    await writeFile(path, JSON.stringify({ 'instance/a/token': 't', future: { kind: 'oauth' } }));
    const store = new FileSecretStore(path, {});
    await store.set('instance/b/token', 'u', 'https://b.example');
    const file = JSON.parse(await readFile(path, 'utf8'));
    assert.deepEqual(file.future, { kind: 'oauth' });
    assert.equal((await store.get('instance/a/token'))?.value, 't');
  });

  for (const [name, make] of [
    ['browser shell', (p: string) => new FileSecretStore(p, {})],
    ['Electron', (p: string) => new SafeSecretStore(p, fakeSafe)],
  ] as const) {
    it(`${name}: a corrupt secrets file is never written over, and the error says so`, async () => {
      const path = join(dir, `corrupt-${name.replace(' ', '-')}.json`);
      await writeFile(path, '{ "instance/a/token": "t", oops');
      const store = make(path);
      await assert.rejects(
        store.set('instance/b/token', 'u', 'https://b.example'),
        /not valid JSON.*left as it is/,
      );
      assert.equal(await readFile(path, 'utf8'), '{ "instance/a/token": "t", oops');
    });
  }
});
