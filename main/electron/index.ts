// Electron main process: one instance (a second launch focuses the first), the core polling
// in the background, a tray icon that is the app, a window on demand, native notifications,
// sleep/wake handling. Thin glue: behaviour lives in the core, the bridge and the small
// modules next to this file; main() only puts them together, in this order: the page's
// app:// protocol and the guard on every webContents (app-protocol.ts, contents-guard.ts),
// settings (store.ts), core and history, bridge (shell-services.ts, ipc.ts), window (main-window.ts,
// saved-bounds.ts), notifications (notifier.ts), tray (tray-actions.ts, tray-wiring.ts), sleep
// (sleep.ts), quit (lifecycle.ts).
import { app, ipcMain, protocol, safeStorage, shell } from 'electron';
import { watchViewLinks } from './view-links.ts';
import { join } from 'node:path';
import { createHandlers, createListModel } from '../core/bridge/handlers.ts';
import { NavigateHub, createSubscribe } from '../core/bridge/subscriptions.ts';
import { createCore } from '../core/engine/create-core.ts';
import { AckLedgerFile } from '../core/files/ack-ledger-file.ts';
import { WatchdogSeenFile } from '../core/files/watchdog-seen-file.ts';
import { HistoryService } from '../core/history/history-service.ts';
import { HygieneMemory } from '../core/silences/hygiene-memory.ts';
import { safeExternalUrl } from '../core/security/external-url.ts';
import { systemClock } from '../core/service.ts';
import type { Settings } from '../core/settings/types.ts';
import { appFiles, osUserName } from './app-env.ts';
import { registerAppScheme, serveAppProtocol } from './app-protocol.ts';
import { wireAttention } from './attention.ts';
import { startedHidden } from './autostart.ts';
import { guardAllWebContents } from './contents-guard.ts';
import { installE2eHook } from './e2e-hook.ts';
import { registerIpcBridge } from './ipc.ts';
import { watchLifecycle } from './lifecycle.ts';
import { MainWindow } from './main-window.ts';
import { startNotifier } from './notifier.ts';
import { SavedBounds } from './saved-bounds.ts';
import { SafeSecretStore } from './secrets.ts';
import { electronShellServices } from './shell-services.ts';
import { wireSleep } from './sleep.ts';
import { startSoundPlayer } from './sound-player.ts';
import { openSettingsStore } from './store.ts';
import type { TrayController } from './tray.ts';
import { TrayActions } from './tray-actions.ts';
import { wireTray } from './tray-wiring.ts';
import { windowCsp } from './window.ts';

export const APP_ID = 'io.github.amtray.app';

const log = (line: string) => console.error(`[amtray] ${line}`);

// Tests (and power users) can point the app at another profile directory.
if (process.env.AMTRAY_USER_DATA) app.setPath('userData', process.env.AMTRAY_USER_DATA);
// Windows groups notifications and taskbar entries by this id (must match electron-builder).
if (process.platform === 'win32') app.setAppUserModelId(APP_ID);
// Privileged schemes must be known before the app is ready; every webContents is guarded
// from the first one on.
registerAppScheme(protocol);
guardAllWebContents(app, log);

if (!app.requestSingleInstanceLock()) {
  // Another instance runs: it gets 'second-instance' and shows its window.
  app.quit();
} else {
  main().catch((err: unknown) => {
    log(`startup failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    app.exit(1);
  });
}

async function main(): Promise<void> {
  const lifecycle = watchLifecycle(app);
  // Set once the tray exists: settings saved before then have no menu to refresh.
  const tray: { current?: TrayController } = {};

  await app.whenReady();
  const files = appFiles({
    root: app.getAppPath(),
    devServerUrl: process.env.VITE_DEV_SERVER_URL,
    packaged: app.isPackaged,
    log,
  });
  if (files.location.kind === 'app') {
    serveAppProtocol(protocol, {
      root: files.location.root,
      csp: windowCsp(files.location),
      log,
    });
  }
  const userData = app.getPath('userData');
  const secrets = new SafeSecretStore(join(userData, 'secrets.json'), safeStorage);
  const settingsFile = await openSettingsStore(userData, secrets, log);
  const osUser = osUserName();
  // Silence hygiene's clocks: kept in the history file while it is on.
  const hygieneMemory = new HygieneMemory();
  const core = createCore({
    settings: settingsFile.settings,
    secrets,
    osUser,
    hygieneMemory,
    // The acks this install wrote (never recognised by the tag in their comment).
    ackLedger: new AckLedgerFile(join(userData, 'acks.json')),
    // Where a Watchdog was seen, so one that stopped while the app was closed is missed.
    watchdogMemory: new WatchdogSeenFile(join(userData, 'watchdog.json')),
  });
  const history = new HistoryService({
    path: join(userData, 'history.sqlite'),
    core,
    hygiene: hygieneMemory,
    clock: systemClock,
    log,
    secrets,
  });

  // Every settings change is saved before it is applied (bridge/handlers.ts, SavedBounds);
  // the tray shows settings (the pause), so it follows each save.
  const persist = async (settings: Settings) => {
    await settingsFile.save(settings);
    tray.current?.update();
  };
  const list = createListModel(core);
  const handlers = createHandlers(
    core,
    electronShellServices({ settingsFile, persist, secrets, history, osUser }),
    list,
  );

  const navigate = new NavigateHub();
  const mainWindow = new MainWindow({
    app: files.location,
    preloadPath: files.preloadPath,
    iconPath: files.iconPath,
    bounds: new SavedBounds({ core, persist, log }),
    navigate,
    isQuitting: lifecycle.quitting,
    log,
  });
  registerIpcBridge(ipcMain, {
    handlers,
    subscribe: createSubscribe({ core, navigate, list }),
    trusted: () => ({ webContentsId: mainWindow.webContentsId(), app: files.location }),
    log,
  });

  const notifier = startNotifier({
    core,
    platform: process.platform,
    iconPath: files.iconPath,
    openWindow: (nav) => mainWindow.show(nav),
    openExternal: async (url) => {
      const safe = safeExternalUrl(url);
      if (safe) await shell.openExternal(safe);
    },
    log,
  });
  const sounds = startSoundPlayer({ core, app: files.location, log });
  const unwireAttention = wireAttention({ app, core, window: () => mainWindow.current() });
  const actions = new TrayActions({
    core,
    snooze: (untilIso) => handlers['notifications:snooze'](untilIso),
    showWindow: (nav) => mainWindow.show(nav),
    notify: (plan) => notifier.show(plan),
    refreshTray: () => tray.current?.update(),
    quit: lifecycle.quit,
    platform: process.platform,
  });
  const trayController = wireTray({
    core,
    actions,
    assetsDir: files.assetsDir,
    showWindow: () => mainWindow.show(),
    log,
  });
  tray.current = trayController;

  const unwireSleep = wireSleep({
    core,
    history,
    tray: actions,
    showWindow: (nav) => mainWindow.show(nav),
    log,
  });
  lifecycle.stopBeforeExit(async () => {
    notifier.stop();
    sounds.stop();
    unwireAttention();
    unwireSleep();
    trayController.destroy();
    try {
      await core.stop();
    } finally {
      history.close();
    }
  });

  if (process.env.AMTRAY_E2E === '1') {
    installE2eHook({ tray: trayController, run: (a) => actions.run(a), core });
  }

  core.start();
  lifecycle.ready(() => mainWindow.show());
  watchViewLinks(app, process.argv, (viewLink) => mainWindow.show({ view: 'alerts', viewLink }));
  if (!startedHidden(process.argv)) mainWindow.show();
}
