// Loading the settings file as a shell does: a corrupt file is kept aside and reported, an
// old file's inline secrets move to the SecretStore and the file is rewritten without them.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { dispatch } from '../../../main/core/bridge/dispatch.ts';
import { createHandlers } from '../../../main/core/bridge/handlers.ts';
import { openSettingsFile } from '../../../main/core/settings/persist.ts';
import { defaultSettings } from '../../../main/core/settings/defaults.ts';
import { SafeSecretStore } from '../../../main/electron/secrets.ts';
import { createFakeCore } from '../../support/fake-core.ts';
import { fakeSafeStorage } from '../../support/fake-safe-storage.ts';

describe('shell settings loading', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'amtray-shell-settings-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('a corrupt settings file is kept aside, defaults used, error in app:info', async () => {
    const path = join(dir, 'corrupt.json');
    await writeFile(path, '{"instances": [ not json');
    const written: unknown[] = [];
    const loaded = await openSettingsFile({
      path,
      secrets: new SafeSecretStore(join(dir, 's2.json'), fakeSafeStorage()),
      write: async (s) => {
        written.push(s);
      },
    });
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
    const loaded = await openSettingsFile({ path, secrets: store });
    assert.equal(loaded.notice, undefined);
    const auth = loaded.settings.instances[0]?.auth;
    assert.equal(auth?.type, 'basic');
    assert.equal(
      (await store.get(auth?.type === 'basic' ? auth.passwordKey : ''))?.value,
      'old-pass-9',
    );
    assert.ok(!(await readFile(path, 'utf8')).includes('old-pass-9'));
  });
});
