// Many Alertmanagers from one Node HTTP server, answering with generated payloads: for scale
// (100,000 alerts over 20 instances), where 20 real Alertmanager 0.25 processes holding 5,000
// alerts each are too slow to fill and to poll on a 2-core machine. Instance k is served under
// `/amK`; the shapes are Alertmanager 0.25's (api/v2/openapi.yaml in prometheus/alertmanager:
// gettableAlerts grouped as alertGroups, alertmanagerStatus with cluster peers), the alerts the
// bench fleet's (test/bench/lib/fixtures.ts: 11 labels, three annotations, group_by alertname).
// Bodies are serialised once per change, so a poll costs the server a write, not a build.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { groupsPayload, type FleetOptions } from '../bench/lib/fixtures.ts';

export interface FleetSpec {
  instances: number;
  alertsPerInstance: number;
  /** All instances are HA peers of one cluster holding the same alerts. */
  peers?: boolean;
}

export interface GeneratedFleet {
  /** Base URL of each instance. */
  urls: string[];
  /** What the merged view must show (peers count an alert once). */
  expected(): { alerts: number; groups: number; bySeverity: Record<string, number> };
  /** Resolves `fraction` of each instance's alerts and fires as many new ones. */
  churn(fraction: number): void;
  /**
   * Builds the bodies of one churn step ahead of time: later churns of that fraction flip
   * between now and that step (1 % resolved and as many fired each time, the same ones
   * flapping), so serialising 100,000 alerts does not compete for the 2 cores with the app
   * being measured (the real servers are not on the engineer's machine).
   */
  prepareFlap(fraction: number): void;
  /** Requests served per instance (polls). */
  requests(): number[];
  stop(): Promise<void>;
}

const SEVERITY_OF = ['critical', 'warning', 'warning', 'info'];

export async function startGeneratedFleet(spec: FleetSpec): Promise<GeneratedFleet> {
  const n = spec.alertsPerInstance;
  // Groups of 10 alerts: alertname `g` of index i is i % alertnames (fixtures.ts).
  const opts: FleetOptions = { alerts: Number.MAX_SAFE_INTEGER, alertnames: n / 10, seed: 11 };
  const sources = spec.peers ? 1 : spec.instances;
  // Per data source: the window of alert indices it holds [start, start + n).
  const starts = Array.from({ length: sources }, () => 0);
  const base = (k: number): number => k * 1_000_000;
  // Encoded once: serving 20 bodies of ~10 MB encoded each string again per request, ~200 ms
  // of this process's event loop per poll round, which a bench or probe measuring the core
  // from the same process counted as the core's wait.
  const bodies: Buffer[] = [];
  const build = (k: number): void => {
    const from = base(k) + starts[k]!;
    const indices = Array.from({ length: n }, (_, j) => from + j);
    bodies[k] = Buffer.from(JSON.stringify(groupsPayload(indices, opts)));
  };
  for (let k = 0; k < sources; k++) build(k);
  const served = Array.from({ length: spec.instances }, () => 0);
  /** The prepared other state churns flip to (prepareFlap). */
  let flap: { fraction: number; other: { starts: number[]; bodies: Buffer[] } } | undefined;

  const peerNames = Array.from({ length: spec.instances }, (_, k) => `01GENPEER${k}`);
  const status = (k: number): string =>
    JSON.stringify({
      cluster: spec.peers
        ? {
            name: peerNames[k],
            status: 'ready',
            peers: peerNames.map((name, i) => ({ name, address: `10.0.0.${i + 1}:9094` })),
          }
        : { status: 'disabled', peers: [] },
      versionInfo: {
        version: '0.25.0',
        revision: 'generated',
        branch: 'HEAD',
        buildUser: 'generated-fleet',
        buildDate: '20230101-00:00:00',
        goVersion: 'go1.21',
      },
      config: { original: 'route:\n  receiver: team-a\n  group_by: [alertname]\n' },
      uptime: new Date(Date.now() - 3_600_000).toISOString(),
    });
  const receivers = JSON.stringify([{ name: 'team-a' }, { name: 'team-b' }, { name: 'pager' }]);

  const server: Server = createServer((req, res) => {
    const m = /^\/am(\d+)\/api\/v2\/([a-z/]+)/.exec(req.url ?? '');
    const k = m ? Number(m[1]) : -1;
    if (!m || k >= spec.instances) {
      res.writeHead(404).end('not found');
      return;
    }
    served[k]!++;
    let body: string | Buffer;
    switch (m[2]) {
      case 'alerts/groups':
        body = bodies[spec.peers ? 0 : k]!;
        break;
      case 'silences':
        body = '[]';
        break;
      case 'status':
        body = status(k);
        break;
      case 'receivers':
        body = receivers;
        break;
      default:
        res.writeHead(404).end('not found');
        return;
    }
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const fleet: GeneratedFleet = {
    urls: Array.from({ length: spec.instances }, (_, k) => `http://127.0.0.1:${port}/am${k}`),
    expected() {
      const bySeverity: Record<string, number> = {};
      let groups = 0;
      for (let k = 0; k < sources; k++) {
        const from = base(k) + starts[k]!;
        const names = new Set<number>();
        for (let i = from; i < from + n; i++) {
          const g = i % opts.alertnames;
          names.add(g);
          const sev = SEVERITY_OF[g % 4]!;
          bySeverity[sev] = (bySeverity[sev] ?? 0) + 1;
        }
        groups += names.size;
      }
      return { alerts: sources * n, groups, bySeverity };
    },
    churn(fraction) {
      if (flap && flap.fraction === fraction) {
        const { other } = flap;
        flap.other = { starts: starts.slice(), bodies: bodies.slice() };
        starts.splice(0, sources, ...other.starts);
        bodies.splice(0, sources, ...other.bodies);
        return;
      }
      for (let k = 0; k < sources; k++) {
        starts[k]! += Math.round(n * fraction);
        build(k);
      }
    },
    prepareFlap(fraction) {
      const now = { starts: starts.slice(), bodies: bodies.slice() };
      fleet.churn(fraction);
      const next = { starts: starts.slice(), bodies: bodies.slice() };
      starts.splice(0, sources, ...now.starts);
      bodies.splice(0, sources, ...now.bodies);
      flap = { fraction, other: next };
    },
    requests: () => served.slice(),
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fleet;
}
