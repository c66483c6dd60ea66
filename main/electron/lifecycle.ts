// The app's life outside the window: the tray keeps it alive with no window, a second launch
// shows the running one's window, and quitting waits until everything has stopped.
import type { App } from 'electron';

export interface Lifecycle {
  /** Set once quitting began: closing the window then really closes it. */
  quitting(): boolean;
  /** Startup is done: a second launch (or the dock) shows the window from now on. */
  ready(showWindow: () => void): void;
  quit(): void;
  /** At quit, run `stop` (stop polling, close files) before the process exits. */
  stopBeforeExit(stop: () => Promise<void>): void;
}

export function watchLifecycle(app: App): Lifecycle {
  let quitting = false;
  let showWindow: (() => void) | undefined;
  app.on('second-instance', () => showWindow?.());
  // The tray keeps the app alive with no window.
  app.on('window-all-closed', () => undefined);
  app.on('before-quit', () => {
    quitting = true;
  });
  app.on('activate', () => showWindow?.());
  return {
    quitting: () => quitting,
    ready: (show) => {
      showWindow = show;
    },
    quit: () => {
      quitting = true;
      app.quit();
    },
    stopBeforeExit(stop) {
      // Quit continues once `stop` has finished.
      let stopped = false;
      app.on('will-quit', (event) => {
        if (stopped) return;
        event.preventDefault();
        stopped = true;
        void stop().finally(() => app.quit());
      });
    },
  };
}
