// Secrets stored before origins were recorded, and environment-variable secrets, are bound
// when a shell opens its settings file: to the origin of the instance that references them in
// the file as read from disk. The binding is kept on disk, so a restart after a URL change (a
// window's save) does not move it; an environment variable can pin its own (…_ORIGIN).
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { resolveConnection } from '../../../main/core/engine/connection.ts';
import type { SecretStore } from '../../../main/core/service.ts';
import { defaultInstance, defaultSettings } from '../../../main/core/settings/defaults.ts';
import { openSettingsFile } from '../../../main/core/settings/persist.ts';
import { SafeSecretStore } from '../../../main/electron/secrets.ts';
import { FileSecretStore, secretEnvName } from '../../../main/server/secrets.ts';
import { fakeSafeStorage } from '../../support/fake-safe-storage.ts';
import { writeSettingsFile } from '../../support/settings-file.ts';

const KEY = 'instance/prod/password';
const A = 'https://am-a.example:9093';
const B = 'https://am-b.example:9093';

function settingsAt(url: string) {
  const s = defaultSettings();
  s.instances = [
    defaultInstance({
      id: 'prod',
      name: 'prod',
      url: `${url}/alertmanager`,
      auth: { type: 'basic', username: 'oncall', passwordKey: KEY },
    }),
  ];
  return s;
}

/** What the connection does with the stored secret for the instance at `url`. */
async function passwordSentTo(store: SecretStore, url: string): Promise<string> {
  const options = await resolveConnection(settingsAt(url).instances[0]!, store, async () => '');
  return options.auth?.type === 'basic' ? options.auth.password : 'none';
}

describe('binding stored secrets to origins when the settings file is opened', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'amtray-secret-binding-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  const stores = [
    ['browser shell file', (p: string) => new FileSecretStore(p, {})],
    ['Electron safeStorage', (p: string) => new SafeSecretStore(p, fakeSafeStorage())],
  ] as const;

  for (const [name, make] of stores) {
    it(`${name}: an old secret is bound to the file's origin; a restart keeps it`, async () => {
      const settingsPath = join(dir, `${name}-settings.json`);
      const secretsPath = join(dir, `${name}-secrets.json`);
      await writeSettingsFile(settingsPath, settingsAt(A));
      // As an older version left it: the value, no origin.
      await make(secretsPath).set(KEY, 'old-Secret-1', undefined);
      assert.equal((await make(secretsPath).get(KEY))?.origin, undefined);

      await openSettingsFile({ path: settingsPath, secrets: make(secretsPath) });
      assert.deepEqual(await make(secretsPath).get(KEY), { value: 'old-Secret-1', origin: A });
      assert.match(
        await readFile(secretsPath, 'utf8'),
        /"origins": \{\s*"instance\/prod\/password": "https:\/\/am-a\.example:9093"/,
      );
      assert.equal(await passwordSentTo(make(secretsPath), A), 'old-Secret-1');

      // The URL changed (a window saved it) and the app restarts: the secret stays with A.
      await writeSettingsFile(settingsPath, settingsAt(B));
      const store = make(secretsPath);
      await openSettingsFile({ path: settingsPath, secrets: store });
      assert.equal((await store.get(KEY))?.origin, A);
      await assert.rejects(passwordSentTo(store, B), {
        message: `The stored password is for ${A}; enter it again for ${B}`,
      });

      // A new password saved for B replaces it, bound to B.
      await store.set(KEY, 'new-Secret-2', B);
      assert.equal(await passwordSentTo(make(secretsPath), B), 'new-Secret-2');
      await store.delete(KEY);
      assert.doesNotMatch(await readFile(secretsPath, 'utf8'), /am-b/);
    });
  }

  it('an environment-variable secret is bound to the origin in the file at first start, kept', async () => {
    const settingsPath = join(dir, 'env-settings.json');
    const secretsPath = join(dir, 'env-secrets.json');
    await writeSettingsFile(settingsPath, settingsAt(A));
    const env = { [secretEnvName(KEY)]: 'env-Secret-3' };
    const unbound = new FileSecretStore(secretsPath, env);
    assert.deepEqual(await unbound.get(KEY), { value: 'env-Secret-3', origin: undefined });
    await assert.rejects(passwordSentTo(unbound, A), /has no server recorded; enter it again/);

    const store = new FileSecretStore(secretsPath, env);
    await openSettingsFile({ path: settingsPath, secrets: store });
    assert.equal(await passwordSentTo(store, A), 'env-Secret-3');
    await assert.rejects(passwordSentTo(store, B), /is for https:\/\/am-a\.example:9093/);
    const onDisk = await readFile(secretsPath, 'utf8');
    assert.doesNotMatch(onDisk, /env-Secret-3/, 'the value stays in the environment');
    assert.deepEqual(JSON.parse(onDisk), { envOrigins: { [KEY]: A } });

    // A window saved another URL, then the app restarts: the variable stays bound to A.
    await writeSettingsFile(settingsPath, settingsAt(B));
    const restarted = new FileSecretStore(secretsPath, env);
    await openSettingsFile({ path: settingsPath, secrets: restarted });
    await assert.rejects(passwordSentTo(restarted, B), /is for https:\/\/am-a\.example:9093/);
    await restarted.delete(KEY);
    assert.equal((await restarted.get(KEY))?.origin, A, 'removing the instance does not rebind');
  });

  it('AMTRAY_SECRET_<KEY>_ORIGIN pins an environment secret whatever the file says', async () => {
    const settingsPath = join(dir, 'pinned-settings.json');
    await writeSettingsFile(settingsPath, settingsAt(B));
    const env = { [secretEnvName(KEY)]: 'env-Secret-4', [`${secretEnvName(KEY)}_ORIGIN`]: A };
    const store = new FileSecretStore(join(dir, 'pinned-secrets.json'), env);
    await openSettingsFile({ path: settingsPath, secrets: store });
    assert.equal((await store.get(KEY))?.origin, A);
    await assert.rejects(passwordSentTo(store, B), /is for https:\/\/am-a\.example:9093/);
  });

  it('an unreadable secrets file leaves secrets unbound; the settings still open', async () => {
    const settingsPath = join(dir, 'corrupt-settings.json');
    const secretsPath = join(dir, 'corrupt-secrets.json');
    await writeSettingsFile(settingsPath, settingsAt(A));
    await writeFile(secretsPath, '{ "instance/prod/password": "x", oops');
    const logged: string[] = [];
    const store = new FileSecretStore(secretsPath, { [secretEnvName(KEY)]: 'env-Secret-6' });
    const file = await openSettingsFile({
      path: settingsPath,
      secrets: store,
      log: (l) => logged.push(l),
    });
    assert.equal(file.settings.instances[0]?.id, 'prod');
    assert.match(logged.join('\n'), /secrets: not bound to their servers: .*not valid JSON/);
    await assert.rejects(passwordSentTo(store, A), /has no server recorded/);
    assert.equal(await readFile(secretsPath, 'utf8'), '{ "instance/prod/password": "x", oops');
  });

  it("a password moved out of a file's URL is bound to that URL's origin", async () => {
    const path = join(dir, 'url-credentials.json');
    const instance = { id: 'prod', name: 'prod', url: 'https://oncall:pw-5@am-a.example:9093/x' };
    await writeFile(path, JSON.stringify({ version: 1, instances: [instance] }));
    const store = new FileSecretStore(join(dir, 'url-credentials-secrets.json'), {});
    await openSettingsFile({ path, secrets: store });
    assert.deepEqual(await store.get(KEY), { value: 'pw-5', origin: A });
  });
});
