// Runs the real main bundle (out/main/index.js) on the fake `electron` module next to this
// file, in a child Node process, and talks to it: what the app asked of Electron arrives as
// messages; commands (invoke an IPC channel, click a tray item, ...) get a reply.
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { waitFor } from '../../support/alertmanager.ts';
import { ensureBuilt, root } from '../../support/browser-shell.ts';

export interface MenuItem {
  id?: string;
  type?: string;
  label?: string;
  submenu?: MenuItem[];
}
export interface Message {
  type: string;
  id?: number;
  [k: string]: unknown;
}
export interface BridgeReply {
  ok: boolean;
  value?: unknown;
  error?: { kind: string; message: string };
}

function flatten(items: MenuItem[]): MenuItem[] {
  return items.flatMap((i) => [i, ...flatten(i.submenu ?? [])]);
}

export interface MainProcess {
  child: ChildProcess;
  messages: Message[];
  stderr(): string;
  command(msg: Record<string, unknown>): Promise<Message>;
  invoke(channel: string, args: unknown[], extra?: Record<string, unknown>): Promise<BridgeReply>;
  /** The latest message of a type. */
  last(type: string): Message | undefined;
  /** The latest tray menu, flattened. */
  menu(): MenuItem[];
  kill(): Promise<void>;
}

/**
 * Starts the app on `userData` and resolves once its window was shown. `env` is added to the
 * child's environment (FAKE_PACKAGED=1 makes app.isPackaged true); a VITE_DEV_SERVER_URL of
 * the calling shell is not passed on.
 */
export async function launchMain(
  userData: string,
  opts: { env?: Record<string, string> } = {},
): Promise<MainProcess> {
  ensureBuilt();
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.VITE_DEV_SERVER_URL;
  const messages: Message[] = [];
  let stderr = '';
  let nextId = 1;
  const child = fork(join(root, 'out/main/index.js'), [], {
    cwd: root,
    execArgv: ['--import', join(root, 'test/electron/fake-electron/register.mjs')],
    env: { ...env, FAKE_APP_PATH: root, AMTRAY_USER_DATA: userData, ...opts.env },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (d: string) => (stderr += d));
  child.on('message', (m) => messages.push(m as Message));
  const last = (type: string) => [...messages].reverse().find((m) => m.type === type);
  const command = (msg: Record<string, unknown>): Promise<Message> => {
    const id = nextId++;
    child.send({ ...msg, id });
    return waitFor(() => messages.find((m) => m.type === 'reply' && m.id === id), {
      timeoutMs: 30_000,
      message: `reply to ${String(msg.type)}`,
    }).then((m) => {
      if (m.error) throw new Error(String(m.error));
      return m;
    });
  };
  const main: MainProcess = {
    child,
    messages,
    stderr: () => stderr,
    command,
    invoke: async (channel, args, extra = {}) =>
      (await command({ type: 'invoke', channel: `amtray:${channel}`, args, ...extra }))
        .result as BridgeReply,
    last,
    menu: () => flatten((last('menu')?.items as MenuItem[]) ?? []),
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    },
  };
  await waitFor(() => last('show'), { timeoutMs: 30_000, message: `window shown\n${stderr}` });
  return main;
}
