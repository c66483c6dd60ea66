// The Electron IPC path without Electron: the real preload bundle (out/preload/index.cjs, run
// in a vm with fake contextBridge/ipcRenderer) talking to the real registerIpcBridge through a
// fake ipcMain. Untrusted senders are refused; channels and arguments are validated; the page
// only ever sees window.amtray's functions; a window over 100,000 alerts gets no message over
// 1 MB (issue 29).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { before, describe, it } from 'node:test';
import vm from 'node:vm';
import { REQUEST_CHANNELS, type BridgeApi } from '../../main/core/bridge/contract.ts';
import { createHandlers } from '../../main/core/bridge/handlers.ts';
import { NavigateHub, createSubscribe } from '../../main/core/bridge/subscriptions.ts';
import { defaultSettings } from '../../main/core/settings/defaults.ts';
import {
  registerIpcBridge,
  type InvokeEventLike,
  type IpcMainLike,
} from '../../main/electron/ipc.ts';
import { waitFor } from '../support/wait.ts';
import { createFakeCore, emptySnapshot } from '../support/fake-core.ts';
import { alertView } from '../support/views.ts';
import type { ListQuery } from '../../main/core/list/list-query.ts';
import type { ViewSnapshot } from '../../main/core/model/view.ts';

const root = new URL('../../', import.meta.url);
const bundlePath = new URL('out/preload/index.cjs', root);
const PAGE = 'app://amtray/index.html';

type Listener = (event: unknown, ...args: unknown[]) => void;

function world(frameUrl: string, webContentsId = 1, isMainFrame = true) {
  const handlers = new Map<string, (event: InvokeEventLike, ...args: unknown[]) => unknown>();
  const ipcMain: IpcMainLike = {
    handle: (c, l) => void handlers.set(c, l),
    removeHandler: (c) => void handlers.delete(c),
  };
  const rendererListeners = new Map<string, Set<Listener>>();
  const lifecycle = new Map<string, (() => void)[]>();
  /** The largest message each way, as characters of JSON (what the clone carries). */
  const largest = { pushed: 0, answered: 0 };
  const sender = {
    id: webContentsId,
    send: (channel: string, ...args: unknown[]) => {
      largest.pushed = Math.max(largest.pushed, JSON.stringify(args).length);
      // IPC clones; so do we.
      const cloned = structuredClone(args);
      for (const l of rendererListeners.get(channel) ?? [])
        l({ sender: 'EVENT-WITH-SENDER' }, ...cloned);
    },
    isDestroyed: () => false,
    once: (e: string, l: () => void) => lifecycle.set(e, [...(lifecycle.get(e) ?? []), l]),
    on: (e: string, l: () => void) => lifecycle.set(e, [...(lifecycle.get(e) ?? []), l]),
  };
  const event: InvokeEventLike = {
    sender,
    senderFrame: { url: frameUrl, parent: isMainFrame ? null : {} },
  };
  const ipcRenderer = {
    invoke: async (channel: string, ...args: unknown[]) => {
      const h = handlers.get(channel);
      if (!h) throw new Error(`Error invoking remote method '${channel}': No handler registered`);
      const result = await h(event, ...structuredClone(args));
      largest.answered = Math.max(largest.answered, JSON.stringify(result ?? null).length);
      return structuredClone(result);
    },
    on: (channel: string, l: Listener) => {
      const set = rendererListeners.get(channel) ?? new Set();
      set.add(l);
      rendererListeners.set(channel, set);
    },
    removeListener: (channel: string, l: Listener) => rendererListeners.get(channel)?.delete(l),
  };
  const exposed: Record<string, unknown> = {};
  const electron = {
    contextBridge: { exposeInMainWorld: (k: string, v: unknown) => (exposed[k] = v) },
    ipcRenderer,
  };
  const emit = (e: string) => (lifecycle.get(e) ?? []).forEach((l) => l());
  return { ipcMain, ipcRenderer, exposed, electron, handlers, emit, rendererListeners, largest };
}

function loadPreload(electron: unknown): void {
  const code = readFileSync(bundlePath, 'utf8');
  const required: string[] = [];
  const sandbox = {
    require: (name: string) => {
      required.push(name);
      if (name !== 'electron') throw new Error(`preload may only require electron, not ${name}`);
      return electron;
    },
    console,
    module: { exports: {} },
    exports: {},
  };
  vm.runInNewContext(code, sandbox, { filename: 'index.cjs' });
  assert.deepEqual(required, ['electron']);
}

function setup(frameUrl = PAGE, webContentsId = 1, isMainFrame = true) {
  const w = world(frameUrl, webContentsId, isMainFrame);
  const core = createFakeCore(defaultSettings());
  const navigate = new NavigateHub();
  const opened: string[] = [];
  const handlers = createHandlers(core, {
    appInfo: () => ({
      shell: 'electron',
      platform: 'linux',
      version: '1.0.0',
      user: 'u',
      secretBackend: { name: 'gnome_libsecret', encrypted: true },
    }),
    openExternal: async (u) => void opened.push(u),
    setLaunchAtLogin: async (e) => e,
    secrets: {
      get: async () => undefined,
      set: async () => undefined,
      delete: async () => undefined,
      bindOrigin: async () => undefined,
    },
    persistSettings: async () => undefined,
  });
  const refused: string[] = [];
  registerIpcBridge(w.ipcMain, {
    handlers,
    subscribe: createSubscribe({ core, navigate }),
    trusted: () => ({ webContentsId: 1, app: { kind: 'app', root: '/app/out/renderer' } }),
    log: (l) => refused.push(l),
  });
  loadPreload(w.electron);
  const amtray = w.exposed.amtray as BridgeApi & Record<string, unknown>;
  return { ...w, core, navigate, amtray, opened, refused };
}

describe('Electron IPC bridge (real preload bundle, fake ipc)', () => {
  before(() => {
    if (!existsSync(bundlePath)) {
      execFileSync(
        process.execPath,
        ['node_modules/vite/bin/vite.js', 'build', '-c', 'preload/vite.config.ts'],
        {
          cwd: root,
          stdio: 'ignore',
        },
      );
    }
  });

  it('exposes exactly one function per request channel plus subscribe, and no ipcRenderer', () => {
    const { amtray, exposed } = setup();
    assert.deepEqual(Object.keys(exposed), ['amtray']);
    assert.deepEqual(Object.keys(amtray).sort(), [...REQUEST_CHANNELS, 'subscribe'].sort());
    for (const v of Object.values(amtray)) assert.equal(typeof v, 'function');
  });

  it('registers a handler for every channel and calls through', async () => {
    const { amtray, handlers } = setup();
    for (const c of REQUEST_CHANNELS) assert.ok(handlers.has(`amtray:${c}`), c);
    assert.ok(handlers.has('amtray:subscribe') && handlers.has('amtray:unsubscribe'));
    const info = await amtray['app:info']();
    assert.equal(info.version, '1.0.0');
  });

  it('malformed arguments and bad URLs reject with plain BridgeError data', async () => {
    const { amtray, opened } = setup();
    await assert.rejects(amtray['app:openExternal']('javascript:alert(1)'), {
      kind: 'invalid-argument',
      message: 'only http and https URLs can be opened',
    });
    await assert.rejects(
      (amtray['silences:quick'] as (...a: unknown[]) => Promise<unknown>)(
        { groupKey: 'g' },
        'soon',
      ),
      (err: { kind: string }) => err.kind === 'invalid-argument',
    );
    await assert.rejects(
      (amtray['settings:setLaunchAtLogin'] as (...a: unknown[]) => Promise<unknown>)(),
      (err: { kind: string }) => err.kind === 'invalid-argument',
    );
    assert.deepEqual(opened, []);
  });

  it('subscriptions: own snapshot per listener, only the message reaches the page, unsubscribe', async () => {
    const { amtray, core, navigate } = setup();
    const a: unknown[] = [];
    const b: unknown[] = [];
    const offA = amtray.subscribe('view:changes', (m) => a.push(m));
    await waitFor(() => a.length === 1);
    const offB = amtray.subscribe('view:changes', (m) => b.push(m));
    await waitFor(() => b.length === 1);
    assert.deepEqual(a, [{ type: 'snapshot', snapshot: emptySnapshot() }]);
    core.emitView({ type: 'delta', delta: { seq: 2, upsert: {}, remove: {} } });
    // The view stream paces IPC at one message per macrotask (view-stream.ts yieldingFlow).
    await waitFor(() => a.length === 2 && b.length === 2);
    assert.equal(a.length, 2);
    assert.equal(b.length, 2);
    offA();
    await waitFor(() => core.viewListeners === 1);
    const navs: unknown[] = [];
    navigate.request({ view: 'settings' });
    amtray.subscribe('ui:navigate', (m) => navs.push(m));
    await waitFor(() => navs.length === 1, { message: 'pending navigation delivered' });
    assert.deepEqual(navs, [{ view: 'settings' }]);
    offB();
    assert.throws(
      () => amtray.subscribe('nope' as 'view:changes', () => undefined),
      /unknown subscription/,
    );
  });

  it('a reload drops the window subscriptions', async () => {
    const { amtray, core, emit } = setup();
    amtray.subscribe('view:changes', () => undefined);
    await waitFor(() => core.viewListeners === 1);
    emit('did-start-loading');
    assert.equal(core.viewListeners, 0);
  });

  for (const [name, url, id, main] of [
    ['a foreign webContents', PAGE, 2, true],
    ['a sub-frame', PAGE, 1, false],
    ['another URL', 'https://evil.example/', 1, true],
    ['another local file', 'file:///tmp/evil.html', 1, true],
    ['the built page over file://', 'file:///app/out/renderer/index.html', 1, true],
  ] as const) {
    it(`refuses ${name}`, async () => {
      const { amtray, core, refused } = setup(url, id, main);
      await assert.rejects(amtray['app:info'](), { kind: 'forbidden' });
      await assert.rejects(amtray['silences:quick']({ groupKey: 'g' }, 60_000), {
        kind: 'forbidden',
      });
      const got: unknown[] = [];
      amtray.subscribe('view:changes', (m) => got.push(m));
      await waitFor(() => refused.length >= 3);
      assert.equal(core.viewListeners, 0);
      assert.deepEqual(got, []);
      assert.deepEqual(core.calls, []);
    });
  }

  it('a window opening and scrolling over 100,000 alerts gets no message over 1 MB', async () => {
    const { amtray, core, largest } = setup();
    core.snap = bigView(100_000, 50);
    const pushed: unknown[] = [];
    const off = amtray.subscribe('view:window', (m) => pushed.push(m));
    await waitFor(() => pushed.length >= 1);
    const q: ListQuery = {
      id: 1,
      filter: { ...defaultSettings().ui.filter, groupBy: '' },
      collapsed: { all: false, except: [] },
      top: 0,
      height: 680,
    };
    const first = await amtray['list:query'](q);
    assert.equal(first.counts.total, 100_000);
    // Scroll through the list, then to its end, as the window asks.
    for (let top = 0; top < first.height; top += first.height / 25)
      await amtray['list:query']({ ...q, top });
    const last = await amtray['list:query']({ ...q, find: { index: first.rows - 1 } });
    assert.equal(last.found?.index, first.rows - 1);
    await amtray['list:query']({ ...q, filter: { ...q.filter, text: 'node-1' } });
    await amtray['list:facets']({ name: 'instance', prefix: '' });
    await amtray['silences:affected']();
    off();
    assert.ok(largest.pushed <= 1024 * 1024, `largest pushed ${largest.pushed}`);
    assert.ok(largest.answered <= 1024 * 1024, `largest answer ${largest.answered}`);
  });
});

/** A view of `n` alerts in groups of `per` (one instance, one cluster). */
function bigView(n: number, per: number): ViewSnapshot {
  const s = emptySnapshot(2);
  for (let g = 0; g * per < n; g++) {
    const fps: string[] = [];
    for (let i = g * per; i < Math.min(n, (g + 1) * per); i++) {
      const fp = `fp${i}`;
      s.alerts[fp] = alertView(fp, {
        alertname: `Alert${g % 40}`,
        severity: ['critical', 'warning', 'info'][i % 3]!,
        instance: `node-${i}`,
      });
      fps.push(fp);
    }
    s.groups[`g${g}`] = {
      key: `g${g}`,
      clusterId: 'c1',
      receivers: ['r'],
      labels: { alertname: `Alert${g % 40}` },
      alerts: fps,
      counts: { active: fps.length, suppressed: 0, unprocessed: 0 },
      severity: 'warning',
      stale: false,
    };
  }
  return s;
}
