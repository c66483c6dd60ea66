// The bridge entry point both transports use: unknown channels, non-array and malformed
// arguments (per channel) never reach a handler; errors come back typed; openExternal only
// ever opens http(s); secrets go to the SecretStore, never into settings.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AlertmanagerError } from '../../../main/core/api/errors.ts';
import { REQUEST_CHANNELS, type RequestChannel } from '../../../main/core/bridge/contract.ts';
import { dispatch } from '../../../main/core/bridge/dispatch.ts';
import { BridgeRequestError } from '../../../main/core/bridge/errors.ts';
import { SilenceValidationError, SilenceWriteError } from '../../../main/core/silences/actions.ts';
import { safeExternalUrl } from '../../../main/core/security/external-url.ts';
import { createHandlers, type ShellServices } from '../../../main/core/bridge/handlers.ts';
import type { SecretStore, StoredSecret } from '../../../main/core/service.ts';
import { defaultInstance, defaultSettings } from '../../../main/core/settings/defaults.ts';
import { secretKeyFor } from '../../../main/core/secrets/secret-keys.ts';
import type { Settings } from '../../../main/core/settings/types.ts';
import { createFakeCore, emptySnapshot } from '../../support/fake-core.ts';
import { standaloneCluster } from '../../support/views.ts';

class MapSecrets implements SecretStore {
  values = new Map<string, StoredSecret>();
  async get(k: string) {
    return this.values.get(k);
  }
  async set(k: string, value: string, origin: string | undefined) {
    this.values.set(k, { value, origin });
  }
  async delete(k: string) {
    this.values.delete(k);
  }
  async bindOrigin() {}
}

function setup(settings: Settings = defaultSettings()) {
  const core = createFakeCore(settings);
  core.snap = {
    ...emptySnapshot(),
    clusters: {
      'instance:am1': standaloneCluster('am1'),
    },
    groups: {
      g: {
        key: 'g',
        clusterId: 'instance:am1',
        receivers: ['team-a'],
        labels: { alertname: 'X' },
        alerts: [],
        counts: { active: 1, suppressed: 0, unprocessed: 0 },
        severity: 'warning',
        stale: false,
      },
    },
  };
  const opened: string[] = [];
  const persisted: Settings[] = [];
  const secrets = new MapSecrets();
  let loginItem = false;
  const shell: ShellServices = {
    appInfo: () => ({
      shell: 'browser',
      platform: 'linux',
      version: '1.2.3',
      user: 'alice',
      secretBackend: { name: 'test', encrypted: false },
    }),
    openExternal: async (url) => {
      opened.push(url);
    },
    setLaunchAtLogin: async (enabled) => {
      loginItem = enabled;
      return loginItem;
    },
    secrets,
    persistSettings: async (s) => {
      persisted.push(s);
    },
  };
  return { core, handlers: createHandlers(core, shell), opened, persisted, secrets };
}

const draft = {
  matchers: [{ name: 'alertname', value: 'Disk', isRegex: false, isEqual: true }],
  startsAt: '2026-01-01T00:00:00Z',
  endsAt: '2026-01-01T01:00:00Z',
  createdBy: 'alice',
  comment: 'looking',
};

function listQuery() {
  return {
    id: 1,
    filter: { ...defaultSettings().ui.filter, groupBy: '' },
    collapsed: { all: false, except: [] },
    top: 0,
    height: 600,
  };
}

/** For every channel, argument lists that must be refused before reaching the core. */
const malformed: Record<RequestChannel, unknown[][]> = {
  'app:info': [['extra']],
  'app:openExternal': [[], [42], [{ href: 'https://x' }], ['https://a', 'extra']],
  'view:refresh': [[42], [''], [null]],
  'list:query': [
    [],
    [{ id: 1 }],
    [{ ...listQuery(), top: -1 }],
    [{ ...listQuery(), height: 1e9 }],
    [{ ...listQuery(), evil: true }],
    [{ ...listQuery(), collapsed: { all: 'yes', except: [] } }],
    [{ ...listQuery(), find: { index: -3 } }],
  ],
  'list:alert': [[], [''], [5]],
  'list:facets': [[], [{ name: 5 }], [{ evil: 1 }]],
  'list:present': [[], [[{ groupKey: 5 }]], [[{ fingerprint: 'f' }]]],
  'silences:affected': [['x']],
  'silences:silenced': [[], ['']],
  'instances:status': [[], [7]],
  'instances:test': [[], [{ id: 'x' }], [{ id: 'x', url: 'ftp://h' }]],
  'settings:get': [[1]],
  'settings:update': [[], [{ instances: 'nope' }], [defaultSettings(), { x: { password: 5 } }]],
  'settings:setLaunchAtLogin': [[], ['yes'], [1]],
  'notifications:snooze': [[], ['not a time'], [123]],
  'silences:quickMatchers': [[], [{}], [{ groupKey: 5 }], [{ groupKey: 'g', evil: true }]],
  'silences:preview': [['c'], ['c', [{ name: 'a' }]], [5, []]],
  'silences:selectionPlan': [[], [[]], [[{ fingerprint: 'f' }]], [[{ groupKey: 'g', x: 1 }]]],
  'silences:create': [
    ['c'],
    ['c', { ...draft, matchers: [] }],
    ['c', { ...draft, endsAt: 'tomorrow' }],
    ['c', { ...draft, extra: 1 }],
  ],
  'silences:update': [['k'], ['k', { ...draft, comment: 5 }]],
  'silences:extend': [['k'], ['k', 'soon']],
  'silences:extendBy': [['k'], ['k', '1h'], ['k', 0], ['k', -60_000], ['k', 1.5], [5, 60_000]],
  'silences:expire': [[], [['k']]],
  'silences:recreate': [['k'], ['k', -5], ['k', 1.5], ['k', Number.POSITIVE_INFINITY]],
  'silences:quick': [[{ groupKey: 'g' }], [{ groupKey: 'g' }, 0], [{ groupKey: 'g' }, '1h']],
  'silences:acknowledge': [[], [{ nope: 'g' }], [{ groupKey: 'g' }, 5]],
  'instances:testAlert': [
    ['i0'],
    ['i0', { labels: {} }],
    ['i0', { labels: { alertname: 'x' }, durationMs: 1 }],
    ['i0', { labels: { alertname: 'x' }, extra: true }],
  ],
  'schedules:overview': [['x']],
  'schedules:fromTemplate': [[], ['t'], ['t', 5], ['', 'c']],
  'schedules:exportYaml': [[1]],
  'schedules:importYaml': [[], [5], ['x'.repeat(1_000_001)]],
  'history:page': [
    [],
    [{ fromMs: 'yesterday' }],
    [{ limit: 1e9 }],
    [{ kinds: ['exploded'] }],
    [{ filter: 'x'.repeat(20_000) }],
    [{ sql: 'DROP TABLE events' }],
  ],
  'history:summary': [[], [{ toMs: -1 }], [{ fingerprint: 'f' }]],
  'history:export': [[{}], [{}, 'xlsx'], [{}, 'csv', -1], [{ kinds: 'fired' }, 'csv']],
  'history:status': [[1]],
  'history:markSeen': [['now']],
};

describe('bridge dispatch', () => {
  it('rejects channels that are not request channels', async () => {
    const { handlers, core } = setup();
    for (const channel of [
      'nope',
      'view:changes',
      '__proto__',
      'constructor',
      42,
      null,
      undefined,
    ]) {
      const r = await dispatch(handlers, channel, []);
      assert.equal(r.ok, false, String(channel));
      if (!r.ok) assert.equal(r.error.kind, 'invalid-argument');
    }
    assert.deepEqual(core.calls, []);
  });

  it('rejects arguments that are not an array', async () => {
    const { handlers } = setup();
    for (const args of [undefined, null, 'x', { 0: 'a', length: 1 }]) {
      const r = await dispatch(handlers, 'app:info', args);
      assert.equal(r.ok, false);
      if (!r.ok) assert.match(r.error.message, /must be an array/);
    }
  });

  it('every channel has malformed-argument cases and refuses them before the core', async () => {
    assert.deepEqual(Object.keys(malformed).sort(), [...REQUEST_CHANNELS].sort());
    const { handlers, core, opened } = setup();
    for (const [channel, cases] of Object.entries(malformed)) {
      for (const args of cases) {
        const r = await dispatch(handlers, channel, args);
        assert.equal(r.ok, false, `${channel} ${JSON.stringify(args)} should be refused`);
        if (!r.ok) {
          assert.equal(r.error.kind, 'invalid-argument', `${channel} ${JSON.stringify(args)}`);
          assert.ok(r.error.message.startsWith(channel), r.error.message);
        }
      }
    }
    assert.deepEqual(core.calls, []);
    assert.deepEqual(opened, []);
  });

  it('passes valid arguments through and wraps the value', async () => {
    const { handlers, core } = setup();
    const info = await dispatch(handlers, 'app:info', []);
    assert.deepEqual(info, {
      ok: true,
      value: {
        shell: 'browser',
        platform: 'linux',
        version: '1.2.3',
        user: 'alice',
        secretBackend: { name: 'test', encrypted: false },
      },
    });
    const created = await dispatch(handlers, 'silences:create', ['instance:am1', draft]);
    assert.equal(created.ok, true);
    assert.deepEqual(core.calls.at(-1), { method: 'create', args: ['instance:am1', draft] });
    // isEqual defaults to true, as on the server.
    const m = { name: 'a', value: 'b', isRegex: false };
    await dispatch(handlers, 'silences:preview', ['instance:am1', [m]]);
    assert.deepEqual(core.calls.at(-1)?.args, ['instance:am1', [{ ...m, isEqual: true }]]);
    const quick = await dispatch(handlers, 'silences:quick', [{ groupKey: 'g' }, 3_600_000]);
    assert.equal(quick.ok, true);
    assert.deepEqual(core.calls.at(-1), {
      method: 'quick',
      args: [{ groupKey: 'g' }, 3_600_000, undefined],
    });
    const extended = await dispatch(handlers, 'silences:extendBy', ['instance:am1/s', 3_600_000]);
    assert.equal(
      extended.ok && (extended.value as { endsAt: string }).endsAt,
      '2026-01-01T01:00:00.000Z',
    );
    assert.deepEqual(core.calls.at(-1), {
      method: 'extendBy',
      args: ['instance:am1/s', 3_600_000],
    });
  });

  it('unknown cluster or instance is not-found', async () => {
    const { handlers } = setup();
    const r = await dispatch(handlers, 'silences:create', ['instance:nope', draft]);
    assert.deepEqual(r, {
      ok: false,
      error: { kind: 'not-found', message: 'no cluster with id instance:nope' },
    });
    const s = await dispatch(handlers, 'instances:status', ['nope']);
    assert.equal(!s.ok && s.error.kind, 'not-found');
    const f = await dispatch(handlers, 'view:refresh', ['nope']);
    assert.equal(!f.ok && f.error.kind, 'not-found');
  });

  it('quick silences of unknown groups, alerts or clusters are not-found', async () => {
    const { handlers, core } = setup();
    for (const from of [{ groupKey: 'nope' }, { fingerprint: 'nope' }]) {
      for (const [channel, args] of [
        ['silences:quick', [from, 60_000]],
        ['silences:quickMatchers', [from]],
      ] as const) {
        const r = await dispatch(handlers, channel, args);
        assert.equal(!r.ok && r.error.kind, 'not-found', `${channel} ${JSON.stringify(from)}`);
      }
    }
    assert.deepEqual(core.calls, []);
  });

  it('maps silence validation and write failures', async () => {
    const { handlers, core } = setup();
    core.failWith = new SilenceValidationError([{ field: 'comment', message: 'required' }]);
    const v = await dispatch(handlers, 'silences:create', ['instance:am1', draft]);
    assert.deepEqual(v, {
      ok: false,
      error: {
        kind: 'invalid-argument',
        message: 'comment: required',
        fields: [{ path: 'comment', message: 'required' }],
      },
    });
    const served = {
      kind: 'http' as const,
      endpoint: 'POST /silences',
      message: 'HTTP 500',
      status: 500,
    };
    core.failWith = new SilenceWriteError('instance:am1', 'no member accepted', [
      { instanceId: 'am1', error: served },
    ]);
    const w = await dispatch(handlers, 'silences:create', ['instance:am1', draft]);
    assert.deepEqual(w, {
      ok: false,
      error: { kind: 'alertmanager', message: 'no member accepted', alertmanager: served },
    });
  });

  it('maps errors from the core: Alertmanager (serialized), coded, internal', async () => {
    const { handlers, core } = setup();
    core.failWith = new AlertmanagerError({
      kind: 'http',
      endpoint: 'POST /silences',
      message: 'HTTP 400',
      status: 400,
      serverMessage: 'end time cannot be in the past',
    });
    const r = await dispatch(handlers, 'silences:expire', ['instance:am1/x']);
    assert.deepEqual(r, {
      ok: false,
      error: {
        kind: 'alertmanager',
        message: 'HTTP 400',
        alertmanager: {
          kind: 'http',
          endpoint: 'POST /silences',
          message: 'HTTP 400',
          status: 400,
          serverMessage: 'end time cannot be in the past',
        },
      },
    });
    core.failWith = new BridgeRequestError('not-found', 'no silence instance:am1/x');
    const nf = await dispatch(handlers, 'silences:expire', ['instance:am1/x']);
    assert.deepEqual(nf, {
      ok: false,
      error: { kind: 'not-found', message: 'no silence instance:am1/x' },
    });
    core.failWith = new TypeError('boom');
    const internal = await dispatch(handlers, 'silences:expire', ['instance:am1/x']);
    assert.deepEqual(internal, { ok: false, error: { kind: 'internal', message: 'boom' } });
  });
});

describe('app:openExternal', () => {
  it('opens http and https URLs only', async () => {
    const { handlers, opened } = setup();
    const refused = [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'file:///etc/passwd',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      'ssh://host',
      'smb://host/share',
      'mailto:a@b',
      '//evil.example/x',
      '/relative',
      'http://',
      '',
    ];
    for (const url of refused) {
      const r = await dispatch(handlers, 'app:openExternal', [url]);
      assert.equal(r.ok, false, url);
      if (!r.ok) assert.equal(r.error.kind, 'invalid-argument');
    }
    assert.deepEqual(opened, []);
    const ok = await dispatch(handlers, 'app:openExternal', [
      'https://prom.example/graph?g0.expr=up',
    ]);
    assert.equal(ok.ok, true);
    await dispatch(handlers, 'app:openExternal', ['HTTP://Example.com']);
    assert.deepEqual(opened, ['https://prom.example/graph?g0.expr=up', 'http://example.com/']);
  });

  it('safeExternalUrl is the same rule for window.open', () => {
    assert.equal(safeExternalUrl('javascript:alert(1)'), undefined);
    assert.equal(safeExternalUrl(42), undefined);
    assert.equal(safeExternalUrl('https://a.example/b'), 'https://a.example/b');
  });
});

describe('settings over the bridge', () => {
  function withBasic(): Settings {
    const s = defaultSettings();
    s.instances = [
      defaultInstance({
        id: 'am1',
        url: 'http://127.0.0.1:9093',
        auth: { type: 'basic', username: 'u', passwordKey: secretKeyFor('am1', 'password') },
      }),
    ];
    return s;
  }

  it('stores secrets in the SecretStore and never in persisted settings', async () => {
    const { handlers, secrets, persisted } = setup();
    const r = await dispatch(handlers, 'settings:update', [
      withBasic(),
      { am1: { password: 'hunter2-secret' } },
    ]);
    assert.equal(r.ok, true);
    assert.equal(secrets.values.get('instance/am1/password')?.value, 'hunter2-secret');
    assert.equal(persisted.length, 1);
    assert.ok(!JSON.stringify(persisted).includes('hunter2-secret'));
  });

  it('refuses a secret for an unknown instance or a mismatched auth type, writing nothing', async () => {
    const { handlers, secrets, persisted } = setup();
    const a = await dispatch(handlers, 'settings:update', [withBasic(), { zz: { password: 'p' } }]);
    assert.equal(!a.ok && a.error.kind, 'invalid-argument');
    const b = await dispatch(handlers, 'settings:update', [withBasic(), { am1: { token: 't' } }]);
    assert.equal(!b.ok && b.error.kind, 'invalid-argument');
    assert.equal(secrets.values.size, 0);
    assert.equal(persisted.length, 0);
  });

  it("refuses auth pointing at another instance's secret", async () => {
    const { handlers } = setup();
    const s = withBasic();
    s.instances.push(
      defaultInstance({
        id: 'evil',
        url: 'http://evil.example',
        auth: { type: 'basic', username: 'u', passwordKey: secretKeyFor('am1', 'password') },
      }),
    );
    const r = await dispatch(handlers, 'settings:update', [s]);
    assert.equal(!r.ok && r.error.kind, 'invalid-argument');
    const t = await dispatch(handlers, 'instances:test', [s.instances[1]]);
    assert.equal(!t.ok && t.error.kind, 'invalid-argument');
  });

  it('deletes the secrets of a removed instance', async () => {
    const { handlers, secrets } = setup();
    await dispatch(handlers, 'settings:update', [withBasic(), { am1: { password: 'p' } }]);
    assert.equal(secrets.values.size, 1);
    const r = await dispatch(handlers, 'settings:update', [defaultSettings()]);
    assert.equal(r.ok, true);
    assert.equal(secrets.values.size, 0);
  });

  it('snooze and launch-at-login persist', async () => {
    const { handlers, persisted, core } = setup();
    await dispatch(handlers, 'notifications:snooze', ['2030-01-01T00:00:00Z']);
    assert.equal(persisted.at(-1)?.notifications.snoozeUntil, '2030-01-01T00:00:00Z');
    const r = await dispatch(handlers, 'settings:setLaunchAtLogin', [true]);
    assert.deepEqual(r, { ok: true, value: true });
    assert.equal(core.settings.ui.launchAtLogin, true);
    assert.equal(persisted.at(-1)?.ui.launchAtLogin, true);
  });
});
