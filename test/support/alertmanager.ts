// Real-server harness: starts the Debian `prometheus-alertmanager` binary on 127.0.0.1 with free
// ports, a temp storage dir and a written config, single or as an HA cluster. Tests never mock
// Alertmanager; they start one of these per test file (before/after hooks).
//
// Safety nets (a crashed or killed test must not leave servers behind on a shared machine):
// - every child is SIGKILLed from a process 'exit' handler;
// - each child has a tiny `sh` watchdog reading a pipe from this process: when this process dies
//   in any way (even SIGKILL), the pipe closes and the watchdog SIGKILLs the server.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createSocket } from 'node:dgram';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PostableAlert } from '../../main/core/api/types.ts';
import { debianBinary } from './debian-binary.ts';
import { waitFor } from './wait.ts';

export { waitFor } from './wait.ts';

const AM = debianBinary(
  'prometheus-alertmanager',
  '/usr/bin/prometheus-alertmanager',
  'ALERTMANAGER_BIN',
);
const binary = AM.path;

/**
 * false when the Alertmanager binary is available; otherwise a skip message. With CI=true a
 * missing binary is an error (CI must install the Debian package, never silently skip).
 */
export function amSkipReason(): string | false {
  return AM.skipReason();
}

/**
 * The routing tests and the bench run on: group_by [alertname], `severity=critical` to `pager`,
 * `team=b` to `team-b`, everything else to the root receiver `team-a`; group_wait and
 * group_interval are short so groups appear quickly. With `criticalAlsoToTeamB` the pager route
 * continues, so a critical alert with `team=b` lands in two groups. With `testExtras` there is
 * also a `blackhole` receiver with no route, and a critical alert inhibits warning alerts with
 * the same alertname.
 */
export function routingConfig(opts: { criticalAlsoToTeamB: boolean; testExtras: boolean }): string {
  const pager = opts.criticalAlsoToTeamB ? '\n      continue: true' : '';
  const extras = opts.testExtras
    ? `  - name: blackhole
inhibit_rules:
  - source_matchers: ['severity="critical"']
    target_matchers: ['severity="warning"']
    equal: [alertname]
`
    : '';
  return `global:
  resolve_timeout: 5m
route:
  receiver: team-a
  group_by: [alertname]
  group_wait: 1s
  group_interval: 1s
  repeat_interval: 4h
  routes:
    - receiver: pager
      matchers: ['severity="critical"']${pager}
    - receiver: team-b
      matchers: ['team="b"']
receivers:
  - name: team-a
  - name: team-b
  - name: pager
${extras}`;
}

/** Routing used by default: critical alerts also reach team-b; blackhole and inhibition. */
export const DEFAULT_CONFIG = routingConfig({ criticalAlsoToTeamB: true, testExtras: true });

export interface AmProcess {
  name: string;
  /** Base URL without /api/v2 (includes the route prefix when one was given). */
  url: string;
  port: number;
  clusterPort?: number;
  /** SIGTERM, SIGKILL after a timeout. Removes the temp dir unless keepData. */
  stop(opts?: { keepData?: boolean }): Promise<void>;
  /** SIGKILL (crash); storage is kept so start() can bring it back. */
  kill(): Promise<void>;
  /** SIGSTOP: the process hangs with its sockets open (requests queue, nothing answers). */
  pause(): void;
  /** SIGCONT after pause(): it serves whatever queued meanwhile. */
  resume(): void;
  /** Starts again with the same ports, config and storage; resolves when /-/ready answers. */
  start(): Promise<void>;
  /** Whether the process is currently running. */
  readonly running: boolean;
  /** The last part of the server's stderr (logs), for diagnostics. */
  logs(): string;
}

export interface AmCluster {
  peers: AmProcess[];
  urls: string[];
  stop(): Promise<void>;
}

export interface StartOptions {
  /** YAML config; DEFAULT_CONFIG when omitted. */
  config?: string;
  /** Extra command-line flags, e.g. ['--web.timeout=1s', '--web.get-concurrency=1']. */
  args?: string[];
  /** Serve under a path prefix (--web.route-prefix), e.g. '/alertmanager'. */
  routePrefix?: string;
}

/** Blocks (up to 2 s) until every thread of `pid` is in state T (stopped), on Linux. */
function waitAllThreadsStopped(pid: number): void {
  const deadline = Date.now() + 2000;
  const nap = new Int32Array(new SharedArrayBuffer(4));
  while (Date.now() < deadline) {
    let all = true;
    try {
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
        if (state !== 'T' && state !== 't') all = false;
      }
    } catch {
      return; // no /proc (not Linux) or the process is gone
    }
    if (all) return;
    Atomics.wait(nap, 0, 0, 5);
  }
}

// ---------------------------------------------------------------------------------------------
// Process bookkeeping and the exit safety net

const live = new Set<ChildProcess>();
const tempDirs = new Set<string>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of live) {
      try {
        child.kill('SIGKILL');
      } catch {
        /* already gone */
      }
    }
    for (const dir of tempDirs) {
      try {
        rmSync(dir, { recursive: true, force: true });
      } catch {
        /* best effort */
      }
    }
  });
}

/** A watchdog that SIGKILLs `pid` when this process's end of its stdin pipe closes. */
function startWatchdog(pid: number): ChildProcess {
  const dog = spawn('sh', ['-c', `while read -r _; do :; done; kill -9 ${pid} 2>/dev/null`], {
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  dog.unref();
  (dog.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  dog.on('error', () => {});
  dog.stdin?.on('error', () => {});
  return dog;
}

// ---------------------------------------------------------------------------------------------
// Ports

/** A TCP port that is free right now (also free for UDP when `udp`: memberlist uses both). */
async function freePort(udp = false): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await new Promise<number>((resolve, reject) => {
      const srv = createServer();
      srv.once('error', reject);
      srv.listen(0, '127.0.0.1', () => {
        const addr = srv.address();
        const p = typeof addr === 'object' && addr ? addr.port : 0;
        srv.close(() => resolve(p));
      });
    });
    if (!udp) return port;
    const udpFree = await new Promise<boolean>((resolve) => {
      const sock = createSocket('udp4');
      sock.once('error', () => resolve(false));
      sock.bind(port, '127.0.0.1', () => sock.close(() => resolve(true)));
    });
    if (udpFree) return port;
  }
  throw new Error('no free port found');
}

// ---------------------------------------------------------------------------------------------
// One server

interface Plan {
  name: string;
  config: string;
  args: string[];
  routePrefix: string;
  cluster?: { port: number; peers: () => string[] };
}

const STDERR_KEEP = 64 * 1024;
const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

class AmServer implements AmProcess {
  readonly name: string;
  port = 0;
  clusterPort?: number;
  url = '';
  #dir = '';
  #child: ChildProcess | undefined;
  #watchdog: ChildProcess | undefined;
  #stderr = '';
  #exited: Promise<void> = Promise.resolve();
  readonly #plan: Plan;

  constructor(plan: Plan) {
    this.#plan = plan;
    this.name = plan.name;
    if (plan.cluster) this.clusterPort = plan.cluster.port;
  }

  get running(): boolean {
    return this.#child !== undefined;
  }

  logs(): string {
    return this.#stderr;
  }

  /** First start: pick a web port, retrying with a new one if another process grabbed it. */
  async boot(): Promise<void> {
    let lastError: unknown;
    for (let attempt = 0; attempt < 3; attempt++) {
      this.port = await freePort();
      this.url = `http://127.0.0.1:${this.port}${this.#plan.routePrefix}`;
      try {
        await this.start();
        return;
      } catch (err) {
        lastError = err;
        if (!/address already in use/i.test(this.#stderr)) throw err;
      }
    }
    throw lastError;
  }

  #ensureDir(): void {
    if (this.#dir) return;
    this.#dir = mkdtempSync(join(tmpdir(), `amtray-${this.name}-`));
    tempDirs.add(this.#dir);
    writeFileSync(join(this.#dir, 'alertmanager.yml'), this.#plan.config);
  }

  #argv(): string[] {
    const args = [
      `--config.file=${join(this.#dir, 'alertmanager.yml')}`,
      `--storage.path=${join(this.#dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${this.port}`,
      '--log.level=info',
    ];
    if (this.#plan.routePrefix) {
      args.push(`--web.route-prefix=${this.#plan.routePrefix}`);
      args.push(`--web.external-url=http://127.0.0.1:${this.port}${this.#plan.routePrefix}`);
    }
    const cluster = this.#plan.cluster;
    if (cluster) {
      const addr = `127.0.0.1:${cluster.port}`;
      args.push(
        `--cluster.listen-address=${addr}`,
        `--cluster.advertise-address=${addr}`,
        // Short intervals so gossip converges and the cluster settles in a few seconds.
        '--cluster.gossip-interval=50ms',
        '--cluster.pushpull-interval=1s',
        '--cluster.probe-interval=200ms',
        '--cluster.probe-timeout=200ms',
        '--cluster.reconnect-interval=500ms',
        '--cluster.settle-timeout=5s',
        '--cluster.peer-timeout=1s',
      );
      for (const peer of cluster.peers()) args.push(`--cluster.peer=${peer}`);
    } else {
      args.push('--cluster.listen-address=');
    }
    return [...args, ...this.#plan.args];
  }

  start(): Promise<void> {
    return holdingLoop(() => this.#startNow());
  }

  async #startNow(): Promise<void> {
    if (this.#child) throw new Error(`${this.name} is already running`);
    installExitHook();
    this.#ensureDir();
    this.#stderr = '';
    const child = spawn(binary(), this.#argv(), { stdio: ['ignore', 'pipe', 'pipe'] });
    this.#child = child;
    live.add(child);
    // Do not keep the test process alive because of a server someone forgot to stop.
    child.unref();
    const keep = (chunk: Buffer): void => {
      this.#stderr = (this.#stderr + chunk.toString('utf8')).slice(-STDERR_KEEP);
    };
    child.stderr?.on('data', keep);
    child.stdout?.on('data', keep);
    (child.stderr as unknown as { unref?: () => void } | null)?.unref?.();
    (child.stdout as unknown as { unref?: () => void } | null)?.unref?.();

    let exitInfo: string | undefined;
    this.#exited = new Promise<void>((resolve) => {
      const done = (how: string): void => {
        exitInfo ??= how;
        live.delete(child);
        if (this.#child === child) this.#child = undefined;
        this.#watchdog?.kill('SIGKILL');
        this.#watchdog = undefined;
        resolve();
      };
      child.once('exit', (code, signal) => done(`exited with ${signal ?? `code ${code}`}`));
      child.once('error', (err) => done(`failed to spawn: ${err.message}`));
    });
    if (child.pid !== undefined) this.#watchdog = startWatchdog(child.pid);

    try {
      await waitFor(
        async () => {
          if (exitInfo !== undefined) throw new StartupFailed(exitInfo);
          try {
            const res = await fetch(`${this.url}/-/ready`, { signal: AbortSignal.timeout(2000) });
            await res.arrayBuffer();
            return res.ok;
          } catch {
            return false;
          }
        },
        {
          timeoutMs: READY_TIMEOUT_MS,
          intervalMs: 100,
          rethrow: (e) => e instanceof StartupFailed,
        },
      );
    } catch (err) {
      if (this.#child === child) await this.kill();
      const why = err instanceof Error ? err.message : String(err);
      throw new Error(
        `Alertmanager ${this.name} on ${this.url} did not become ready (${why}).\n` +
          `command: ${binary()} ${this.#argv().join(' ')}\nstderr:\n${this.#stderr.slice(-4000)}`,
        { cause: err },
      );
    }
  }

  pause(): void {
    const child = this.#child;
    if (!child?.kill('SIGSTOP') || child.pid === undefined) return;
    // SIGSTOP reaches a busy multi-threaded process a moment later on another CPU: a request
    // sent right away could still be served. Return only once every thread is stopped.
    waitAllThreadsStopped(child.pid);
  }

  resume(): void {
    this.#child?.kill('SIGCONT');
  }

  kill(): Promise<void> {
    return holdingLoop(async () => {
      const child = this.#child;
      if (!child) return;
      child.kill('SIGKILL');
      await this.#exited;
    });
  }

  stop(opts?: { keepData?: boolean }): Promise<void> {
    return holdingLoop(() => this.#stopNow(opts));
  }

  async #stopNow(opts?: { keepData?: boolean }): Promise<void> {
    const child = this.#child;
    if (child) {
      child.kill('SIGTERM');
      child.kill('SIGCONT'); // a paused process takes the SIGTERM only once it runs
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await this.#exited;
      clearTimeout(timer);
    }
    if (!opts?.keepData && this.#dir) {
      rmSync(this.#dir, { recursive: true, force: true });
      tempDirs.delete(this.#dir);
      this.#dir = '';
    }
  }
}

class StartupFailed extends Error {}

/**
 * Children are unref'd so a forgotten server cannot hang a test file, so while we wait for one
 * (start, stop, kill) something must keep the event loop alive: a ref'd interval does.
 */
async function holdingLoop<T>(work: () => Promise<T>): Promise<T> {
  const keepAlive = setInterval(() => {}, 1000);
  try {
    return await work();
  } finally {
    clearInterval(keepAlive);
  }
}

function normalizePrefix(prefix: string | undefined): string {
  if (!prefix || prefix === '/') return '';
  return ('/' + prefix.replace(/^\/+|\/+$/g, '')).replace(/\/+/g, '/');
}

let serial = 0;

export async function startAlertmanager(opts?: StartOptions): Promise<AmProcess> {
  const server = new AmServer({
    name: `am${++serial}`,
    config: opts?.config ?? DEFAULT_CONFIG,
    args: opts?.args ?? [],
    routePrefix: normalizePrefix(opts?.routePrefix),
  });
  await server.boot();
  return server;
}

interface ClusterStatusBody {
  cluster?: { status?: string; peers?: unknown[] };
}

/** Starts `size` peers gossiping on 127.0.0.1 and waits until each lists all of them and is ready. */
export async function startCluster(size = 3, opts?: StartOptions): Promise<AmCluster> {
  const clusterPorts: number[] = [];
  while (clusterPorts.length < size) {
    const p = await freePort(true);
    if (!clusterPorts.includes(p)) clusterPorts.push(p);
  }
  const id = ++serial;
  const peers = clusterPorts.map(
    (port, i) =>
      new AmServer({
        name: `am${id}-peer${i}`,
        config: opts?.config ?? DEFAULT_CONFIG,
        args: opts?.args ?? [],
        routePrefix: normalizePrefix(opts?.routePrefix),
        cluster: {
          port,
          peers: () => clusterPorts.filter((q) => q !== port).map((q) => `127.0.0.1:${q}`),
        },
      }),
  );
  const cluster: AmCluster = {
    peers,
    get urls() {
      return peers.map((p) => p.url);
    },
    async stop() {
      await Promise.all(peers.map((p) => p.stop()));
    },
  };
  try {
    await Promise.all(peers.map((p) => p.boot()));
    await waitFor(
      async () => {
        for (const p of peers) {
          const res = await fetch(`${p.url}/api/v2/status`, { signal: AbortSignal.timeout(2000) });
          const body = (await res.json()) as ClusterStatusBody;
          if (body.cluster?.status !== 'ready' || body.cluster.peers?.length !== size) return false;
        }
        return true;
      },
      { timeoutMs: 60_000, intervalMs: 200, message: `cluster of ${size} did not converge` },
    );
  } catch (err) {
    const logs = peers.map((p) => `--- ${p.name}\n${p.logs().slice(-2000)}`).join('\n');
    await cluster.stop();
    throw new Error(`${err instanceof Error ? err.message : String(err)}\n${logs}`, {
      cause: err,
    });
  }
  return cluster;
}

// ---------------------------------------------------------------------------------------------
// Alerts

export function makeAlert(
  labels: Record<string, string>,
  opts?: {
    annotations?: Record<string, string>;
    startsAt?: string;
    endsAt?: string;
    generatorURL?: string;
  },
): PostableAlert {
  return {
    labels: { ...labels },
    annotations: { ...(opts?.annotations ?? {}) },
    ...(opts?.startsAt === undefined ? {} : { startsAt: opts.startsAt }),
    ...(opts?.endsAt === undefined ? {} : { endsAt: opts.endsAt }),
    ...(opts?.generatorURL === undefined ? {} : { generatorURL: opts.generatorURL }),
  };
}

/** POSTs alerts to one server or to each of several (like Prometheus does for an HA pair). */
export async function postAlerts(url: string | string[], alerts: PostableAlert[]): Promise<void> {
  const urls = Array.isArray(url) ? url : [url];
  await Promise.all(
    urls.map(async (u) => {
      const res = await fetch(`${u.replace(/\/+$/, '')}/api/v2/alerts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(alerts),
        signal: AbortSignal.timeout(10_000),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`POST ${u}/api/v2/alerts: ${res.status} ${text}`);
    }),
  );
}
