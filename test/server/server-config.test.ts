// Browser shell configuration: command line and environment, the file/env secret store
// (0600, never the settings file), --instance instances that are watched but not saved.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import { defaultInstance, defaultSettings } from '../../main/core/settings/defaults.ts';
import { loadSettingsDocument } from '../../main/core/settings/read-file.ts';
import type { Settings } from '../../main/core/settings/types.ts';
import { defaultConfigPath, parseServeArgs } from '../../main/server/args.ts';
import { FileSecretStore, secretEnvName } from '../../main/server/secrets.ts';
import { startBrowserShell, withCliInstances, type BrowserShell } from '../../main/server/start.ts';
import { createWsBridge } from '../../renderer/src/bridge/ws-client.ts';
import { createFakeCore } from '../support/fake-core.ts';

describe('serve arguments', () => {
  const home = '/home/u';
  it('defaults: XDG config path, free port, no instances', () => {
    assert.deepEqual(parseServeArgs([], {}, home), {
      configPath: '/home/u/.config/alertmanager-tray/settings.json',
      port: 0,
      instances: [],
      help: false,
    });
    assert.equal(
      defaultConfigPath({ XDG_CONFIG_HOME: '/x' }, home),
      '/x/alertmanager-tray/settings.json',
    );
    assert.equal(
      parseServeArgs([], { AMTRAY_CONFIG: '/etc/a.json' }, home).configPath,
      '/etc/a.json',
    );
  });

  it('flags, with a space or =', () => {
    const a = parseServeArgs(
      [
        '--config',
        '/c.json',
        '--port=8080',
        '--instance',
        'http://a:9093',
        '--instance=https://b/am',
      ],
      { AMTRAY_CONFIG: '/ignored.json' },
      home,
    );
    assert.deepEqual(a, {
      configPath: '/c.json',
      port: 8080,
      instances: ['http://a:9093', 'https://b/am'],
      help: false,
    });
    assert.equal(parseServeArgs(['-h'], {}, home).help, true);
  });

  it('refuses bad input', () => {
    for (const argv of [
      ['--port', 'x'],
      ['--port', '70000'],
      ['--port'],
      ['--instance', 'file:///etc'],
      ['--instance', 'not a url'],
      ['--config'],
      ['--what'],
    ]) {
      assert.throws(() => parseServeArgs(argv, {}, home), Error, argv.join(' '));
    }
  });

  it('refuses credentials, a query or a fragment in --instance, saying what to do', () => {
    for (const url of ['https://oncall:pw-Secret-4@am.example/am', 'https://oncall@am.example']) {
      assert.throws(
        () => parseServeArgs(['--instance', url], {}, home),
        (err: Error) =>
          /user name or password in the URL is not accepted/.test(err.message) &&
          /basic auth fields/.test(err.message) &&
          !/Secret-4|oncall/.test(err.message),
        url,
      );
    }
    assert.throws(() => parseServeArgs(['--instance=http://am/?a=b'], {}, home), /a query/);
    assert.throws(() => parseServeArgs(['--instance=http://am/#/alerts'], {}, home), /#…/);
  });
});

/** A bridge client to an in-process shell, as its page would connect (token and Origin). */
function bridgeTo(shell: BrowserShell) {
  return createWsBridge(`ws://127.0.0.1:${shell.port}/bridge?token=${shell.token}`, {
    createSocket: (u) =>
      new WebSocket(u, { origin: `http://127.0.0.1:${shell.port}` }) as unknown as ReturnType<
        Parameters<typeof createWsBridge>[1]['createSocket']
      >,
  });
}

describe('browser shell secrets and settings', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'amtray-serve-cfg-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('secrets.json is 0600; the environment overrides it', async () => {
    const path = join(dir, 'secrets.json');
    const env = { [secretEnvName('instance/am-2/token')]: 'from-env' };
    assert.equal(secretEnvName('instance/am-2/token'), 'AMTRAY_SECRET_INSTANCE_AM_2_TOKEN');
    const store = new FileSecretStore(path, env);
    await Promise.all([
      store.set('a', '1', 'https://a.example'),
      store.set('b', '2', 'https://b.example:9093'),
      store.set('instance/am-2/token', 'file', 'https://am-2.example'),
    ]);
    assert.equal((await stat(path)).mode & 0o777, 0o600);
    assert.deepEqual(JSON.parse(await readFile(path, 'utf8')), {
      a: '1',
      b: '2',
      'instance/am-2/token': 'file',
      origins: {
        a: 'https://a.example',
        b: 'https://b.example:9093',
        'instance/am-2/token': 'https://am-2.example',
      },
    });
    assert.equal((await store.get('instance/am-2/token'))?.value, 'from-env');
    await store.delete('a');
    assert.equal((await store.get('a'))?.value, undefined);
    assert.equal((await store.get('b'))?.value, '2');
  });

  it('--instance instances are watched but never written to the settings file; secrets stay out', async () => {
    // First run: the config directory does not exist yet.
    const configPath = join(dir, 'fresh', 'settings.json');
    let given: Settings | undefined;
    const core = createFakeCore(defaultSettings());
    const shell = await startBrowserShell({
      createCore: (o) => {
        given = o.settings;
        core.settings = o.settings;
        return core;
      },
      configPath,
      instances: ['http://127.0.0.1:9093'],
      rendererDir: dir,
    });
    const bridge = bridgeTo(shell);
    try {
      assert.deepEqual(
        given?.instances.map((i) => [i.id, i.url]),
        [['cli-1', 'http://127.0.0.1:9093']],
      );
      const next = structuredClone(core.settings);
      next.instances.push({
        ...structuredClone(next.instances[0]!),
        id: 'saved',
        url: 'http://127.0.0.1:9094',
        auth: { type: 'bearer', tokenKey: 'instance/saved/token' },
      });
      await bridge.api['settings:update'](next, { saved: { token: 'tok-Very-Secret' } });
      const onDisk = await loadSettingsDocument(configPath);
      assert.deepEqual(
        onDisk.settings.instances.map((i) => i.id),
        ['saved'],
      );
      assert.ok(!(await readFile(configPath, 'utf8')).includes('tok-Very-Secret'));
      assert.equal((await stat(configPath)).mode & 0o777, 0o600);
      const secrets = JSON.parse(
        await readFile(join(dir, 'fresh', 'secrets.json'), 'utf8'),
      ) as Record<string, string>;
      assert.equal(secrets['instance/saved/token'], 'tok-Very-Secret');
      const info = await bridge.api['app:info']();
      assert.equal(info.secretBackend.encrypted, false);
      assert.match(info.secretBackend.name, /secrets\.json/);
    } finally {
      bridge.close();
      await shell.close();
    }
  });

  it('the window cannot save or test a URL holding credentials; the file never gets them', async () => {
    const configPath = join(dir, 'creds', 'settings.json');
    const core = createFakeCore(defaultSettings());
    const shell = await startBrowserShell({
      createCore: (o) => {
        core.settings = o.settings;
        return core;
      },
      configPath,
      rendererDir: dir,
    });
    const bridge = bridgeTo(shell);
    try {
      const next = structuredClone(core.settings);
      next.instances.push({
        ...defaultInstance({ id: 'prod', name: 'prod' }),
        url: 'https://oncall:pw-Secret-5@am.example',
      });
      await assert.rejects(bridge.api['settings:update'](next), (err: Error) => {
        assert.equal((err as Error & { error?: { kind: string } }).error?.kind, 'invalid-argument');
        assert.match(err.message, /basic auth fields/);
        assert.doesNotMatch(err.message, /Secret-5/);
        return true;
      });
      await assert.rejects(bridge.api['instances:test'](next.instances[0]!), /basic auth fields/);
      assert.equal(core.settings.instances.length, 0, 'not applied');
      const onDisk = await readFile(configPath, 'utf8').catch(() => '');
      assert.doesNotMatch(onDisk, /Secret-5/);
    } finally {
      bridge.close();
      await shell.close();
    }
  });

  it('withCliInstances names them by host', () => {
    const s = withCliInstances(defaultSettings(), [
      'http://am.example:9093/',
      'https://b.example/am',
    ]);
    assert.deepEqual(
      s.instances.map((i) => [i.id, i.name]),
      [
        ['cli-1', 'am.example:9093'],
        ['cli-2', 'b.example'],
      ],
    );
  });
});
