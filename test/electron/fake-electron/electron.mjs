// A stand-in for the `electron` module, for running the real main-process bundle in plain
// Node where no Electron binary exists. It records what the app asks of Electron and reports
// it to the parent test over the IPC channel; the parent drives it (invoke an IPC channel as
// a trusted or foreign sender, click a tray item, try navigation, close the window, quit).
// It fakes Electron only: the app's core talks to a real Alertmanager.
import { EventEmitter } from 'node:events';
import { createAttention } from './attention.mjs';
import { createProtocol } from './protocol.mjs';
import { createTray } from './tray.mjs';

const report = (msg) => process.send?.(msg);
const toJson = (value) => JSON.parse(JSON.stringify(value ?? null));

// Ready after the main bundle's first synchronous run, as in Electron: what must happen
// before 'ready' (privileged schemes) has to be done at load time.
let ready = false;
setImmediate(() => {
  ready = true;
  app.emit('ready');
});

let userData = '/tmp';
export const app = Object.assign(new EventEmitter(), {
  isPackaged: process.env.FAKE_PACKAGED === '1',
  requestSingleInstanceLock: () => true,
  // view-links.ts registers alertmanager-tray:// links; the fake keeps what was asked.
  protocolClients: [],
  setAsDefaultProtocolClient(scheme) {
    this.protocolClients.push(scheme);
    return true;
  },
  whenReady: () => (ready ? Promise.resolve() : new Promise((r) => app.once('ready', r))),
  getAppPath: () => process.env.FAKE_APP_PATH,
  getPath: (name) => (name === 'userData' ? userData : '/tmp'),
  setPath: (name, value) => {
    if (name === 'userData') userData = value;
  },
  getVersion: () => '0.1.0-fake',
  setAppUserModelId: () => undefined,
  getLoginItemSettings: () => ({ openAtLogin: false, wasOpenedAtLogin: false }),
  setLoginItemSettings: () => undefined,
  quit() {
    app.emit('before-quit');
    const event = {
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true;
      },
    };
    app.emit('will-quit', event);
    if (!event.defaultPrevented) {
      report({ type: 'quit' });
      setTimeout(() => process.exit(0), 50);
    }
  },
  exit: (code) => process.exit(code),
});
const attention = createAttention(report, app);
Object.assign(app, attention.badgeApi, { dock: attention.dock });

const { protocol, request: protocolRequest } = createProtocol({
  isReady: () => ready,
  report,
});
export { protocol };

const windows = [];
let nextWebContentsId = 1;

/** A webContents as Electron announces it: app 'web-contents-created' before anyone uses it. */
function createWebContents() {
  const webContents = new EventEmitter();
  webContents.id = nextWebContentsId++;
  webContents.isDestroyed = () => false;
  webContents.setWindowOpenHandler = (handler) => {
    webContents.openHandler = handler;
  };
  webContents.executeJavaScript = attention.executeJavaScript(webContents);
  webContents.send = (channel, ...args) =>
    report({ type: 'webcontents-send', channel, args: toJson(args) });
  app.emit('web-contents-created', { preventDefault() {} }, webContents);
  return webContents;
}

function preventable() {
  return {
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

/** The app window: the one with the bridge (a preload); others are pages with no bridge. */
const appWindow = () => windows.find((w) => w.options?.webPreferences?.preload) ?? windows[0];

export class BrowserWindow extends EventEmitter {
  constructor(options) {
    super();
    this.options = options;
    this.visible = false;
    this.destroyed = false;
    // A window with no preload (the hidden audio page) is reported apart from the app's.
    this.kind = options?.webPreferences?.preload ? '' : 'hidden-';
    this.webContents = createWebContents();
    Object.assign(this, attention.windowParts(this));
    windows.push(this);
    report({ type: `${this.kind}window`, options: toJson(options) });
  }
  loadURL(url) {
    this.url = url;
    report({ type: `${this.kind}load`, url });
    setImmediate(() => this.emit('ready-to-show'));
    return Promise.resolve();
  }
  show() {
    this.visible = true;
    report({ type: 'show' });
  }
  hide() {
    this.visible = false;
    report({ type: 'hide' });
  }
  focus() {}
  restore() {}
  removeMenu() {}
  isMinimized() {
    return false;
  }
  isFullScreen() {
    return false;
  }
  isDestroyed() {
    return this.destroyed;
  }
  destroy() {
    this.destroyed = true;
    report({ type: `${this.kind}destroy` });
  }
  getNormalBounds() {
    return { x: 10, y: 20, width: 900, height: 700 };
  }
}

export const screen = {
  getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
};

const sessionState = {};
export const session = {
  defaultSession: {
    setPermissionRequestHandler: (h) => (sessionState.permissionRequest = h),
    setPermissionCheckHandler: (h) => (sessionState.permissionCheck = h),
    webRequest: { onHeadersReceived: (l) => (sessionState.headers = l) },
  },
};

export const shell = {
  openExternal: (url) => {
    report({ type: 'openExternal', url });
    return Promise.resolve();
  },
};

export const nativeImage = { createFromPath: (path) => ({ path }) };
export const nativeTheme = Object.assign(new EventEmitter(), { shouldUseDarkColors: false });

const { Tray, Menu, menuItem } = createTray(report);
export { Tray, Menu };

export class Notification extends EventEmitter {
  static isSupported() {
    return true;
  }
  constructor(options) {
    super();
    this.options = options;
  }
  show() {
    report({ type: 'notification', options: toJson(this.options) });
  }
  close() {
    report({ type: 'notification-close', title: String(this.options?.title ?? '') });
    this.emit('close');
  }
}

const handlers = new Map();
export const ipcMain = Object.assign(new EventEmitter(), {
  handle: (channel, fn) => handlers.set(channel, fn),
  removeHandler: (channel) => handlers.delete(channel),
});

export const powerMonitor = new EventEmitter();

// Reversible and visibly not plaintext; reports basic_text like a keyring-less Linux.
export const safeStorage = {
  isEncryptionAvailable: () => true,
  encryptString: (s) => Buffer.from(`fake-v10:${Buffer.from(s).toString('hex')}`),
  decryptString: (b) => Buffer.from(b.toString().slice('fake-v10:'.length), 'hex').toString(),
  getSelectedStorageBackend: () => 'basic_text',
};

export const contextBridge = {};
export const ipcRenderer = {};

// Commands from the test.
process.on('message', async (msg) => {
  const win = appWindow();
  const reply = (body) => report({ type: 'reply', id: msg.id, ...body });
  try {
    switch (msg.type) {
      case 'invoke': {
        const handler = handlers.get(msg.channel);
        if (!handler) return reply({ error: `no handler for ${msg.channel}` });
        const sender = msg.foreign
          ? { id: 999, isDestroyed: () => false, send() {}, once() {}, on() {} }
          : win.webContents;
        const event = { sender, senderFrame: { url: msg.frameUrl ?? win.url, parent: null } };
        return reply({ result: toJson(await handler(event, ...msg.args)) });
      }
      case 'click': {
        const item = menuItem(msg.itemId);
        if (!item?.click) return reply({ error: `no clickable tray item ${msg.itemId}` });
        item.click();
        return reply({});
      }
      case 'window-open':
        return reply({ result: toJson(win.webContents.openHandler({ url: msg.url })) });
      case 'navigate': {
        const event = {
          defaultPrevented: false,
          preventDefault() {
            this.defaultPrevented = true;
          },
        };
        win.webContents.emit('will-navigate', event, msg.url);
        return reply({ result: event.defaultPrevented });
      }
      case 'close-window': {
        const event = {
          defaultPrevented: false,
          preventDefault() {
            this.defaultPrevented = true;
          },
        };
        win.emit('close', event);
        return reply({ result: { prevented: event.defaultPrevented, visible: win.visible } });
      }
      case 'permission': {
        const granted = await new Promise((r) =>
          sessionState.permissionRequest(win.webContents, msg.permission, r, {}),
        );
        return reply({ result: { granted, check: sessionState.permissionCheck() } });
      }
      case 'headers': {
        const out = await new Promise((r) =>
          sessionState.headers({ url: win.url, responseHeaders: {} }, r),
        );
        return reply({ result: toJson(out) });
      }
      case 'app-request':
        return reply({ result: toJson(await protocolRequest(msg.url, msg.method)) });
      case 'other-contents': {
        // A webContents the app did not create itself (devtools, a future view): the app-wide
        // guard must already hold for it.
        const contents = createWebContents();
        const open = contents.openHandler?.({ url: msg.url }) ?? { action: 'allow' };
        const results = { open };
        for (const name of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
          const event = preventable();
          contents.emit(name, event, msg.url);
          results[name] = event.defaultPrevented;
        }
        return reply({ result: results });
      }
      case 'power':
        powerMonitor.emit(msg.event);
        return reply({});
      case 'second-instance':
        app.emit('second-instance');
        return reply({});
      default:
        return reply(attention.command(msg, win) ?? { error: `unknown command ${msg.type}` });
    }
  } catch (err) {
    reply({ error: String(err?.stack ?? err) });
  }
});

export default {
  app,
  BrowserWindow,
  screen,
  session,
  shell,
  nativeImage,
  nativeTheme,
  Menu,
  Tray,
  Notification,
  ipcMain,
  powerMonitor,
  safeStorage,
  contextBridge,
  ipcRenderer,
  protocol,
};
