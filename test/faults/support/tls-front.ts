// An HTTPS reverse proxy in front of a real Alertmanager (the usual way TLS is deployed), with
// certificates made by the openssl CLI, whose certificate can be swapped at run time to break
// TLS after it worked.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { requestUpstream } from '../../support/forward-request.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface KeyPair {
  key: string;
  cert: string;
}

/** A self-signed certificate for 127.0.0.1 (it is its own CA: trust it by its PEM). */
export function selfSigned(cn: string): KeyPair {
  const dir = mkdtempSync(join(tmpdir(), 'amtray-faults-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        'key.pem',
        '-out',
        'cert.pem',
        '-days',
        '2',
        '-subj',
        `/CN=${cn}`,
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
      ],
      { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface TlsFront {
  url: string;
  /** Serves `pair` from now on and drops open connections so the next request handshakes. */
  useCert(pair: KeyPair): void;
  close(): Promise<void>;
}

export async function startTlsFront(target: string, pair: KeyPair): Promise<TlsFront> {
  const server: Server = createServer({ key: pair.key, cert: pair.cert }, (req, res) => {
    const up = requestUpstream(target, req, res);
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  // Handshake failures are the point of the tests: keep them quiet.
  server.on('tlsClientError', () => {});
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    useCert(next) {
      server.setSecureContext({ key: next.key, cert: next.cert });
      server.closeAllConnections();
    },
    async close() {
      const closed = new Promise<void>((r) => server.close(() => r()));
      server.closeAllConnections();
      await closed;
    },
  };
}
