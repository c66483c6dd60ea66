// A stored secret goes only to the origin it was stored for (issue 26, item 3): the bridge's
// test channel with prod's key and another server's URL, and a saved URL change, never send
// prod's password there; the instance says why; a new password is stored for the new origin.
// A real Alertmanager behind a proxy that wants basic auth; the "other server" is the hostile
// test server, which records every request it gets.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dispatch } from '../../../main/core/bridge/dispatch.ts';
import { createHandlers } from '../../../main/core/bridge/handlers.ts';
import { createCore } from '../../../main/core/engine/create-core.ts';
import { MemorySecretStore } from '../../../main/core/secrets/memory-secret-store.ts';
import { secretKeyFor } from '../../../main/core/secrets/secret-keys.ts';
import type { Core, InstanceSecrets, TestConnectionResult } from '../../../main/core/service.ts';
import { defaultInstance, defaultSettings } from '../../../main/core/settings/defaults.ts';
import type { InstanceSettings, Settings } from '../../../main/core/settings/types.ts';
import {
  amSkipReason,
  startAlertmanager,
  waitFor,
  type AmProcess,
} from '../../support/alertmanager.ts';
import { startHostileServer, type HostileServer } from '../../support/hostile-server.ts';
import { startProxy, type SwitchProxy } from '../engine/proxy.ts';

const KEY = secretKeyFor('prod', 'password');
const basic = (pw: string) => `Basic ${Buffer.from(`oncall:${pw}`).toString('base64')}`;

describe('stored secrets are bound to their origin', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  let proxy: SwitchProxy;
  let other: HostileServer;
  let core: Core;
  let secrets: MemorySecretStore;
  let handlers: ReturnType<typeof createHandlers>;

  const prod = (url: string): InstanceSettings =>
    defaultInstance({
      id: 'prod',
      name: 'prod',
      url,
      pollIntervalSec: 2,
      timeoutSec: 5,
      auth: { type: 'basic', username: 'oncall', passwordKey: KEY },
    });
  const settingsWith = (url: string): Settings => ({
    ...defaultSettings(),
    instances: [prod(url)],
  });
  /** Every Authorization header the other server got. */
  const otherAuth = () => other.received.map((r) => r.headers.authorization);

  before(async () => {
    am = await startAlertmanager();
    proxy = await startProxy(am.url);
    proxy.requireAuth = basic('prod-Secret-1');
    other = await startHostileServer();
    secrets = new MemorySecretStore();
    await secrets.set(KEY, 'prod-Secret-1', new URL(proxy.url).origin);
    core = createCore({ settings: settingsWith(proxy.url), secrets });
    handlers = createHandlers(core, {
      appInfo: () => ({
        shell: 'browser',
        platform: 'linux',
        version: '0',
        user: 'u',
        secretBackend: { name: 'memory', encrypted: false },
      }),
      openExternal: async () => undefined,
      setLaunchAtLogin: async () => false,
      secrets,
      persistSettings: async () => undefined,
    });
    core.start();
  });

  after(async () => {
    await core?.stop();
    await other?.close();
    await proxy?.close();
    await am?.stop();
  });

  it("instances:test with prod's key and another URL sends nothing there", async () => {
    const test = async (...args: [InstanceSettings, InstanceSecrets?]) => {
      const r = await dispatch(handlers, 'instances:test', args);
      assert.ok(r.ok);
      return r.value as TestConnectionResult;
    };
    const own = await test(prod(proxy.url));
    assert.ok(own.ok, 'the stored password works for its own origin');

    const r = await test(prod(other.url));
    assert.ok(!r.ok);
    assert.equal(
      r.error.message,
      `The stored password is for ${proxy.url}; enter it again for ${other.url}`,
    );
    assert.equal(other.requests, 0, 'no request at all reached the other server');

    // A password typed for the draft is the one sent (the test of an edited instance works).
    await test(prod(other.url), { password: 'typed-Pw-2' });
    assert.deepEqual(otherAuth(), [basic('typed-Pw-2')]);
  });

  it('a saved URL change to another origin sends no request with it; health says why', async () => {
    await waitFor(() => core.snapshot().instances.prod?.health === 'ok', { timeoutMs: 20_000 });
    const before = other.requests;
    const r = await dispatch(handlers, 'settings:update', [settingsWith(other.url)]);
    assert.ok(r.ok);
    const view = await waitFor(
      () => {
        const v = core.snapshot().instances.prod;
        return v?.lastError ? v : undefined;
      },
      { timeoutMs: 20_000 },
    );
    assert.equal(
      view.lastError?.message,
      `The stored password is for ${proxy.url}; enter it again for ${other.url}`,
    );
    assert.equal(view.url, other.url);
    await core.refresh('prod');
    assert.equal(other.requests, before, 'nothing was sent to the other server');
    assert.ok(!otherAuth().includes(basic('prod-Secret-1')));
  });

  it('saving a new password binds it to the new origin; the old one is gone', async () => {
    const r = await dispatch(handlers, 'settings:update', [
      settingsWith(other.url),
      { prod: { password: 'new-Secret-3' } },
    ]);
    assert.ok(r.ok);
    assert.deepEqual(await secrets.get(KEY), {
      value: 'new-Secret-3',
      origin: new URL(other.url).origin,
    });
    await waitFor(() => otherAuth().includes(basic('new-Secret-3')), { timeoutMs: 20_000 });

    // Back to the first server without a password: the new one is not sent there either.
    proxy.resetStats();
    await dispatch(handlers, 'settings:update', [settingsWith(proxy.url)]);
    await waitFor(
      () =>
        core.snapshot().instances.prod?.lastError?.message ===
        `The stored password is for ${other.url}; enter it again for ${proxy.url}`,
      { timeoutMs: 20_000 },
    );
    assert.equal(proxy.stats.total, 0);
    assert.ok(!otherAuth().includes(basic('prod-Secret-1')));
  });
});
