// App-wide rules for every webContents Electron creates (the window's, and any future one: a
// devtools page, a webview someone adds, a window a bug lets open): no new windows, no
// navigation away, no redirects, no <webview>. Registered before the first window. Electron
// emits 'web-contents-created' inside the BrowserWindow constructor, so the app window's own
// handlers, set right after (window.ts: its http(s) links go to the OS browser), replace the
// window-open one here and add to the rest.
import type { App, WebContents } from 'electron';

/** The parts of a WebContents guarded here. */
export type GuardedContents = Pick<WebContents, 'setWindowOpenHandler' | 'on'>;

export function guardContents(contents: GuardedContents, log: (line: string) => void): void {
  contents.setWindowOpenHandler(({ url }) => {
    log(`contents: refused to open ${url}`);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    event.preventDefault();
    log(`contents: blocked navigation to ${url}`);
  });
  contents.on('will-redirect', (event, url) => {
    event.preventDefault();
    log(`contents: blocked redirect to ${url}`);
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    log('contents: refused a <webview>');
  });
}

export function guardAllWebContents(app: Pick<App, 'on'>, log: (line: string) => void): void {
  app.on('web-contents-created', (_event, contents) => guardContents(contents, log));
}
