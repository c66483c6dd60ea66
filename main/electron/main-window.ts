// The one app window, created on demand (first show, or after it was destroyed) and otherwise
// brought to the front; its bounds are remembered through SavedBounds.
import type { BrowserWindow } from 'electron';
import type { NavigateHub } from '../core/bridge/subscriptions.ts';
import type { SavedBounds } from './saved-bounds.ts';
import type { NavigateRequest } from './tray-menu.ts';
import type { AppLocation } from './trusted-sender.ts';
import { createMainWindow } from './window.ts';

export interface MainWindowOptions {
  app: AppLocation;
  preloadPath: string;
  iconPath: string;
  bounds: SavedBounds;
  /** Where a navigate request goes (the page subscribes to ui:navigate). */
  navigate: NavigateHub;
  isQuitting: () => boolean;
  log: (line: string) => void;
}

export class MainWindow {
  readonly #opts: MainWindowOptions;
  #win: BrowserWindow | undefined;

  constructor(opts: MainWindowOptions) {
    this.#opts = opts;
  }

  /** The window allowed to call the bridge (undefined while there is none). */
  webContentsId(): number | undefined {
    const win = this.#win;
    return win && !win.isDestroyed() ? win.webContents.id : undefined;
  }

  /** The window now, if there is one (attention.ts flashes its frame). */
  current(): BrowserWindow | undefined {
    const win = this.#win;
    return win && !win.isDestroyed() ? win : undefined;
  }

  show(nav?: NavigateRequest): void {
    const win = this.#win;
    if (!win || win.isDestroyed()) {
      const { bounds } = this.#opts;
      const saved = bounds.current();
      const created = createMainWindow({
        app: this.#opts.app,
        preloadPath: this.#opts.preloadPath,
        iconPath: this.#opts.iconPath,
        ...(saved ? { savedBounds: saved } : {}),
        isQuitting: this.#opts.isQuitting,
        onBoundsChanged: (b) => void bounds.changed(b),
        log: this.#opts.log,
      });
      this.#win = created;
      created.once('ready-to-show', () => created.show());
    } else {
      if (win.isMinimized()) win.restore();
      win.show();
      win.focus();
    }
    if (nav) this.#opts.navigate.request(nav);
  }
}
