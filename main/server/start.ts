// The browser shell: the same core and bridge as the Electron app, served to a local browser.
// HTTP serves the built renderer on 127.0.0.1; the bridge is a WebSocket at /bridge that needs
// the random token printed at start and our own Origin. Everything else is refused.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { WebSocketServer, type WebSocket } from 'ws';
import type { AppInfo } from '../core/bridge/contract.ts';
import { browserShellCsp, buildCsp } from '../core/security/csp.ts';
import { createHandlers, createListModel, type ShellServices } from '../core/bridge/handlers.ts';
import { openSettingsFile, type SettingsFile } from '../core/settings/persist.ts';
import { Emitter, createSubscribe, type NavigateRequest } from '../core/bridge/subscriptions.ts';
import type { Core, SecretStore } from '../core/service.ts';
import { defaultInstance } from '../core/settings/defaults.ts';
import { MemorySecretStore } from '../core/secrets/memory-secret-store.ts';
import { CLI_INSTANCE_PREFIX, isCommandLineInstance } from '../core/settings/cli-instances.ts';
import type { Settings } from '../core/settings/types.ts';
import { checkUpgrade, isOwnHost, servedOrigin } from './access.ts';
import { MAX_FRAME_BYTES, createBridgeSession } from './bridge-session.ts';
import { encodeFrame } from './frames.ts';
import type { Flow } from '../core/bridge/view-stream.ts';
import { FileSecretStore } from './secrets.ts';
import type { CoreOptions } from '../core/engine/core-options.ts';
import { AckLedgerFile } from '../core/files/ack-ledger-file.ts';
import { WatchdogSeenFile } from '../core/files/watchdog-seen-file.ts';
import { HistoryService } from '../core/history/history-service.ts';
import { HygieneMemory } from '../core/silences/hygiene-memory.ts';
import { systemClock } from '../core/service.ts';
import { serveStatic } from './static.ts';

export type CreateCoreLike = (
  options: Pick<
    CoreOptions,
    'settings' | 'secrets' | 'osUser' | 'ackLedger' | 'hygieneMemory' | 'watchdogMemory'
  >,
) => Core;

export interface BrowserShellOptions {
  createCore: CreateCoreLike;
  /** Settings file to read and save to (core/settings/persist.ts: corrupt files kept aside). */
  configPath?: string;
  /** Use these settings instead of a file (tests); changes are then kept in memory only. */
  settings?: Settings;
  /** Defaults to secrets.json next to the settings file (or an in-memory store). */
  secrets?: SecretStore;
  /** Alertmanager URLs to watch this run only (--instance). */
  instances?: string[];
  port?: number;
  /** The built renderer; defaults to out/renderer found from this file. */
  rendererDir?: string;
  version?: string;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  /**
   * The history file; defaults to history.sqlite next to the settings file. With in-memory
   * settings and no path there is no history.
   */
  historyPath?: string;
  /**
   * Opens an already validated http(s) URL; the desktop's handler (xdg-open, open) by
   * default. Tests record the URLs instead of starting a browser.
   */
  openExternal?: (url: string) => Promise<void>;
}

export interface BrowserShell {
  url: string;
  port: number;
  token: string;
  core: Core;
  /** Emits ui:navigate requests to every connected window. */
  navigate: Emitter<NavigateRequest>;
  close(): Promise<void>;
}

export { CLI_INSTANCE_PREFIX };

export function findRendererDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  // Built: out/main/serve.js -> out/renderer. From source (tsx): main/server -> out/renderer.
  const candidates = [join(here, '..', 'renderer'), join(here, '..', '..', 'out', 'renderer')];
  return candidates.find((d) => existsSync(join(d, 'index.html'))) ?? (candidates[0] as string);
}

export function withCliInstances(settings: Settings, urls: string[]): Settings {
  if (urls.length === 0) return settings;
  const added = urls.map((url, i) =>
    defaultInstance({ id: `${CLI_INSTANCE_PREFIX}${i + 1}`, name: new URL(url).host, url }),
  );
  return { ...settings, instances: [...settings.instances, ...added] };
}

/** Opens a URL with the desktop's handler, without a shell (the URL is already validated). */
function openWithDesktop(url: string): Promise<void> {
  const [cmd, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['rundll32', ['url.dll,FileProtocolHandler', url]]
        : ['xdg-open', [url]];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args as string[], { stdio: 'ignore', detached: true });
    child.once('error', reject);
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}

function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  const text = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' }[
    status as 400 | 401 | 403 | 404
  ];
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\n` +
      `Content-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`,
  );
}

export async function startBrowserShell(opts: BrowserShellOptions): Promise<BrowserShell> {
  const env = opts.env ?? process.env;
  const log = opts.log ?? (() => undefined);
  let settings: Settings;
  let settingsNotice: AppInfo['settingsNotice'];
  let fileSettings: SettingsFile | undefined;
  let secrets: SecretStore;

  if (opts.settings) {
    settings = opts.settings;
    secrets = opts.secrets ?? new MemorySecretStore();
  } else {
    if (!opts.configPath) throw new Error('startBrowserShell needs settings or a configPath');
    const configFile = opts.configPath;
    secrets = opts.secrets ?? new FileSecretStore(join(dirname(configFile), 'secrets.json'), env);
    // The file and its folder are created on the first save (mode 0600 in a 0700 folder).
    fileSettings = await openSettingsFile({ path: configFile, secrets, log });
    settings = fileSettings.settings;
    settingsNotice = fileSettings.notice;
  }

  const osUser = (() => {
    try {
      return userInfo().username;
    } catch {
      return env.USER ?? '';
    }
  })();
  // Silence hygiene's clocks: kept in the history file while it is on.
  const hygieneMemory = new HygieneMemory();
  const core = opts.createCore({
    settings: withCliInstances(settings, opts.instances ?? []),
    secrets,
    osUser,
    hygieneMemory,
    ...(opts.configPath && {
      ackLedger: new AckLedgerFile(join(dirname(opts.configPath), 'acks.json')),
      watchdogMemory: new WatchdogSeenFile(join(dirname(opts.configPath), 'watchdog.json')),
    }),
  });

  const historyPath =
    opts.historyPath ?? (opts.configPath ? join(dirname(opts.configPath), 'history.sqlite') : '');
  const history = historyPath
    ? new HistoryService({
        path: historyPath,
        core,
        clock: systemClock,
        log,
        hygiene: hygieneMemory,
        secrets,
      })
    : undefined;

  const navigate = new Emitter<NavigateRequest>();
  const shellServices: ShellServices = {
    appInfo: () => ({
      shell: 'browser',
      platform: process.platform,
      version: opts.version ?? '0.0.0',
      user: osUser,
      secretBackend:
        secrets instanceof FileSecretStore
          ? { name: `the file ${secrets.path} (mode 0600: readable only by you)`, encrypted: false }
          : { name: 'memory (this run only)', encrypted: false },
      ...(settingsNotice ? { settingsNotice } : {}),
    }),
    openExternal: opts.openExternal ?? openWithDesktop,
    // A browser tab cannot register itself as a login item.
    setLaunchAtLogin: async () => false,
    secrets,
    persistSettings: async (next) => {
      if (!fileSettings) return;
      const saved = {
        ...next,
        instances: next.instances.filter((i) => !isCommandLineInstance(i.id)),
      };
      await fileSettings.save(saved);
    },
    ...(history ? { history } : {}),
  };
  const list = createListModel(core);
  const handlers = createHandlers(core, shellServices, list);
  const subscribe = createSubscribe({ core, navigate, list });

  const token = randomBytes(32).toString('base64url');
  const rendererDir = opts.rendererDir ?? findRendererDir();
  let port = 0;
  // Until the port is known nothing is served; then the socket source names that port only.
  let csp = buildCsp();

  const server = createServer((req, res) => {
    if (!isOwnHost(req.headers.host, port)) {
      res.writeHead(403, { 'Content-Type': 'text/plain' });
      res.end('forbidden');
      return;
    }
    serveStatic(rendererDir, req, res, csp).catch((err: unknown) => {
      log(`static: ${err instanceof Error ? err.message : String(err)}`);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const sockets = new Set<WebSocket>();

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const decision = checkUpgrade(req, { port, token });
    if (!decision.ok) {
      log(`bridge: refused ${decision.status} (${decision.reason})`);
      refuseUpgrade(socket, decision.status, decision.reason);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      const session = createBridgeSession(
        handlers,
        subscribe,
        (message) => {
          if (ws.readyState !== ws.OPEN) return;
          // Last resort: the view stream paces itself (socketFlow), so only a tab that stopped
          // reading altogether gets here; it must not make us buffer without end.
          if (ws.bufferedAmount > 64 * 1024 * 1024) {
            ws.terminate();
            return;
          }
          ws.send(encodeFrame(JSON.stringify(message)));
        },
        socketFlow(ws),
      );
      ws.on('message', (data, isBinary) => {
        if (isBinary) {
          ws.close(1003, 'text frames only');
          return;
        }
        void session.onMessage(data.toString());
      });
      ws.on('close', () => {
        sockets.delete(ws);
        session.close();
      });
      ws.on('error', () => ws.terminate());
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  csp = browserShellCsp(port);
  core.start();

  const url = `${servedOrigin(port)}/?token=${token}`;
  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    token,
    core,
    navigate,
    close() {
      closing ??= (async () => {
        for (const ws of sockets) ws.terminate();
        wss.close();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await core.stop();
        history?.close();
      })();
      return closing;
    },
  };
}

/** Below this many unsent bytes the socket takes the next view message (~2 parts). */
const LOW_WATER_BYTES = 4 * 1024 * 1024;

/** The socket's pace: wait while more than LOW_WATER_BYTES are still unsent. */
function socketFlow(ws: WebSocket): Flow {
  return {
    drained() {
      if (ws.bufferedAmount < LOW_WATER_BYTES || ws.readyState !== ws.OPEN) return undefined;
      return new Promise<void>((resolve) => {
        const check = (): void => {
          if (ws.bufferedAmount < LOW_WATER_BYTES || ws.readyState !== ws.OPEN) resolve();
          else setTimeout(check, 5);
        };
        setTimeout(check, 5);
      });
    },
  };
}
