// A switchable HTTP proxy in front of a REAL Alertmanager, for engine tests: it forwards
// requests unchanged, or (on demand) answers garbage, 503, or nothing at all, and it can slow
// every answer down. It counts requests in flight, so a test can prove polls never overlap.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { requestUpstream } from '../../support/forward-request.ts';

export type ProxyMode = 'pass' | 'garbage' | 'busy' | 'stall';

export interface SwitchProxy {
  url: string;
  mode: ProxyMode;
  /** Extra delay before each answer, real milliseconds. */
  delayMs: number;
  /** When set, requests without exactly this Authorization header get 401. */
  requireAuth: string | undefined;
  /** Requests received, requests in flight now, most ever in flight at once. */
  readonly stats: { total: number; inFlight: number; maxInFlight: number; paths: string[] };
  resetStats(): void;
  close(): Promise<void>;
}

export async function startProxy(target: string): Promise<SwitchProxy> {
  const stats = { total: 0, inFlight: 0, maxInFlight: 0, paths: [] as string[] };
  const stalled = new Set<ServerResponse>();
  const state = {
    mode: 'pass' as ProxyMode,
    delayMs: 0,
    requireAuth: undefined as string | undefined,
  };

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer): void => {
    const up = requestUpstream(target, req, res);
    up.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    up.end(body);
  };

  const server = createServer((req, res) => {
    stats.total++;
    stats.inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    stats.paths.push(`${req.method} ${(req.url ?? '').split('?')[0]}`);
    let counted = true;
    const done = (): void => {
      if (!counted) return;
      counted = false;
      stats.inFlight--;
      stalled.delete(res);
    };
    res.on('finish', done);
    res.on('close', done);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = (): void => {
        if (res.destroyed) return;
        if (state.requireAuth !== undefined && req.headers.authorization !== state.requireAuth) {
          res.writeHead(401, { 'content-type': 'text/plain' });
          res.end('unauthorized');
          return;
        }
        switch (state.mode) {
          case 'pass':
            forward(req, res, Buffer.concat(chunks));
            break;
          case 'garbage':
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end('[{"labels": {"alertname": 42}, "receiver": ');
            break;
          case 'busy':
            res.writeHead(503, { 'content-type': 'text/plain' });
            res.end('too many requests');
            break;
          case 'stall':
            stalled.add(res);
            break;
        }
      };
      if (state.delayMs > 0) setTimeout(answer, state.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    get mode() {
      return state.mode;
    },
    set mode(m: ProxyMode) {
      state.mode = m;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(ms: number) {
      state.delayMs = ms;
    },
    get requireAuth() {
      return state.requireAuth;
    },
    set requireAuth(v: string | undefined) {
      state.requireAuth = v;
    },
    stats,
    resetStats() {
      stats.total = 0;
      stats.maxInFlight = stats.inFlight;
      stats.paths = [];
    },
    async close() {
      for (const r of stalled) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
