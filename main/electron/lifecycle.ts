// The app's life outside the window: the tray keeps it alive with no window, a second launch
// shows the running one's window, and quitting waits until everything has stopped.
import type { App } from 'electron';

export interface Lifecycle {
  /** Set once quitting began: closing the window then really closes it. */
  quitting(): boolean;
  /** Startup is done: a second launch may show the window from now on. */
  ready(): void;
  quit(): void;
  /** At quit, run `stop` (stop polling, close files) before the process exits. */
  stopBeforeExit(stop: () => Promise<void>): void;
}

export function watchLifecycle(app: App, showWindow: () => void): Lifecycle {
  let quitting = false;
  let ready = false;
  app.on('second-instance', () => {
    if (ready) showWindow();
  });
  // The tray keeps the app alive with no window.
  app.on('window-all-closed', () => undefined);
  app.on('before-quit', () => {
    quitting = true;
  });
  app.on('activate', () => {
    if (ready) showWindow();
  });
  return {
    quitting: () => quitting,
    ready: () => {
      ready = true;
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
