// The safeStorage-backed SecretStore: ciphertext only, file mode 0600, honest about the
// backend (Linux basic_text is not encryption), and never a secret in the settings file.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { dispatch } from '../../main/core/bridge/dispatch.ts';
import { createHandlers } from '../../main/core/bridge/handlers.ts';
import { defaultInstance, defaultSettings } from '../../main/core/settings/defaults.ts';
import { writeSettingsFile } from '../support/settings-file.ts';
import { SafeSecretStore, describeBackend } from '../../main/electron/secrets.ts';
import { createFakeCore } from '../support/fake-core.ts';
import { fakeSafeStorage } from '../support/fake-safe-storage.ts';

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
    assert.equal((await store.get('instance/am1/password'))?.value, 'Sup3r-Secret!');
    const onDisk = await readFile(secretsPath, 'utf8');
    assert.ok(!onDisk.includes('Sup3r-Secret!'));
    assert.match(onDisk, /"instance\/am1\/password": "[A-Za-z0-9+/=]+"/);
    assert.equal((await stat(secretsPath)).mode & 0o777, 0o600);
    const settingsText = await readFile(settingsPath, 'utf8');
    assert.ok(!settingsText.includes('Sup3r-Secret!'));
    assert.match(settingsText, /"passwordKey": "instance\/am1\/password"/);
    await store.delete('instance/am1/password');
    assert.equal((await store.get('instance/am1/password'))?.value, undefined);
  });

  it('refuses to store when no encryption is available', async () => {
    const store = new SafeSecretStore(join(dir, 'none.json'), fakeSafeStorage('unknown', false));
    await assert.rejects(store.set('k', 'v', 'https://a.example'), /not available/);
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
});
