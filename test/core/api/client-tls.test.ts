// TLS and connection options: an HTTPS server of our own with an openssl-made CA, checked for
// untrusted -> 'tls', custom CA -> ok, insecureSkipVerify -> ok, mTLS client certificates; and
// that headers, basic auth, bearer tokens and a path prefix reach the server as configured.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AlertmanagerClient } from '../../../main/core/api/client.ts';
import { startHostileServer, type HostileServer } from '../../support/hostile-server.ts';
import { makeTestCerts, type TestCerts } from '../../support/tls-cert.ts';
import { rejectsWith } from './rejects-with.ts';

const PREFIX = '/api/alertmanager/grafana';

describe('client over TLS', () => {
  let certs: TestCerts;
  let https: HostileServer;
  let mtls: HostileServer;
  let mtls12: HostileServer;
  let otherHost: HostileServer;
  const clients: AlertmanagerClient[] = [];
  const client = (c: AlertmanagerClient): AlertmanagerClient => (clients.push(c), c);

  before(async () => {
    certs = makeTestCerts();
    https = await startHostileServer({ tls: { key: certs.serverKey, cert: certs.serverCert } });
    https.setRoute(`${PREFIX}/api/v2/receivers`, { kind: 'json', body: [{ name: 'tls-ok' }] });
    mtls = await startHostileServer({
      tls: { key: certs.serverKey, cert: certs.serverCert, ca: certs.caCert, requestCert: true },
    });
    mtls.setRoute('/api/v2/receivers', { kind: 'json', body: [{ name: 'mtls-ok' }] });
    mtls12 = await startHostileServer({
      tls: {
        key: certs.serverKey,
        cert: certs.serverCert,
        ca: certs.caCert,
        requestCert: true,
        maxVersion: 'TLSv1.2',
      },
    });
    // The certificate names 127.0.0.1 and localhost, not 127.0.0.2.
    otherHost = await startHostileServer({
      host: '127.0.0.2',
      tls: { key: certs.serverKey, cert: certs.serverCert },
    });
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await https?.close();
    await mtls?.close();
    await mtls12?.close();
    await otherHost?.close();
  });

  it('rejects an untrusted certificate with kind tls', async () => {
    const c = client(new AlertmanagerClient({ baseUrl: https.url + PREFIX }));
    const err = await rejectsWith(c.getReceivers(), 'tls');
    assert.match(err.message, /GET \/receivers: TLS failure/);
  });

  it('trusts the server with the configured CA', async () => {
    const c = client(
      new AlertmanagerClient({ baseUrl: https.url + PREFIX, tls: { ca: certs.caCert } }),
    );
    assert.deepEqual(await c.getReceivers(), [{ name: 'tls-ok' }]);
  });

  it('connects with insecureSkipVerify', async () => {
    const c = client(
      new AlertmanagerClient({ baseUrl: https.url + PREFIX, tls: { insecureSkipVerify: true } }),
    );
    assert.deepEqual(await c.getReceivers(), [{ name: 'tls-ok' }]);
  });

  it('rejects a hostname that does not match the certificate', async () => {
    assert.match(otherHost.url, /127\.0\.0\.2/);
    const c = client(new AlertmanagerClient({ baseUrl: otherHost.url, tls: { ca: certs.caCert } }));
    const err = await rejectsWith(c.getReceivers(), 'tls');
    assert.match(err.message, /ERR_TLS_CERT_ALTNAME_INVALID|altname|127\.0\.0\.2/i);
  });

  it('presents a client certificate for mTLS', async () => {
    const c = client(
      new AlertmanagerClient({
        baseUrl: mtls.url,
        tls: { ca: certs.caCert, cert: certs.clientCert, key: certs.clientKey },
      }),
    );
    assert.deepEqual(await c.getReceivers(), [{ name: 'mtls-ok' }]);
    const peerCert = mtls.received.at(-1);
    assert.ok(peerCert, 'the server saw the request');
  });

  it('fails with kind tls without the client certificate (TLS 1.2 handshake alert)', async () => {
    const c = client(new AlertmanagerClient({ baseUrl: mtls12.url, tls: { ca: certs.caCert } }));
    const err = await rejectsWith(c.getReceivers(), 'tls');
    assert.match(err.message, /GET \/receivers: TLS failure/);
  });

  it('hints at a client certificate when a TLS 1.3 server just closes the connection', async () => {
    // TLS 1.3 checks the client certificate after the handshake: the client only sees a close.
    const c = client(new AlertmanagerClient({ baseUrl: mtls.url, tls: { ca: certs.caCert } }));
    const err = await rejectsWith(c.getReceivers(), 'network');
    assert.match(err.message, /client certificate/);
  });
});

describe('connection options reach the server', () => {
  let srv: HostileServer;
  before(async () => {
    srv = await startHostileServer();
    srv.setRoute('/alertmanager/api/v2/receivers', { kind: 'json', body: [{ name: 'r' }] });
    srv.setRoute('/alertmanager/api/v2/alerts', { kind: 'json', body: [] });
    srv.setRoute('/alertmanager/api/v2/alerts/groups', { kind: 'json', body: [] });
    srv.setRoute('/alertmanager/api/v2/silences', { kind: 'json', body: [] });
  });
  after(() => srv?.close());

  it('sends basic auth and extra headers under the path prefix', async () => {
    const c = new AlertmanagerClient({
      baseUrl: `${srv.url}/alertmanager/`,
      auth: { type: 'basic', username: 'alice', password: 'pässword:with:colons' },
      headers: { 'X-Scope-OrgID': 'tenant-1', 'X-Custom': 'yes' },
    });
    try {
      assert.equal(c.baseUrl, `${srv.url}/alertmanager`);
      await c.getReceivers();
      const req = srv.received.at(-1);
      assert.equal(req?.url, '/alertmanager/api/v2/receivers');
      const expected = Buffer.from('alice:pässword:with:colons', 'utf8').toString('base64');
      assert.equal(req?.headers.authorization, `Basic ${expected}`);
      assert.equal(req?.headers['x-scope-orgid'], 'tenant-1');
      assert.equal(req?.headers['x-custom'], 'yes');
      assert.equal(req?.headers.accept, 'application/json');
    } finally {
      await c.close();
    }
  });

  it('turns credentials in the URL into basic auth and drops them from baseUrl', async () => {
    const withCreds = srv.url.replace('http://', 'http://bob:s%40cret@') + '/alertmanager';
    const c = new AlertmanagerClient({ baseUrl: withCreds });
    try {
      assert.equal(c.baseUrl, `${srv.url}/alertmanager`);
      await c.getReceivers();
      const expected = Buffer.from('bob:s@cret', 'utf8').toString('base64');
      assert.equal(srv.received.at(-1)?.headers.authorization, `Basic ${expected}`);
    } finally {
      await c.close();
    }
    const bad = new AlertmanagerClient({ baseUrl: 'not a url://u:secret@x' });
    try {
      assert.doesNotMatch(bad.baseUrl, /secret/);
    } finally {
      await bad.close();
    }
  });

  it('sends a bearer token', async () => {
    const c = new AlertmanagerClient({
      baseUrl: `${srv.url}/alertmanager`,
      auth: { type: 'bearer', token: 'tok-123' },
    });
    try {
      await c.getReceivers();
      assert.equal(srv.received.at(-1)?.headers.authorization, 'Bearer tok-123');
    } finally {
      await c.close();
    }
  });

  it('encodes repeated filters, boolean flags and the receiver regex', async () => {
    const c = new AlertmanagerClient({ baseUrl: `${srv.url}/alertmanager` });
    try {
      await c.getAlerts({
        flags: { active: true, silenced: false, inhibited: false, unprocessed: true },
        filter: ['alertname="Disk Full"', 'job=~"node|api"'],
        receiver: 'team-.*',
      });
      const q = new URL(srv.received.at(-1)?.url ?? '', 'http://x').searchParams;
      assert.deepEqual(q.getAll('filter'), ['alertname="Disk Full"', 'job=~"node|api"']);
      assert.equal(q.get('active'), 'true');
      assert.equal(q.get('silenced'), 'false');
      assert.equal(q.get('inhibited'), 'false');
      assert.equal(q.get('unprocessed'), 'true');
      assert.equal(q.get('receiver'), 'team-.*');

      await c.getAlertGroups({ flags: { silenced: false }, filter: ['a="b"'] });
      const g = new URL(srv.received.at(-1)?.url ?? '', 'http://x');
      assert.equal(g.pathname, '/alertmanager/api/v2/alerts/groups');
      assert.equal(g.search, '?silenced=false&filter=a%3D%22b%22');

      await c.getSilences(['x="1"', 'y="2"']);
      const s = new URL(srv.received.at(-1)?.url ?? '', 'http://x').searchParams;
      assert.deepEqual(s.getAll('filter'), ['x="1"', 'y="2"']);

      await c.getAlerts();
      assert.equal(srv.received.at(-1)?.url, '/alertmanager/api/v2/alerts');
    } finally {
      await c.close();
    }
  });
});
