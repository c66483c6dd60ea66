import { strict as assert } from 'node:assert';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { defaultInstance, defaultSettings } from '../../../main/core/settings/defaults.ts';
import { migrateSettings } from '../../../main/core/settings/migrations.ts';
import { parseSettings } from '../../../main/core/settings/schema.ts';
import { secretKeyFor } from '../../../main/core/secrets/secret-keys.ts';
import { SETTINGS_VERSION, type Settings } from '../../../main/core/settings/types.ts';
import { openSettingsFile } from '../../../main/core/settings/persist.ts';
import { loadSettingsDocument } from '../../../main/core/settings/read-file.ts';
import { MemorySecretStore } from '../../../main/core/secrets/memory-secret-store.ts';
import { writeSettingsFile } from '../../support/settings-file.ts';

describe('settings defaults', () => {
  it('has the documented defaults', () => {
    const s = defaultSettings();
    assert.equal(s.version, SETTINGS_VERSION);
    assert.equal(s.severityLabel, 'severity');
    assert.deepEqual(s.severityOrder, ['critical', 'error', 'warning', 'info']);
    assert.equal(s.notifications.stormThreshold, 5);
    assert.equal(s.notifications.notifyOnResolve, false);
    assert.equal(s.silences.requireComment, true);
    assert.ok(s.silences.volatileLabels.includes('pod'));
    assert.ok(!s.silences.volatileLabels.includes('alertname'));
    // fresh objects every call
    s.severityOrder.push('x');
    assert.equal(defaultSettings().severityOrder.length, 4);
  });

  it('defaultInstance fills fields, clamps the poll interval and generates ids', () => {
    const a = defaultInstance({ url: 'http://am.example:9093' });
    assert.equal(a.pollIntervalSec, 15);
    assert.equal(a.timeoutSec, 10);
    assert.equal(a.name, 'am.example:9093');
    assert.deepEqual(a.auth, { type: 'none' });
    assert.ok(a.id.length > 0);
    assert.notEqual(defaultInstance({}).id, defaultInstance({}).id);
    assert.equal(defaultInstance({ pollIntervalSec: 0.5 }).pollIntervalSec, 2);
    assert.equal(defaultInstance({ id: 'x', cluster: 'prod' }).cluster, 'prod');
  });

  it('defaults survive a parse round trip unchanged', () => {
    const s = defaultSettings();
    const r = parseSettings(JSON.parse(JSON.stringify(s)));
    assert.ok(r.ok);
    assert.deepEqual(r.settings, s);
    assert.equal(r.migrated, false);
  });
});

describe('parseSettings', () => {
  it('fills missing fields, drops unknown ones, clamps the poll interval', () => {
    const r = parseSettings({
      version: 1,
      futureField: { a: 1 },
      instances: [{ id: 'a', url: 'http://localhost:9093', pollIntervalSec: 1, extra: true }],
      notifications: { quietHours: { enabled: true } },
    });
    assert.ok(r.ok, r.ok ? '' : r.error);
    const inst = r.settings.instances[0];
    assert.ok(inst);
    assert.equal(inst.pollIntervalSec, 2);
    assert.equal(inst.timeoutSec, 10);
    assert.equal('extra' in inst, false);
    assert.equal('futureField' in r.settings, false);
    assert.deepEqual(r.settings.notifications.quietHours, {
      enabled: true,
      start: '22:00',
      end: '07:00',
      days: [],
    });
    assert.equal(r.settings.notifications.stormThreshold, 5);
  });

  it('rejects invalid values with a path in the message', () => {
    const bad = [
      { instances: [{ id: 'a', url: 'ftp://x' }] },
      { instances: [{ id: 'a', url: 'http://x', auth: { type: 'basic', username: 'u' } }] },
      { notifications: { quietHours: { start: '25:00' } } },
      {
        instances: [
          { id: 'a', url: 'http://x' },
          { id: 'a', url: 'http://y' },
        ],
      },
      { version: 1, instances: [{ id: 'a', url: 'http://x', headers: { Authorization: 'x' } }] },
      { version: 'two' },
      [],
      'text',
    ];
    for (const raw of bad) {
      const r = parseSettings(raw);
      assert.equal(r.ok, false, JSON.stringify(raw));
      if (!r.ok) assert.ok(r.error.length > 0);
    }
    const r = parseSettings({ notifications: { quietHours: { start: '25:00' } } });
    assert.ok(!r.ok && r.error.includes('notifications.quietHours.start'), JSON.stringify(r));
  });
});

describe('migrations v0 -> v1', () => {
  it('moves inline passwords and tokens out into extracted secrets', () => {
    const v0 = {
      instances: [
        { id: 'prod', url: 'https://am.prod', username: 'alice', password: 's3cret' },
        { id: 'stage', url: 'https://am.stage', token: 'tok' },
        {
          id: 'dev',
          url: 'http://am.dev',
          auth: { type: 'basic', username: 'bob', password: 'pw' },
        },
        {
          id: 'mimir',
          url: 'https://mimir/alertmanager',
          headers: { 'X-Scope-OrgID': 't1', Authorization: 'Bearer hdr-token' },
        },
        { id: 'plain', url: 'http://am.local' },
      ],
    };
    const m = migrateSettings(v0);
    assert.deepEqual(m.applied, [0]);
    assert.deepEqual(m.extractedSecrets, {
      [secretKeyFor('prod', 'password')]: 's3cret',
      [secretKeyFor('stage', 'token')]: 'tok',
      [secretKeyFor('dev', 'password')]: 'pw',
      [secretKeyFor('mimir', 'token')]: 'hdr-token',
    });
    const text = JSON.stringify(m.settings);
    for (const secret of ['s3cret', 'tok"', '"pw"', 'hdr-token']) {
      assert.ok(!text.includes(secret), `${secret} left in ${text}`);
    }
    const r = parseSettings(v0);
    assert.ok(r.ok, r.ok ? '' : r.error);
    assert.equal(r.migrated, true);
    const byId = Object.fromEntries(r.settings.instances.map((i) => [i.id, i]));
    assert.deepEqual(byId.prod?.auth, {
      type: 'basic',
      username: 'alice',
      passwordKey: 'instance/prod/password',
    });
    assert.deepEqual(byId.stage?.auth, { type: 'bearer', tokenKey: 'instance/stage/token' });
    assert.deepEqual(byId.dev?.auth, {
      type: 'basic',
      username: 'bob',
      passwordKey: 'instance/dev/password',
    });
    assert.deepEqual(byId.mimir?.headers, { 'X-Scope-OrgID': 't1' });
    assert.deepEqual(byId.plain?.auth, { type: 'none' });
    assert.equal(r.settings.version, 1);
  });

  it('converts a Basic Authorization header into basic auth', () => {
    const header = 'Basic ' + Buffer.from('carol:pa:ss').toString('base64');
    const r = parseSettings({
      instances: [{ id: 'x', url: 'http://x', headers: { authorization: header } }],
    });
    assert.ok(r.ok, r.ok ? '' : r.error);
    assert.deepEqual(r.settings.instances[0]?.auth, {
      type: 'basic',
      username: 'carol',
      passwordKey: 'instance/x/password',
    });
    assert.deepEqual(r.extractedSecrets, { 'instance/x/password': 'pa:ss' });
  });

  it('does not touch v1 files', () => {
    const m = migrateSettings({ version: 1, instances: [] });
    assert.deepEqual(m.applied, []);
    assert.deepEqual(m.extractedSecrets, {});
  });
});

describe('settings file', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'amtray-settings-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('missing file -> defaults, no error', async () => {
    const r = await loadSettingsDocument(join(dir, 'missing.json'));
    assert.deepEqual(r.settings, defaultSettings());
    assert.equal(r.notice, undefined);
  });

  it('writes atomically with mode 0600 and reads back the same settings', async () => {
    const path = join(dir, 'settings.json');
    const s: Settings = defaultSettings();
    s.instances.push(
      defaultInstance({
        id: 'a',
        url: 'http://localhost:9093',
        auth: { type: 'basic', username: 'u', passwordKey: 'instance/a/password' },
      }),
    );
    await writeSettingsFile(path, s);
    await writeSettingsFile(path, s); // overwrite works too
    const st = await stat(path);
    assert.equal(st.mode & 0o777, 0o600);
    const files = await readdir(dir);
    assert.deepEqual(
      files.filter((f) => f.includes('.tmp-')),
      [],
      'no temp files left behind',
    );
    const r = await loadSettingsDocument(path);
    assert.equal(r.notice, undefined);
    assert.deepEqual(r.settings, s);
  });

  it('refuses to write inline secrets, leaving the file untouched', async () => {
    const path = join(dir, 'guarded.json');
    const good = defaultSettings();
    await writeSettingsFile(path, good);
    const before = await readFile(path, 'utf8');
    const bad = defaultSettings() as Settings & { instances: unknown[] };
    bad.instances.push({ ...defaultInstance({ id: 'a', url: 'http://x' }), password: 'hunter2' });
    // Through the one settings module, as both shells save.
    const file = await openSettingsFile({ path, secrets: new MemorySecretStore() });
    await assert.rejects(file.save(bad), /secrets inline at instances\[0\]\.password/);
    const tokenBad = defaultSettings();
    (tokenBad.ui as unknown as Record<string, unknown>).token = 'abc';
    await assert.rejects(file.save(tokenBad), /ui\.token/);
    const headerBad = defaultSettings();
    headerBad.instances.push(
      defaultInstance({ id: 'h', url: 'http://x', headers: { Authorization: 'Bearer t' } }),
    );
    await assert.rejects(file.save(headerBad), /headers\.Authorization/);
    assert.equal(await readFile(path, 'utf8'), before);
    assert.ok(!(await readFile(path, 'utf8')).includes('hunter2'));
  });

  it('keeps a corrupt (invalid JSON) file aside, never overwriting an earlier one', async () => {
    const path = join(dir, 'corrupt.json');
    const now = new Date('2026-11-21T02:17:04.123Z');
    await writeFile(path, '{ not json');
    const r1 = await loadSettingsDocument(path, { now: () => now });
    assert.deepEqual(r1.settings, defaultSettings());
    assert.equal(r1.notice?.kind, 'corrupt');
    assert.match(r1.notice.message, /not valid JSON/);
    assert.equal(r1.notice.keptAs, `${path}.corrupt-2026-11-21T021704.123Z`);
    assert.equal(await readFile(r1.notice.keptAs as string, 'utf8'), '{ not json');

    // Same timestamp again: a second corrupt file gets a new name, the first is kept.
    await writeFile(path, '{ also bad');
    const r2 = await loadSettingsDocument(path, { now: () => now });
    assert.equal(r2.notice?.kind, 'corrupt');
    assert.notEqual(r2.notice.keptAs, r1.notice.keptAs);
    assert.equal(await readFile(r1.notice.keptAs as string, 'utf8'), '{ not json');
    assert.equal(await readFile(r2.notice.keptAs as string, 'utf8'), '{ also bad');
    // the original path is free again (missing -> defaults next time)
    assert.equal((await loadSettingsDocument(path)).notice, undefined);
  });

  it('a schema-invalid entry is ignored, not the whole file', async () => {
    const path = join(dir, 'invalid.json');
    await writeFile(
      path,
      JSON.stringify({
        version: 1,
        instances: [
          { id: 'a', url: 'nope' },
          { id: 'b', url: 'http://b:9093' },
        ],
        ui: { theme: 'dark' },
      }),
    );
    const r = await loadSettingsDocument(path);
    assert.notEqual(r.notice?.kind, 'corrupt');
    assert.deepEqual(
      r.settings.instances.map((i) => i.id),
      ['b'],
    );
    assert.equal(r.settings.ui.theme, 'dark');
    assert.deepEqual(
      r.notice?.problems?.map((p) => p.path),
      ['instance "a"'],
    );
    assert.match(r.notice?.problems?.[0]?.message ?? '', /url: expected an http/);
  });

  it('a v0 file is migrated on read: secrets returned separately, writing back is clean', async () => {
    const path = join(dir, 'v0.json');
    await writeFile(
      path,
      JSON.stringify({ instances: [{ id: 'p', url: 'http://p', username: 'u', password: 'pw0' }] }),
    );
    const r = await loadSettingsDocument(path);
    assert.equal(r.notice, undefined);
    assert.equal(r.migrated, true);
    assert.deepEqual(r.extractedSecrets, { 'instance/p/password': 'pw0' });
    // Opening it as a shell does stores the secret, then writes the file back without it.
    const secrets = new MemorySecretStore();
    await openSettingsFile({ path, secrets });
    assert.equal((await secrets.get('instance/p/password'))?.value, 'pw0');
    const text = await readFile(path, 'utf8');
    assert.ok(!text.includes('pw0'));
    assert.ok(text.includes('"passwordKey": "instance/p/password"'));
  });
});
