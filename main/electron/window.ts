// The app window: locked down (context isolation, sandbox, no Node, web security), loads our
// own page only (app://amtray/, app-protocol.ts), never navigates or opens windows (http(s)
// links go to the OS browser after validation), denies every permission, enforces the CSP as a
// header too, hides to the tray on close and remembers its bounds. Every other webContents is
// guarded app-wide (contents-guard.ts). Electron glue only: decisions live in pure modules.
import { BrowserWindow, screen, session, shell, type Session } from 'electron';
import { buildCsp } from '../core/security/csp.ts';
import { safeExternalUrl } from '../core/security/external-url.ts';
import { APP_PAGE_URL } from './app-protocol.ts';
import type { AppLocation } from './trusted-sender.ts';
import { DEFAULT_SIZE, MIN_SIZE, restoreBounds, type Rect } from './window-bounds.ts';

export interface WindowOptions {
  app: AppLocation;
  preloadPath: string;
  iconPath?: string;
  savedBounds?: Rect;
  /** Whether close should really close (quitting) or just hide to the tray. */
  isQuitting: () => boolean;
  onBoundsChanged: (bounds: Rect) => void;
  log: (line: string) => void;
}

let sessionHardened = false;

/** The window's policy: no WebSocket source at all, except the dev server's in `npm run dev`. */
export function windowCsp(app: AppLocation): string {
  return buildCsp(app.kind === 'dev' ? { devServer: app.origin } : {});
}

/** Session-wide rules: no permissions, CSP header on every response of ours. */
export function hardenSession(ses: Session, app: AppLocation, log: (line: string) => void): void {
  if (sessionHardened) return;
  sessionHardened = true;
  ses.setPermissionRequestHandler((_wc, permission, callback) => {
    log(`window: denied permission ${permission}`);
    callback(false);
  });
  ses.setPermissionCheckHandler(() => false);
  const csp = windowCsp(app);
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [csp],
        'X-Content-Type-Options': ['nosniff'],
      },
    });
  });
}

export function appUrl(app: AppLocation): string {
  return app.kind === 'dev' ? app.origin : APP_PAGE_URL;
}

export function createMainWindow(opts: WindowOptions): BrowserWindow {
  hardenSession(session.defaultSession, opts.app, opts.log);
  const bounds = restoreBounds(
    opts.savedBounds,
    screen.getAllDisplays().map((d) => d.workArea),
  );
  const win = new BrowserWindow({
    show: false,
    title: 'Alertmanager Tray',
    ...(bounds ?? DEFAULT_SIZE),
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    ...(opts.iconPath ? { icon: opts.iconPath } : {}),
    autoHideMenuBar: true,
    webPreferences: {
      preload: opts.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      safeDialogs: true,
    },
  });
  win.removeMenu();

  const contents = win.webContents;
  contents.on('will-navigate', (event, url) => {
    event.preventDefault();
    opts.log(`window: blocked navigation to ${url}`);
  });
  contents.on('will-redirect', (event, url) => {
    event.preventDefault();
    opts.log(`window: blocked redirect to ${url}`);
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const safe = safeExternalUrl(url);
    if (safe) {
      shell
        .openExternal(safe)
        .catch((err: unknown) => opts.log(`openExternal failed: ${String(err)}`));
    } else {
      opts.log(`window: refused to open ${url}`);
    }
    return { action: 'deny' };
  });

  win.on('close', (event) => {
    if (opts.isQuitting()) return;
    // The app lives in the tray: closing the window only hides it.
    event.preventDefault();
    win.hide();
  });

  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  const scheduleSave = () => {
    if (saveTimer) clearTimeout(saveTimer);
    saveTimer = setTimeout(() => {
      saveTimer = undefined;
      if (win.isDestroyed() || win.isMinimized() || win.isFullScreen()) return;
      opts.onBoundsChanged(win.getNormalBounds());
    }, 1000);
  };
  win.on('resize', scheduleSave);
  win.on('move', scheduleSave);
  win.on('closed', () => {
    if (saveTimer) clearTimeout(saveTimer);
  });

  void win.loadURL(appUrl(opts.app)).catch((err: unknown) => {
    opts.log(`window: failed to load ${appUrl(opts.app)}: ${String(err)}`);
  });
  return win;
}
