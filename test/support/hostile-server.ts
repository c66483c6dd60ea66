// A small HTTP(S) server of our own whose routes misbehave on demand, to test how the client
// (and the engine above it) survives servers and proxies that answer badly. It is NOT a fake
// Alertmanager: it only serves what a test tells it to, route by route; unknown routes get
// 404 "no behaviour set". Tests of real behaviour use test/support/alertmanager.ts.
//
// Usage:
//   const srv = await startHostileServer();
//   srv.setRoute('/api/v2/alerts', { kind: 'text', body: '[{"labels":' });     // malformed JSON
//   srv.setRoute('POST /api/v2/silences', { kind: 'json', status: 202, body: { silenceID: 'x' } });
//   srv.setRoute('/api/v2/status', { kind: 'sequence', steps: [{ kind: 'close' }, okStatus] });
//   ... new AlertmanagerClient({ baseUrl: srv.url }) ...
//   await srv.close();
//
// Routes match the request path without its query, optionally prefixed with a method
// ('GET /api/v2/alerts'); a method-specific route wins over a path-only one.
import { createServer as createHttpServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

/** What a route does with a request. */
export type Behaviour =
  /** JSON.stringify(body) with the status (default 200). `body` may be a string: a JSON string. */
  | { kind: 'json'; status?: number; body: unknown; headers?: Record<string, string> }
  /**
   * Raw bytes as given (default content-type text/plain): malformed JSON, plain text, an
   * empty body (''), invalid UTF-8 (a Buffer).
   */
  | {
      kind: 'text';
      status?: number;
      body: string | Uint8Array;
      contentType?: string;
      headers?: Record<string, string>;
    }
  /**
   * A body of `bytes` bytes generated lazily in chunks (a JSON array of receivers that is
   * valid if read to the end), honouring backpressure and stopping as soon as the client
   * disconnects. With `contentLength` the size is announced up front; otherwise chunked.
   */
  | { kind: 'huge'; bytes: number; status?: number; contentLength?: boolean }
  /** Headers, then `chunk` (default one space) every `intervalMs` (default 100) forever. */
  | { kind: 'drip'; status?: number; intervalMs?: number; prefix?: string; chunk?: string }
  /** Reads the request and never answers (until the client or close() ends the socket). */
  | { kind: 'stall' }
  /** Destroys the connection without answering (the client sees a reset / socket error). */
  | { kind: 'close' }
  /** Waits `ms`, then behaves as `then`. */
  | { kind: 'delay'; ms: number; then: Behaviour }
  /** Request n of this route gets steps[n]; the last step repeats ("fail twice, then ok"). */
  | { kind: 'sequence'; steps: Behaviour[] }
  /** Full control for anything else. */
  | { kind: 'handler'; handle: (req: IncomingMessage, res: ServerResponse, body: string) => void };

export interface RecordedRequest {
  method: string;
  /** Path and query as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface HostileServer {
  /** `http(s)://127.0.0.1:<port>` (no trailing slash). */
  url: string;
  setRoute(path: string, behaviour: Behaviour): void;
  clearRoutes(): void;
  /** Requests received so far (all routes). */
  readonly requests: number;
  /** The last 100 requests, oldest first (headers included: check auth reached the server). */
  readonly received: RecordedRequest[];
  /** Body bytes written by 'huge' and 'drip' routes so far. */
  readonly bytesStreamed: number;
  /** Streams ('huge', 'drip') and stalls still open right now. */
  readonly openStreams: number;
  close(): Promise<void>;
}

export interface HostileServerOptions {
  /** Serve HTTPS with this PEM key and certificate. */
  tls?: {
    key: string;
    cert: string;
    /** CA for client certificates; with requestCert the server requires one (mTLS). */
    ca?: string;
    requestCert?: boolean;
    maxVersion?: 'TLSv1.2' | 'TLSv1.3';
  };
  /** Listen address; default 127.0.0.1 (any 127.x address works on Linux). */
  host?: string;
}

const CHUNK = 64 * 1024;
const TAIL = '{"name":"e"}]';

export async function startHostileServer(opts?: HostileServerOptions): Promise<HostileServer> {
  const host = opts?.host ?? '127.0.0.1';
  const routes = new Map<string, Behaviour>();
  const counters = new Map<string, number>();
  const received: RecordedRequest[] = [];
  const cleanups = new Set<() => void>();
  let requests = 0;
  let bytesStreamed = 0;
  let openStreams = 0;

  /** Registers a resource to release when the response's connection goes away. */
  function onGone(res: ServerResponse, release: () => void): void {
    openStreams++;
    let done = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      openStreams--;
      cleanups.delete(finish);
      release();
    };
    cleanups.add(finish);
    res.once('close', finish);
  }

  function send(
    behaviour: Behaviour,
    req: IncomingMessage,
    res: ServerResponse,
    key: string,
    body = '',
  ) {
    switch (behaviour.kind) {
      case 'json': {
        const body = Buffer.from(JSON.stringify(behaviour.body) ?? '', 'utf8');
        res.writeHead(behaviour.status ?? 200, {
          'content-type': 'application/json',
          'content-length': body.length,
          ...behaviour.headers,
        });
        res.end(body);
        return;
      }
      case 'text': {
        const body =
          typeof behaviour.body === 'string' ? Buffer.from(behaviour.body, 'utf8') : behaviour.body;
        res.writeHead(behaviour.status ?? 200, {
          'content-type': behaviour.contentType ?? 'text/plain; charset=utf-8',
          'content-length': body.length,
          ...behaviour.headers,
        });
        res.end(body);
        return;
      }
      case 'huge': {
        const total = behaviour.bytes;
        res.writeHead(behaviour.status ?? 200, {
          'content-type': 'application/json',
          ...(behaviour.contentLength ? { 'content-length': total } : {}),
        });
        // `[` + `{"name":"xxxx…"},` repeated + padding + `]`: valid JSON when complete.
        const item = `{"name":"${'x'.repeat(CHUNK - 12)}"},`;
        let sent = 0;
        let stopped = false;
        onGone(res, () => {
          stopped = true;
        });
        const pump = (): void => {
          while (!stopped && sent < total) {
            let piece: string;
            const left = total - sent;
            if (sent === 0) piece = '[';
            else if (left <= CHUNK + TAIL.length)
              piece = ' '.repeat(Math.max(0, left - TAIL.length)) + TAIL;
            else piece = item;
            const buf = Buffer.from(piece.slice(0, left), 'utf8');
            sent += buf.length;
            bytesStreamed += buf.length;
            if (sent >= total) {
              res.end(buf);
              return;
            }
            if (!res.write(buf)) {
              res.once('drain', pump);
              return;
            }
          }
        };
        pump();
        return;
      }
      case 'drip': {
        res.writeHead(behaviour.status ?? 200, { 'content-type': 'application/json' });
        res.write(behaviour.prefix ?? '[');
        const chunk = behaviour.chunk ?? ' ';
        const timer = setInterval(() => {
          bytesStreamed += Buffer.byteLength(chunk);
          res.write(chunk);
        }, behaviour.intervalMs ?? 100);
        onGone(res, () => clearInterval(timer));
        return;
      }
      case 'stall':
        onGone(res, () => {});
        return;
      case 'close':
        req.socket.destroy();
        return;
      case 'delay': {
        const timer = setTimeout(() => send(behaviour.then, req, res, key, body), behaviour.ms);
        onGone(res, () => clearTimeout(timer));
        return;
      }
      case 'sequence': {
        const n = counters.get(key) ?? 0;
        counters.set(key, n + 1);
        const step = behaviour.steps[Math.min(n, behaviour.steps.length - 1)];
        if (!step) throw new Error('sequence without steps');
        send(step, req, res, key, body);
        return;
      }
      case 'handler':
        behaviour.handle(req, res, body);
        return;
    }
  }

  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    requests++;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const record: RecordedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(record);
      if (received.length > 100) received.shift();
      const path = new URL(record.url, 'http://x').pathname;
      const methodKey = `${record.method} ${path}`;
      const behaviour = routes.get(methodKey) ?? routes.get(path);
      const key = routes.has(methodKey) ? methodKey : path;
      if (!behaviour) {
        send(
          { kind: 'text', status: 404, body: `no behaviour set for ${methodKey}` },
          req,
          res,
          key,
        );
        return;
      }
      try {
        send(behaviour, req, res, key, record.body);
      } catch (err) {
        res.destroy(err as Error);
      }
    });
  };

  const server: Server = opts?.tls
    ? createHttpsServer(
        {
          key: opts.tls.key,
          cert: opts.tls.cert,
          ...(opts.tls.ca ? { ca: opts.tls.ca } : {}),
          ...(opts.tls.requestCert ? { requestCert: true, rejectUnauthorized: true } : {}),
          ...(opts.tls.maxVersion ? { maxVersion: opts.tls.maxVersion } : {}),
        },
        listener,
      )
    : createHttpServer(listener);
  // A TLS handshake failure is expected in tests; don't let it surface as an unhandled error.
  server.on('tlsClientError', () => {});
  server.on('clientError', (_err, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const hostInUrl = host.includes(':') ? `[${host}]` : host;

  return {
    url: `${opts?.tls ? 'https' : 'http'}://${hostInUrl}:${port}`,
    setRoute(path: string, behaviour: Behaviour) {
      const p = path.replace(/^(GET|POST|DELETE|PUT|PATCH|HEAD) /, '');
      if (!p.startsWith('/')) throw new Error(`route path must start with '/': ${path}`);
      routes.set(path, behaviour);
      counters.delete(path);
    },
    clearRoutes() {
      routes.clear();
      counters.clear();
    },
    get requests() {
      return requests;
    },
    get received() {
      return [...received];
    },
    get bytesStreamed() {
      return bytesStreamed;
    },
    get openStreams() {
      return openStreams;
    },
    async close() {
      for (const release of [...cleanups]) release();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
