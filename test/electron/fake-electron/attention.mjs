// @ts-check
// The stand-in's attention and sound parts, shaped (and type-checked: tsconfig.json next to
// this file) like Electron's: the app's badge count and dock bounce, a window's frame flash and
// focus, a webContents' executeJavaScript (the hidden audio page's play call). Each call is
// reported to the test; a test command focuses or blurs the app window.

/** @typedef {import('electron').App} App */
/** @typedef {import('electron').BrowserWindow} BrowserWindow */
/** @typedef {import('electron').WebContents} WebContents */
/** @typedef {{ webContents: { id: number }, focused?: boolean }} FakeWindow */

/**
 * @param {(msg: object) => void} report
 * @param {{ emit: (event: string, ...args: unknown[]) => boolean }} app
 */
export function createAttention(report, app) {
  let badge = 0;
  let nextBounce = 1;

  /** @type {Pick<App, 'setBadgeCount' | 'getBadgeCount'>} */
  const badgeApi = {
    setBadgeCount(count) {
      badge = count ?? 0;
      report({ type: 'badge', count: badge });
      return true;
    },
    getBadgeCount: () => badge,
  };

  /** @type {Pick<NonNullable<App['dock']>, 'bounce' | 'cancelBounce'>} */
  const dock = {
    bounce(type) {
      const id = nextBounce++;
      report({ type: 'dock-bounce', kind: type ?? 'informational', id });
      return id;
    },
    cancelBounce(id) {
      report({ type: 'dock-cancel-bounce', id });
    },
  };

  /**
   * The attention methods of one window.
   * @param {FakeWindow} win
   * @returns {Pick<BrowserWindow, 'flashFrame' | 'isFocused'>}
   */
  const windowParts = (win) => ({
    flashFrame(flag) {
      report({ type: 'flash-frame', flag, webContentsId: win.webContents.id });
    },
    isFocused: () => win.focused === true,
  });

  /**
   * A webContents' executeJavaScript: reports the script; the page "answers" true.
   * @param {{ id: number }} contents
   * @returns {WebContents['executeJavaScript']}
   */
  const executeJavaScript = (contents) => (code) => {
    report({ type: 'execute-javascript', code, webContentsId: contents.id });
    return Promise.resolve(true);
  };

  /**
   * Test commands: focus or blur the app window. Undefined for any other command.
   * @param {{ type: string }} msg
   * @param {FakeWindow} win
   */
  const command = (msg, win) => {
    if (msg.type === 'focus-window') {
      win.focused = true;
      app.emit('browser-window-focus', {}, win);
      return {};
    }
    if (msg.type === 'blur-window') {
      win.focused = false;
      app.emit('browser-window-blur', {}, win);
      return {};
    }
    return undefined;
  };

  return { badgeApi, dock, windowParts, executeJavaScript, command };
}
