// Throwaway certificates for TLS tests, made with the `openssl` CLI in a temp dir: a CA, a
// server certificate for 127.0.0.1/localhost signed by it, and a client certificate for mTLS.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCerts {
  caCert: string;
  serverKey: string;
  serverCert: string;
  clientKey: string;
  clientCert: string;
}

function openssl(dir: string, args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
}

export function makeTestCerts(): TestCerts {
  const dir = mkdtempSync(join(tmpdir(), 'amtray-tls-'));
  try {
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
    openssl(dir, [
      'req',
      '-x509',
      ...ec,
      '-keyout',
      'ca.key',
      '-out',
      'ca.crt',
      '-days',
      '2',
      '-subj',
      '/CN=amtray test CA',
    ]);
    writeFileSync(
      join(dir, 'server.ext'),
      'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n',
    );
    writeFileSync(join(dir, 'client.ext'), 'extendedKeyUsage=clientAuth\n');
    for (const who of ['server', 'client']) {
      openssl(dir, [
        'req',
        ...ec,
        '-keyout',
        `${who}.key`,
        '-out',
        `${who}.csr`,
        '-subj',
        `/CN=amtray ${who}`,
      ]);
      openssl(dir, [
        'x509',
        '-req',
        '-in',
        `${who}.csr`,
        '-CA',
        'ca.crt',
        '-CAkey',
        'ca.key',
        '-CAcreateserial',
        '-out',
        `${who}.crt`,
        '-days',
        '2',
        '-extfile',
        `${who}.ext`,
      ]);
    }
    const read = (f: string): string => readFileSync(join(dir, f), 'utf8');
    return {
      caCert: read('ca.crt'),
      serverKey: read('server.key'),
      serverCert: read('server.crt'),
      clientKey: read('client.key'),
      clientCert: read('client.crt'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
