// A small hand-written Core for transport tests (dispatch, WebSocket session, ws-client). It
// records calls and returns canned data; it stands in for the engine, never for Alertmanager.
import type { AppNotification } from '../../main/core/model/events.ts';
import type { ViewMessage, ViewSnapshot } from '../../main/core/model/view.ts';
import type { Core, SilenceResult } from '../../main/core/service.ts';
import { defaultSettings } from '../../main/core/settings/defaults.ts';
import type { Settings } from '../../main/core/settings/types.ts';
import { snapshotOf } from './views.ts';

export function emptySnapshot(seq = 1): ViewSnapshot {
  return snapshotOf(seq);
}

export interface FakeCore extends Core {
  calls: { method: string; args: unknown[] }[];
  snap: ViewSnapshot;
  settings: Settings;
  /** Pushes a view message / notification to every subscriber. */
  emitView(message: ViewMessage): void;
  emitNotification(n: AppNotification): void;
  viewListeners: number;
  /** Next silences.* call throws this. */
  failWith?: unknown;
}

export function createFakeCore(settings: Settings = defaultSettings()): FakeCore {
  const viewListeners = new Set<(m: ViewMessage) => void>();
  const notificationListeners = new Set<(n: AppNotification) => void>();
  const record = (method: string, args: unknown[]): void => {
    core.calls.push({ method, args });
  };
  const result = (clusterId: string): SilenceResult => ({
    id: 'sil-1',
    silenceKey: `${clusterId}/sil-1`,
    clusterId,
    instanceId: 'am1',
  });
  const maybeFail = () => {
    if (core.failWith !== undefined) {
      const err = core.failWith;
      core.failWith = undefined;
      throw err;
    }
  };
  const core: FakeCore = {
    calls: [],
    snap: emptySnapshot(),
    settings,
    get viewListeners() {
      return viewListeners.size;
    },
    emitView: (m) => viewListeners.forEach((l) => l(m)),
    emitNotification: (n) => notificationListeners.forEach((l) => l(n)),
    start: () => record('start', []),
    stop: async () => record('stop', []),
    snapshot: () => core.snap,
    // Not known: the list compares every group, as without the core's change log.
    listChanges: () => undefined,
    subscribe(listener) {
      viewListeners.add(listener);
      listener({ type: 'snapshot', snapshot: core.snap });
      return () => viewListeners.delete(listener);
    },
    onEvents: () => () => undefined,
    onCycle: () => () => undefined,
    onNotification(listener) {
      notificationListeners.add(listener);
      return () => notificationListeners.delete(listener);
    },
    refresh: async (...args) => record('refresh', args),
    setPollingPaused: (...args) => record('setPollingPaused', args),
    getSettings: () => core.settings,
    updateSettings(next) {
      record('updateSettings', [next]);
      core.settings = next;
      return next;
    },
    snoozeNotifications(until) {
      record('snoozeNotifications', [until]);
      const n = { ...core.settings.notifications };
      if (until === null) delete n.snoozeUntil;
      else n.snoozeUntil = until;
      core.settings = { ...core.settings, notifications: n };
    },
    testAlert: async (instanceId, request) => {
      record('testAlert', [instanceId, request]);
      maybeFail();
      return {
        instanceId,
        sentAt: '2026-01-01T00:00:00.000Z',
        endsAt: '2026-01-01T00:05:00.000Z',
        groups: [],
        wouldNotify: false,
        reason: 'fake core',
      };
    },
    testConnection: async (...args) => {
      record('testConnection', args);
      return { ok: true, version: '0.25.0', clusterStatus: 'ready', peers: 1, durationMs: 3 };
    },
    getStatus: async (...args) => {
      record('getStatus', args);
      maybeFail();
      throw new Error('not used');
    },
    schedules: {
      sync: async () => 0,
      overview: () => [],
      // Records what was started (tray tests); the real writer is tested in test/core/schedules.
      fromTemplate: async (templateId, clusterId) => {
        record('schedules.fromTemplate', [templateId, clusterId]);
        return result(clusterId);
      },
    },
    silences: {
      quickMatchers: (...args) => {
        record('quickMatchers', args);
        return [{ name: 'alertname', value: 'X', isRegex: false, isEqual: true }];
      },
      prefill: (...args) => {
        record('prefill', args);
        return {
          matchers: [{ name: 'alertname', value: 'X', isRegex: false, isEqual: true }],
          clusterIds: ['instance:am1'],
        };
      },
      preview: async (clusterId, ...rest) => {
        record('preview', [clusterId, ...rest]);
        return { clusterId, fingerprints: [], alerts: [], total: 0, unknown: 0 };
      },
      selectionPlan: async (...args) => {
        record('selectionPlan', args);
        return { clusters: [], gone: 0 };
      },
      create: async (clusterId, draft) => {
        record('create', [clusterId, draft]);
        maybeFail();
        return result(clusterId);
      },
      update: async (key, draft) => {
        record('update', [key, draft]);
        maybeFail();
        return result('c');
      },
      extend: async (key, endsAt) => {
        record('extend', [key, endsAt]);
        maybeFail();
        return result('c');
      },
      extendBy: async (key, byMs) => {
        record('extendBy', [key, byMs]);
        maybeFail();
        return { ...result('c'), endsAt: '2026-01-01T01:00:00.000Z' };
      },
      expire: async (key) => {
        record('expire', [key]);
        maybeFail();
      },
      undo: async (keys) => {
        record('undo', [keys]);
        maybeFail();
      },
      recreate: async (...args) => {
        record('recreate', args);
        maybeFail();
        return result('c');
      },
      quick: async (...args) => {
        record('quick', args);
        maybeFail();
        return [result('c')];
      },
      acknowledge: async (...args) => {
        record('acknowledge', args);
        maybeFail();
        return [result('c')];
      },
    },
  };
  return core;
}
