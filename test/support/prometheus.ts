// Real-server harness for Prometheus: starts Debian's `prometheus` binary on 127.0.0.1 with a free
// port, a temp TSDB dir, a written rule file and `alerting.alertmanagers` pointing at real
// Alertmanagers (test/support/alertmanager.ts). Shared by the pipeline-health tests (Watchdog)
// and the history backfill tests (ALERTS series over query_range).
//
//   const prom = await startPrometheus({ rules: WATCHDOG_RULES, alertmanagerUrls: [am.url] });
//   ... prom.url, await prom.setRules(otherRules), await prom.stop()
//
// Safety nets as in alertmanager.ts: SIGKILL from a process 'exit' hook, and a `sh` watchdog on
// a pipe that kills the server when this process dies in any way.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { debianBinary } from './debian-binary.ts';
import { waitFor } from './wait.ts';

const PROM = debianBinary('prometheus', '/usr/bin/prometheus', 'PROMETHEUS_BIN');
const binary = PROM.path;

/** false when the binary is available; otherwise a skip message (an error with CI=true). */
export function promSkipReason(): string | false {
  return PROM.skipReason();
}

/** The conventional dead-man's switch (kube-prometheus): one always-firing rule. */
export const WATCHDOG_RULES = `groups:
  - name: meta
    rules:
      - alert: Watchdog
        expr: vector(1)
        labels:
          severity: none
        annotations:
          summary: Always firing; its absence means the alerting pipeline is broken.
`;

/** A rule file with no rules (what WATCHDOG_RULES becomes when someone deletes the rule). */
export const NO_RULES = 'groups: []\n';

export interface PromStartOptions {
  /** Rule file contents (YAML, `groups:`). */
  rules: string;
  /** Alertmanager base URLs (with any route prefix, without /api/v2) to send alerts to. */
  alertmanagerUrls: string[];
  /** Rule evaluation and scrape interval; default '1s'. */
  evaluationInterval?: string;
  /**
   * --rules.alert.resend-delay; default '1s'. Prometheus sends firing alerts with endsAt =
   * now + 4 × max(resend delay, evaluation interval), so after the rule stops (or Prometheus
   * does) Alertmanager drops the alert within about 4 × this value.
   */
  resendDelay?: string;
  /** external_labels added to every alert and series. */
  externalLabels?: Record<string, string>;
  /** Extra command-line flags. */
  args?: string[];
}

export interface PromProcess {
  /** Base URL, e.g. http://127.0.0.1:41234 (API under /api/v1). */
  readonly url: string;
  readonly port: number;
  /** Rewrites the rule file and reloads (POST /-/reload); resolves once the reload answered. */
  setRules(rules: string): Promise<void>;
  /** SIGTERM, SIGKILL after a timeout; removes the temp dir. */
  stop(): Promise<void>;
  readonly running: boolean;
  /** The last part of the server's output, for diagnostics. */
  logs(): string;
}

const live = new Set<ChildProcess>();
const tempDirs = new Set<string>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of live) child.kill('SIGKILL');
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  });
}

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

async function freePort(): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const p = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(p));
    });
  });
}

/** prometheus.yml: alerting to the given Alertmanagers, one rule file, self-scrape off. */
function configYaml(opts: PromStartOptions, rulesPath: string): string {
  const interval = opts.evaluationInterval ?? '1s';
  const managers = opts.alertmanagerUrls.map((raw) => {
    const u = new URL(raw);
    const prefix = u.pathname.replace(/\/+$/, '');
    return `    - scheme: ${u.protocol.replace(':', '')}
      api_version: v2
      timeout: 2s${prefix ? `\n      path_prefix: ${JSON.stringify(prefix)}` : ''}
      static_configs:
        - targets: [${JSON.stringify(u.host)}]`;
  });
  const ext = Object.entries(opts.externalLabels ?? {})
    .map(([k, v]) => `    ${k}: ${JSON.stringify(v)}`)
    .join('\n');
  return `global:
  scrape_interval: ${interval}
  evaluation_interval: ${interval}${ext ? `\n  external_labels:\n${ext}` : ''}
rule_files:
  - ${JSON.stringify(rulesPath)}
alerting:
  alertmanagers:
${managers.length ? managers.join('\n') : '    []'}
`;
}

const STDERR_KEEP = 64 * 1024;

/**
 * Starts Prometheus and resolves when /-/ready answers and the rule file is loaded. The HTTP
 * lifecycle API is on so setRules() can reload without a restart.
 */
export async function startPrometheus(opts: PromStartOptions): Promise<PromProcess> {
  installExitHook();
  const dir = mkdtempSync(join(tmpdir(), 'amtray-prom-'));
  tempDirs.add(dir);
  const rulesPath = join(dir, 'rules.yml');
  writeFileSync(rulesPath, opts.rules);
  writeFileSync(join(dir, 'prometheus.yml'), configYaml(opts, rulesPath));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const argv = [
    `--config.file=${join(dir, 'prometheus.yml')}`,
    `--storage.tsdb.path=${join(dir, 'data')}`,
    `--web.listen-address=127.0.0.1:${port}`,
    '--web.enable-lifecycle',
    `--rules.alert.resend-delay=${opts.resendDelay ?? '1s'}`,
    '--log.level=info',
    ...(opts.args ?? []),
  ];
  let output = '';
  const child = spawn(binary(), argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  child.unref();
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString('utf8')).slice(-STDERR_KEEP);
  };
  child.stderr?.on('data', keep);
  child.stdout?.on('data', keep);
  (child.stderr as unknown as { unref?: () => void } | null)?.unref?.();
  (child.stdout as unknown as { unref?: () => void } | null)?.unref?.();
  let running = true;
  const dog = child.pid === undefined ? undefined : startWatchdog(child.pid);
  const exited = new Promise<void>((resolve) => {
    const done = (): void => {
      running = false;
      live.delete(child);
      dog?.kill('SIGKILL');
      resolve();
    };
    child.once('exit', done);
    child.once('error', done);
  });
  const keepAlive = setInterval(() => {}, 1000);

  const proc: PromProcess = {
    url,
    port,
    get running() {
      return running;
    },
    logs: () => output,
    async setRules(rules: string) {
      writeFileSync(rulesPath, rules);
      const res = await fetch(`${url}/-/reload`, {
        method: 'POST',
        signal: AbortSignal.timeout(10_000),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`Prometheus reload failed: ${res.status} ${text}`);
    },
    async stop() {
      if (running) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        const hold = setInterval(() => {}, 1000);
        await exited;
        clearTimeout(timer);
        clearInterval(hold);
      }
      rmSync(dir, { recursive: true, force: true });
      tempDirs.delete(dir);
    },
  };

  try {
    await waitFor(
      async () => {
        if (!running) throw new Error('Prometheus exited');
        const res = await fetch(`${url}/-/ready`, { signal: AbortSignal.timeout(2000) });
        await res.arrayBuffer();
        return res.ok;
      },
      { timeoutMs: 30_000, intervalMs: 100, rethrow: () => !running },
    );
  } catch (err) {
    await proc.stop();
    throw new Error(
      `Prometheus on ${url} did not become ready (${err instanceof Error ? err.message : String(err)}).\n` +
        `command: ${binary()} ${argv.join(' ')}\noutput:\n${output.slice(-4000)}`,
      { cause: err },
    );
  } finally {
    clearInterval(keepAlive);
  }
  return proc;
}
