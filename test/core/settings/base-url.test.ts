// An instance's base URL holds no credentials, query or fragment: refused with a clear message
// wherever settings are validated (settings form, setup screen, test channel: the schema), and
// repaired without loss in a file that already holds one (credentials of an instance without
// auth move to its basic auth and the secret store; what is removed otherwise is reported and
// the original file kept aside).
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { MemorySecretStore } from '../../../main/core/secrets/memory-secret-store.ts';
import { baseUrlProblem } from '../../../main/core/model/base-url-problem.ts';
import { openSettingsFile } from '../../../main/core/settings/persist.ts';
import { instanceSettingsSchema, settingsSchema } from '../../../main/core/settings/schema.ts';
import { defaultInstance, defaultSettings } from '../../../main/core/settings/defaults.ts';

function refusal(url: string): string {
  const r = instanceSettingsSchema.safeParse(defaultInstance({ id: 'prod', url }));
  assert.equal(r.success, false, url);
  return r.error?.issues.map((i) => i.message).join('; ') ?? '';
}

describe('base URL rules', () => {
  it('refuses credentials, naming what to do, without repeating them', () => {
    for (const url of [
      'https://oncall:pw-Secret-1@am.example/am',
      'https://oncall@am.example',
      'https://:pw-Secret-1@am.example',
    ]) {
      const message = refusal(url);
      assert.match(message, /user name or password in the URL/);
      assert.match(message, /basic auth fields/);
      assert.doesNotMatch(message, /pw-Secret-1|oncall/);
    }
  });

  it('refuses a query or a fragment instead of dropping it', () => {
    for (const url of ['https://am.example/am?tenant=a', 'https://am.example/?']) {
      assert.match(refusal(url), /cannot have a query/, url);
    }
    for (const url of ['http://am.example:9093/#/alerts', 'http://am.example:9093#']) {
      assert.match(refusal(url), /cannot have a #… part/, url);
    }
  });

  it('accepts plain http(s) base URLs, with or without a path', () => {
    for (const url of ['http://am:9093', 'https://am.example/alertmanager/', 'http://[::1]:9093']) {
      assert.equal(baseUrlProblem(url), undefined, url);
      assert.equal(instanceSettingsSchema.safeParse(defaultInstance({ url })).success, true);
    }
    assert.match(refusal('ftp://am'), /expected an http/);
  });

  it('a whole settings change (the settings form, the setup screen) is refused too', () => {
    const s = defaultSettings();
    s.instances = [defaultInstance({ id: 'prod', url: 'https://u:pw@am.example' })];
    const r = settingsSchema.safeParse(s);
    assert.equal(r.success, false);
    assert.deepEqual(r.error?.issues[0]?.path, ['instances', 0, 'url']);
  });
});

describe('a settings file that holds such URLs', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'amtray-base-url-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  async function open(name: string, instances: unknown[]) {
    const path = join(dir, name);
    await writeFile(path, JSON.stringify({ version: 1, instances }, null, 2));
    const secrets = new MemorySecretStore();
    const file = await openSettingsFile({ path, secrets });
    return { path, secrets, file, text: await readFile(path, 'utf8') };
  }

  it('credentials of an instance without auth become its basic auth and a stored secret', async () => {
    const { secrets, file, text } = await open('moved.json', [
      { id: 'prod', name: 'prod', url: 'https://on%20call:p%40ss-Secret-2@am.example/am' },
    ]);
    const prod = file.settings.instances[0];
    assert.equal(prod?.url, 'https://am.example/am');
    assert.deepEqual(prod?.auth, {
      type: 'basic',
      username: 'on call',
      passwordKey: 'instance/prod/password',
    });
    assert.equal((await secrets.get('instance/prod/password'))?.value, 'p@ss-Secret-2');
    assert.equal(file.notice, undefined, 'nothing lost, nothing to say');
    assert.doesNotMatch(text, /Secret-2|on%20call|@am/);
    assert.match(text, /"url": "https:\/\/am\.example\/am"/);
  });

  it('a bare origin stays without a trailing slash; a user name alone moves too', async () => {
    const { secrets, file } = await open('user-only.json', [
      { id: 'a', url: 'http://oncall@am:9093' },
    ]);
    assert.equal(file.settings.instances[0]?.url, 'http://am:9093');
    assert.equal(file.settings.instances[0]?.auth.type, 'basic');
    assert.equal((await secrets.get('instance/a/password'))?.value, '');
  });

  it('credentials beside an auth of its own are removed and reported; the original is kept', async () => {
    const { path, secrets, file, text } = await open('conflict.json', [
      {
        id: 'prod',
        name: 'prod',
        url: 'https://oncall:pw-Secret-3@am.example',
        auth: { type: 'bearer', tokenKey: 'instance/prod/token' },
      },
    ]);
    const prod = file.settings.instances[0];
    assert.equal(prod?.url, 'https://am.example');
    assert.deepEqual(prod?.auth, { type: 'bearer', tokenKey: 'instance/prod/token' });
    assert.equal((await secrets.get('instance/prod/password'))?.value, undefined);
    assert.equal(file.notice?.kind, 'invalid-fields');
    const problem = file.notice?.problems?.[0];
    assert.equal(problem?.path, 'instance "prod" url');
    assert.match(problem?.message ?? '', /user name and password \(never used/);
    assert.doesNotMatch(JSON.stringify(file.notice), /Secret-3/);
    assert.doesNotMatch(text, /Secret-3/);
    const keptAs = file.notice?.keptAs ?? '';
    assert.ok(keptAs.startsWith(path));
    assert.match(await readFile(keptAs, 'utf8'), /pw-Secret-3/, 'the original is kept aside');
  });

  it('a query or fragment is removed and reported, the instance kept', async () => {
    const { file, text } = await open('query.json', [
      { id: 'q', url: 'https://am.example/am?tenant=a' },
      { id: 'f', url: 'http://am.example:9093/#/alerts' },
      { id: 'ok', url: 'http://am.example:9094' },
    ]);
    assert.deepEqual(
      file.settings.instances.map((i) => i.url),
      ['https://am.example/am', 'http://am.example:9093/', 'http://am.example:9094'],
    );
    assert.deepEqual(
      file.notice?.problems?.map((p) => [p.path, p.message]),
      [
        [
          'instance "q" url',
          'removed from the URL: the query (?…, never sent: a base URL cannot have one)',
        ],
        ['instance "f" url', 'removed from the URL: the #… part (never sent)'],
      ],
    );
    assert.doesNotMatch(text, /tenant=a|#\/alerts/);
    assert.ok(file.notice?.keptAs);
  });
});
