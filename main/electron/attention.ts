// The attention state outside the window: the badge count (app.setBadgeCount: the dock, the
// taskbar on Unity/KDE launchers), the window's frame flashing while it is not focused
// (BrowserWindow.flashFrame) and the dock bouncing on macOS, for as long as a critical alert
// fires that nobody silenced or acknowledged. Follows every view change; the count is the
// core's own (summary.unacknowledged, engine/summary.ts), the one the tray tooltip states.
import type { App, BrowserWindow } from 'electron';
import type { ViewSnapshot } from '../core/model/view.ts';
import type { Core } from '../core/service.ts';

export interface AttentionOptions {
  app: Pick<App, 'setBadgeCount' | 'on' | 'removeListener'> & {
    dock?: Pick<NonNullable<App['dock']>, 'bounce' | 'cancelBounce'> | undefined;
  };
  core: Pick<Core, 'snapshot' | 'subscribe'>;
  /** The app window, if there is one now. */
  window: () => BrowserWindow | undefined;
}

/** Firing critical alerts nobody silenced or acknowledged. */
export function attentionCount(view: ViewSnapshot): number {
  return view.summary.unacknowledged;
}

export function wireAttention(opts: AttentionOptions): () => void {
  const { app } = opts;
  let count = 0;
  let bounce: number | undefined;

  const flash = (on: boolean) => {
    const win = opts.window();
    if (win && !win.isDestroyed()) win.flashFrame(on);
  };

  const update = () => {
    const next = attentionCount(opts.core.snapshot());
    if (next === count) return;
    const more = next > count;
    count = next;
    app.setBadgeCount(count);
    if (count === 0) {
      flash(false);
      if (bounce !== undefined) app.dock?.cancelBounce(bounce);
      bounce = undefined;
      return;
    }
    // A new critical: ask for attention unless the user is looking at the window already.
    const win = opts.window();
    if (more && !(win && !win.isDestroyed() && win.isFocused())) {
      flash(true);
      bounce = app.dock?.bounce('critical');
    }
  };
  // Looking at the window is enough: stop flashing (Windows does so by itself, Linux does not).
  const focused = () => flash(false);

  app.on('browser-window-focus', focused);
  const off = opts.core.subscribe(update);
  return () => {
    off();
    app.removeListener('browser-window-focus', focused);
    if (count > 0) app.setBadgeCount(0);
  };
}
