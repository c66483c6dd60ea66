// Electron main process: one instance (a second launch focuses the first), the core polling
// in the background, a tray icon that is the app, a window on demand, native notifications,
// sleep/wake handling. Thin glue: behaviour lives in the core, the bridge and the small
// pure modules next to this file.
import {
  BrowserWindow,
  Notification,
  app,
  ipcMain,
  powerMonitor,
  safeStorage,
  shell,
} from 'electron';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { createHandlers } from '../core/bridge/handlers.ts';
import { NavigateHub, createSubscribe } from '../core/bridge/subscriptions.ts';
import { createCore } from '../core/engine/create-core.ts';
import { systemClock, type Core } from '../core/service.ts';
import { HistoryService } from '../core/history/history-service.ts';
import type { Settings } from '../core/settings/types.ts';
import { setLaunchAtLogin, startedHidden } from './autostart.ts';
import { registerIpcBridge } from './ipc.ts';
import { startNotifier } from './notifier.ts';
import { wirePower } from './power.ts';
import { SafeSecretStore, describeBackend } from './secrets.ts';
import { openSettingsStore } from './store.ts';
import { createTray, type TrayController } from './tray.ts';
import {
  awayText,
  SILENCE_DURATIONS,
  groupName,
  type MenuItemModel,
  type NavigateRequest,
  type TrayAction,
} from './tray-menu.ts';
import { planSilencedNotice } from './notification-options.ts';
import { safeExternalUrl } from '../core/security/external-url.ts';
import type { AppLocation } from './trusted-sender.ts';
import { createMainWindow } from './window.ts';
import { sameBounds, type Rect } from './window-bounds.ts';

export const APP_ID = 'io.github.amtray.app';

/** How long the tray menu offers to undo a quick silence. */
const UNDO_MS = 5 * 60_000;

const log = (line: string) => console.error(`[amtray] ${line}`);

// Tests (and power users) can point the app at another profile directory.
if (process.env.AMTRAY_USER_DATA) app.setPath('userData', process.env.AMTRAY_USER_DATA);
// Windows groups notifications and taskbar entries by this id (must match electron-builder).
if (process.platform === 'win32') app.setAppUserModelId(APP_ID);

if (!app.requestSingleInstanceLock()) {
  // Another instance runs: it gets 'second-instance' and shows its window.
  app.quit();
} else {
  main().catch((err: unknown) => {
    log(`startup failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    app.exit(1);
  });
}

function findAction(items: MenuItemModel[], id: string): TrayAction | undefined {
  for (const item of items) {
    if (item.type !== 'item') continue;
    if (item.id === id) return item.action;
    const inner = item.submenu && findAction(item.submenu, id);
    if (inner) return inner;
  }
  return undefined;
}

async function main(): Promise<void> {
  let win: BrowserWindow | undefined;
  let quitting = false;
  let ready = false;
  // Set once the tray exists; settings changes refresh it (the pause state is in settings).
  const trayRef: { current?: TrayController } = {};

  app.on('second-instance', () => {
    if (ready) showWindow();
  });
  // The tray keeps the app alive with no window.
  app.on('window-all-closed', () => undefined);
  app.on('before-quit', () => {
    quitting = true;
  });

  await app.whenReady();

  const root = app.getAppPath();
  const devUrl = process.env.VITE_DEV_SERVER_URL;
  const location: AppLocation = devUrl
    ? { kind: 'dev', origin: new URL(devUrl).origin }
    : { kind: 'file', indexPath: join(root, 'out', 'renderer', 'index.html') };
  const assetsDir = join(root, 'assets');
  const iconPath = join(assetsDir, 'icons', '256x256.png');

  const userData = app.getPath('userData');
  const secrets = new SafeSecretStore(join(userData, 'secrets.json'), safeStorage);
  const settingsStore = await openSettingsStore(userData, secrets, log);
  const osUser = (() => {
    try {
      return userInfo().username;
    } catch {
      return process.env.USER ?? process.env.USERNAME ?? '';
    }
  })();
  const theCore: Core = createCore({ settings: settingsStore.settings, secrets, osUser });
  const history = new HistoryService({
    path: join(userData, 'history.sqlite'),
    core: theCore,
    clock: systemClock,
    log,
  });
  /** Set on waking from sleep with what happened meanwhile; cleared when the Timeline opens. */
  let away: { fired: number; resolved: number } | undefined;
  const navigate = new NavigateHub();

  const persist = async (settings: Settings) => {
    await settingsStore.save(settings);
    trayRef.current?.update();
  };

  const handlers = createHandlers(theCore, {
    appInfo: () => ({
      shell: 'electron',
      platform: process.platform,
      version: app.getVersion(),
      user: osUser,
      secretBackend: describeBackend(safeStorage, process.platform),
      ...(settingsStore.notice ? { settingsNotice: settingsStore.notice } : {}),
    }),
    openExternal: (url) => shell.openExternal(url),
    setLaunchAtLogin,
    secrets,
    persistSettings: persist,
    history,
  });

  registerIpcBridge(ipcMain, {
    handlers,
    subscribe: createSubscribe({ core: theCore, navigate }),
    trusted: () => ({
      webContentsId: win && !win.isDestroyed() ? win.webContents.id : undefined,
      app: location,
    }),
    log,
  });

  let lastBounds: Rect | undefined = settingsStore.settings.ui.window;
  function showWindow(nav?: NavigateRequest): void {
    if (!win || win.isDestroyed()) {
      const created = createMainWindow({
        app: location,
        preloadPath: join(root, 'out', 'preload', 'index.cjs'),
        iconPath,
        ...(lastBounds ? { savedBounds: lastBounds } : {}),
        isQuitting: () => quitting,
        onBoundsChanged: (bounds) => {
          if (sameBounds(bounds, lastBounds)) return;
          lastBounds = bounds;
          const s = theCore.getSettings();
          const next = theCore.updateSettings({ ...s, ui: { ...s.ui, window: bounds } });
          persist(next).catch((err: unknown) => log(`saving window bounds failed: ${String(err)}`));
        },
        log,
      });
      win = created;
      created.once('ready-to-show', () => created.show());
    } else {
      if (win.isMinimized()) win.restore();
      win.show();
      win.focus();
    }
    if (nav) navigate.request(nav);
  }

  const notifyFailure = (what: string, err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    log(`${what}: ${message}`);
    if (Notification.isSupported()) new Notification({ title: what, body: message }).show();
  };

  /** The last quick silence from the tray, undoable from the menu until `until`. */
  let lastQuick: { label: string; silenceKeys: string[]; until: number } | undefined;

  async function runTrayAction(action: TrayAction): Promise<void> {
    switch (action.type) {
      case 'open-window':
        if (action.navigate?.view === 'timeline' && away) {
          away = undefined;
          trayRef.current?.update();
        }
        showWindow(action.navigate);
        return;
      case 'silence-group': {
        const snapshot = theCore.snapshot();
        const group = snapshot.groups[action.groupKey];
        const what = group ? groupName(group) : action.groupKey;
        const results = await theCore.silences.quick(
          { groupKey: action.groupKey },
          action.durationMs,
          'Silenced from the Alertmanager Tray menu',
        );
        const silenceKeys = results.map((r) => r.silenceKey);
        // Undo from the menu for a few minutes, and from the confirmation where it has buttons.
        lastQuick = { label: `silence of ${what}`, silenceKeys, until: Date.now() + UNDO_MS };
        trayRef.current?.update();
        const duration =
          SILENCE_DURATIONS.find((d) => d.ms === action.durationMs)?.label ?? 'a while';
        notifier.show(planSilencedNotice(what, duration, silenceKeys, process.platform));
        return;
      }
      case 'ack-group': {
        const group = theCore.snapshot().groups[action.groupKey];
        await theCore.silences.acknowledge(
          { groupKey: action.groupKey },
          'Acknowledged from the Alertmanager Tray menu',
        );
        notifier.show({
          options: {
            title: 'Acknowledged',
            body: `${group ? groupName(group) : action.groupKey}: silenced until it resolves.`,
            silent: true,
          },
          onClick: { view: 'silences' },
          actions: [],
        });
        return;
      }
      case 'extend-silence': {
        const s = theCore.snapshot().silences[action.silenceKey];
        const base = Math.max(s ? Date.parse(s.endsAt) : 0, Date.now());
        await theCore.silences.extend(
          action.silenceKey,
          new Date(base + action.durationMs).toISOString(),
        );
        return;
      }
      case 'undo-silence':
        for (const key of action.silenceKeys) await theCore.silences.expire(key);
        lastQuick = undefined;
        trayRef.current?.update();
        return;
      case 'snooze':
        theCore.snoozeNotifications(action.untilIso);
        await persist(theCore.getSettings());
        return;
      case 'refresh':
        await theCore.refresh();
        return;
      case 'quit':
        quitting = true;
        app.quit();
        return;
    }
  }

  const trayController = createTray({
    assetsDir,
    platform: process.platform,
    snapshot: () => theCore.snapshot(),
    snoozeUntil: () => theCore.getSettings().notifications.snoozeUntil,
    severityOrder: () => theCore.getSettings().severityOrder,
    undo: () =>
      lastQuick && lastQuick.until > Date.now()
        ? { label: lastQuick.label, silenceKeys: lastQuick.silenceKeys }
        : undefined,
    away: () => away,
    onAction: (action) => {
      runTrayAction(action).catch((err: unknown) =>
        notifyFailure(action.type === 'silence-group' ? 'Silence failed' : 'Action failed', err),
      );
    },
    onClick: () => showWindow(),
  });
  trayRef.current = trayController;
  theCore.subscribe(() => trayController.update());

  const notifier = startNotifier({
    core: theCore,
    platform: process.platform,
    iconPath,
    openWindow: (nav) => showWindow(nav),
    openExternal: async (url) => {
      const safe = safeExternalUrl(url);
      if (safe) await shell.openExternal(safe);
    },
    log,
  });
  const unwirePower = wirePower(powerMonitor, theCore, log, {
    // Sleep ends a look: "since you last looked" starts here.
    suspended: () => history.markSeen(),
    woke: () => {
      const summary = history.awaySummary();
      if (!summary || summary.fired + summary.resolved === 0) return;
      away = { fired: summary.fired, resolved: summary.resolved };
      trayController.update();
      if (!Notification.isSupported()) return;
      const note = new Notification({
        title: awayText(away),
        body: 'Open the Timeline to see what happened.',
      });
      note.on('click', () => showWindow({ view: 'timeline' }));
      note.show();
    },
  });

  // Stop polling before exit; quit continues once the core has stopped.
  let stopped = false;
  app.on('will-quit', (event) => {
    if (stopped) return;
    event.preventDefault();
    stopped = true;
    notifier.stop();
    unwirePower();
    trayController.destroy();
    void theCore.stop().finally(() => {
      history.close();
      app.quit();
    });
  });
  app.on('activate', () => showWindow());

  if (process.env.AMTRAY_E2E === '1') {
    // Test-only hook (Playwright evaluates in the main process): the tray menu as data, and
    // clicking one of its items by id. Never enabled without the environment variable.
    (globalThis as Record<string, unknown>).__amtrayE2E = {
      trayModel: () => trayController.model(),
      trayClick: async (id: string) => {
        trayController.update();
        await new Promise((r) => setImmediate(r));
        const action = findAction(trayController.model().items, id);
        if (!action) throw new Error(`no tray item ${id}`);
        await runTrayAction(action);
      },
      refresh: () => theCore.refresh(),
    };
  }

  theCore.start();
  ready = true;
  if (!startedHidden(process.argv)) showWindow();
}
