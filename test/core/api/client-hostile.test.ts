// The client against a server that misbehaves: every bad answer becomes an AlertmanagerError
// of the right kind with a useful message, memory stays bounded, and the process keeps going.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { AlertmanagerClient } from '../../../main/core/api/client.ts';
import { startHostileServer, type HostileServer } from '../../support/hostile-server.ts';
import { waitFor } from '../../support/wait.ts';
import { rejectsWith } from './rejects-with.ts';

const V2 = '/api/v2';

const alert = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  labels: { alertname: 'A', severity: 'warning' },
  annotations: { summary: 's' },
  receivers: [{ name: 'team-a' }],
  fingerprint: 'abc123',
  startsAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:01.123456789Z',
  endsAt: '2026-01-01T01:00:00+02:00',
  generatorURL: 'http://prometheus/graph',
  status: { state: 'active', silencedBy: [], inhibitedBy: [] },
  ...over,
});

const silence = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  id: '11111111-2222-3333-4444-555555555555',
  matchers: [{ name: 'alertname', value: 'A', isRegex: false }],
  startsAt: '2026-01-01T00:00:00Z',
  endsAt: '2026-01-02T00:00:00Z',
  createdBy: 'me',
  comment: 'c',
  status: { state: 'active' },
  updatedAt: '2026-01-01T00:00:00Z',
  ...over,
});

describe('client against a hostile server', () => {
  let srv: HostileServer;
  let client: AlertmanagerClient;
  before(async () => {
    srv = await startHostileServer();
    client = new AlertmanagerClient({ baseUrl: srv.url, timeoutMs: 5000 });
  });
  after(async () => {
    await client?.close();
    await srv?.close();
  });

  it('accepts valid answers, tolerates unknown fields and defaults isEqual to true', async () => {
    srv.setRoute(`${V2}/alerts`, { kind: 'json', body: [alert({ extraField: { x: 1 } })] });
    const alerts = await client.getAlerts();
    assert.equal(alerts.length, 1);
    assert.equal(alerts[0]?.fingerprint, 'abc123');
    assert.equal('extraField' in (alerts[0] ?? {}), false);

    srv.setRoute(`${V2}/silences`, { kind: 'json', body: [silence({ future: true })] });
    const [s] = await client.getSilences();
    assert.deepEqual(s?.matchers, [
      { name: 'alertname', value: 'A', isRegex: false, isEqual: true },
    ]);
  });

  it('reads null silencedBy / inhibitedBy (Go nil slices) as empty; null labels are invalid', async () => {
    srv.setRoute(`${V2}/alerts`, {
      kind: 'json',
      body: [alert({ status: { state: 'active', silencedBy: null, inhibitedBy: null } })],
    });
    const [a] = await client.getAlerts();
    assert.deepEqual(a?.status.silencedBy, []);
    assert.deepEqual(a?.status.inhibitedBy, []);
    srv.setRoute(`${V2}/alerts`, { kind: 'json', body: [alert({ annotations: null })] });
    const err = await rejectsWith(client.getAlerts(), 'invalid-response');
    assert.equal(err.field, '[0].annotations');
  });

  it('malformed JSON -> invalid-response naming the endpoint', async () => {
    srv.setRoute(`${V2}/alerts`, {
      kind: 'text',
      body: '[{"labels": {"a": "b"}',
      contentType: 'application/json',
    });
    const err = await rejectsWith(client.getAlerts(), 'invalid-response');
    assert.match(err.message, /^GET \/alerts: expected a JSON answer, got not JSON/);
    assert.equal(err.endpoint, 'GET /alerts');
    assert.equal(err.status, 200);
  });

  it('an empty 200 body where JSON is expected -> invalid-response', async () => {
    srv.setRoute(`${V2}/status`, { kind: 'text', body: '' });
    const err = await rejectsWith(client.getStatus(), 'invalid-response');
    assert.match(err.message, /GET \/status: expected a JSON answer, got an empty body/);
  });

  it('wrong field types -> invalid-response with the field path', async () => {
    const groups = [0, 1, 2, 3].map((i) => ({
      labels: { alertname: `G${i}` },
      receiver: { name: 'team-a' },
      alerts: [alert()],
    }));
    (groups[3]?.alerts[0] as { status: unknown }).status = {
      state: 'exploded',
      silencedBy: [],
      inhibitedBy: [],
    };
    srv.setRoute(`${V2}/alerts/groups`, { kind: 'json', body: groups });
    const err = await rejectsWith(client.getAlertGroups(), 'invalid-response');
    assert.equal(err.field, '[3].alerts[0].status.state');
    assert.match(
      err.message,
      /^GET \/alerts\/groups: \[3\]\.alerts\[0\]\.status\.state: expected one of/,
    );

    srv.setRoute(`${V2}/alerts`, { kind: 'json', body: [alert({ labels: { team: 7 } })] });
    const e2 = await rejectsWith(client.getAlerts(), 'invalid-response');
    assert.equal(e2.field, '[0].labels.team');

    srv.setRoute(`${V2}/alerts`, { kind: 'json', body: [alert({ startsAt: 'yesterday' })] });
    const e3 = await rejectsWith(client.getAlerts(), 'invalid-response');
    assert.equal(e3.field, '[0].startsAt');
    assert.match(e3.message, /date-time/);

    srv.setRoute(`${V2}/receivers`, { kind: 'json', body: { receivers: [] } });
    const e4 = await rejectsWith(client.getReceivers(), 'invalid-response');
    assert.match(e4.message, /^GET \/receivers: \(root\): expected array/);

    srv.setRoute(`${V2}/status`, {
      kind: 'json',
      body: {
        cluster: { status: 'ready' },
        versionInfo: {},
        config: { original: '' },
        uptime: 'x',
      },
    });
    const e5 = await rejectsWith(client.getStatus(), 'invalid-response');
    assert.equal(e5.field, 'versionInfo.version');
    assert.match(e5.message, /more problem/);
  });

  it('body over maxBodyBytes -> too-large, announced or chunked', async () => {
    const small = new AlertmanagerClient({ baseUrl: srv.url, maxBodyBytes: 10_000 });
    try {
      srv.setRoute(`${V2}/receivers`, { kind: 'huge', bytes: 50_000, contentLength: true });
      const e1 = await rejectsWith(small.getReceivers(), 'too-large');
      assert.match(
        e1.message,
        /GET \/receivers: response of 50000 bytes exceeds the limit of 10000/,
      );
      srv.setRoute(`${V2}/receivers`, { kind: 'huge', bytes: 50_000 });
      const e2 = await rejectsWith(small.getReceivers(), 'too-large');
      assert.match(e2.message, /exceeds the limit of 10000 bytes/);
      // Just under the limit is fine (and the generated body is valid JSON).
      srv.setRoute(`${V2}/receivers`, { kind: 'huge', bytes: 9_000 });
      const ok = await small.getReceivers();
      assert.equal(ok.at(-1)?.name, 'e');
    } finally {
      await small.close();
    }
  });

  it('a 1 GB stream at the default limit is cut off with bounded memory', async () => {
    const big = new AlertmanagerClient({ baseUrl: srv.url, timeoutMs: 60_000 });
    try {
      srv.setRoute(`${V2}/alerts`, { kind: 'huge', bytes: 1024 ** 3 });
      const before = srv.bytesStreamed;
      const rssBefore = process.memoryUsage().rss;
      let peak = rssBefore;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 20);
      try {
        const err = await rejectsWith(big.getAlerts(), 'too-large');
        assert.match(err.message, /exceeds the limit of 67108864 bytes/);
      } finally {
        clearInterval(sampler);
      }
      peak = Math.max(peak, process.memoryUsage().rss);
      const growth = peak - rssBefore;
      // The limit is 64 MiB: buffering up to it (plus stream buffers) is expected, the
      // gigabyte is not.
      assert.ok(growth < 300 * 1024 ** 2, `rss grew by ${Math.round(growth / 1024 ** 2)} MiB`);
      // The server noticed the disconnect and stopped generating.
      await waitFor(() => srv.openStreams === 0, { message: 'huge stream still open' });
      const streamed = srv.bytesStreamed - before;
      assert.ok(streamed < 256 * 1024 ** 2, `server streamed ${streamed} bytes`);
    } finally {
      await big.close();
    }
  });

  it('a stall past the timeout -> timeout; so does a body that never ends', async () => {
    const quick = new AlertmanagerClient({ baseUrl: srv.url, timeoutMs: 300 });
    try {
      srv.setRoute(`${V2}/status`, { kind: 'stall' });
      const e1 = await rejectsWith(quick.getStatus(), 'timeout');
      assert.match(e1.message, /GET \/status: no complete answer within 300 ms/);
      srv.setRoute(`${V2}/alerts/groups`, { kind: 'drip', intervalMs: 20 });
      const e2 = await rejectsWith(quick.getAlertGroups(), 'timeout');
      assert.match(e2.message, /GET \/alerts\/groups/);
      await waitFor(() => srv.openStreams === 0, { message: 'stalled requests still open' });
    } finally {
      await quick.close();
    }
  });

  it('503 with a text body -> http, busy, server message', async () => {
    srv.setRoute(`${V2}/alerts`, {
      kind: 'text',
      status: 503,
      body: 'Limit of concurrent GET requests reached (8), try again later.\n',
    });
    const err = await rejectsWith(client.getAlerts(), 'http');
    assert.equal(err.status, 503);
    assert.equal(err.busy, true);
    assert.equal(
      err.serverMessage,
      'Limit of concurrent GET requests reached (8), try again later.',
    );
    assert.match(err.message, /GET \/alerts: server busy \(503\): Limit of concurrent/);
  });

  it('422 with a {code,message} object -> http with the message', async () => {
    srv.setRoute(`${V2}/silences`, {
      kind: 'json',
      status: 422,
      body: { code: 602, message: 'matchers in body is required' },
    });
    const err = await rejectsWith(
      client.postSilence({ matchers: [], startsAt: '', endsAt: '', createdBy: '', comment: '' }),
      'http',
    );
    assert.equal(err.status, 422);
    assert.equal(err.busy, false);
    assert.equal(err.serverMessage, 'matchers in body is required');
    assert.equal(err.endpoint, 'POST /silences');
  });

  it('400 with a JSON string body -> http with the message', async () => {
    srv.setRoute(`${V2}/alerts/groups`, {
      kind: 'json',
      status: 400,
      body: 'bad matcher format: {alertname="x"}',
    });
    const err = await rejectsWith(client.getAlertGroups({ filter: ['{alertname="x"}'] }), 'http');
    assert.equal(err.serverMessage, 'bad matcher format: {alertname="x"}');
  });

  it('empty 404 -> http without a server message', async () => {
    srv.setRoute(`${V2}/silence/abc`, { kind: 'text', status: 404, body: '' });
    const err = await rejectsWith(client.getSilence('abc'), 'http');
    assert.equal(err.status, 404);
    assert.equal(err.serverMessage, undefined);
    assert.equal(err.message, 'GET /silence/{id}: HTTP 404 (404)');
  });

  it('401 and 403 -> auth', async () => {
    srv.setRoute(`${V2}/status`, { kind: 'text', status: 401, body: 'Unauthorized' });
    const e1 = await rejectsWith(client.getStatus(), 'auth');
    assert.equal(e1.status, 401);
    assert.equal(e1.serverMessage, 'Unauthorized');
    srv.setRoute(`${V2}/status`, {
      kind: 'json',
      status: 403,
      body: { message: 'no access to tenant' },
    });
    const e2 = await rejectsWith(client.getStatus(), 'auth');
    assert.equal(e2.serverMessage, 'no access to tenant');
  });

  it('500 from DELETE and an HTML proxy error page', async () => {
    srv.setRoute(`DELETE ${V2}/silence/x`, {
      kind: 'json',
      status: 500,
      body: 'silence not found',
    });
    const e1 = await rejectsWith(client.deleteSilence('x'), 'http');
    assert.equal(e1.serverMessage, 'silence not found');
    srv.setRoute(`${V2}/receivers`, {
      kind: 'text',
      status: 502,
      contentType: 'text/html',
      body: '<html><head><title>502 Bad Gateway</title></head><body><h1>502</h1></body></html>',
    });
    const e2 = await rejectsWith(client.getReceivers(), 'http');
    assert.equal(e2.serverMessage, '502 Bad Gateway');
  });

  it('a redirect is not followed and reported as http', async () => {
    srv.setRoute(`${V2}/status`, {
      kind: 'text',
      status: 302,
      body: '',
      headers: { location: '/login' },
    });
    const err = await rejectsWith(client.getStatus(), 'http');
    assert.equal(err.status, 302);
  });

  it('invalid UTF-8 does not crash: decoded with replacement characters', async () => {
    const bytes = Buffer.concat([
      Buffer.from('[{"name":"team-'),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from('"}]'),
    ]);
    srv.setRoute(`${V2}/receivers`, { kind: 'text', body: bytes, contentType: 'application/json' });
    const receivers = await client.getReceivers();
    assert.equal(receivers[0]?.name.startsWith('team-'), true);
    assert.match(receivers[0]?.name ?? '', /\uFFFD/);

    srv.setRoute(`${V2}/alerts`, {
      kind: 'text',
      status: 400,
      body: Buffer.from([0x62, 0x61, 0x64, 0xff]),
    });
    const err = await rejectsWith(client.getAlerts(), 'http');
    assert.equal(err.serverMessage, 'bad\uFFFD');
  });

  it('202 on POST /silences with {silenceID} or the older {message,id}', async () => {
    const body = {
      matchers: [{ name: 'a', value: 'b', isRegex: false, isEqual: true }],
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: '2026-01-02T00:00:00Z',
      createdBy: 'me',
      comment: 'c',
    };
    srv.setRoute(`POST ${V2}/silences`, {
      kind: 'json',
      status: 202,
      body: { silenceID: 'new-id' },
    });
    assert.equal(await client.postSilence(body), 'new-id');
    assert.deepEqual(JSON.parse(srv.received.at(-1)?.body ?? ''), body);
    assert.equal(srv.received.at(-1)?.headers['content-type'], 'application/json');
    srv.setRoute(`POST ${V2}/silences`, {
      kind: 'json',
      status: 202,
      body: { message: 'silence created', id: 'old-style' },
    });
    assert.equal(await client.postSilence(body), 'old-style');
    srv.setRoute(`POST ${V2}/silences`, { kind: 'json', body: { message: 'ok' } });
    const err = await rejectsWith(client.postSilence(body), 'invalid-response');
    assert.match(err.message, /silenceID/);
  });

  it('POST /alerts and DELETE accept any 2xx with any body', async () => {
    srv.setRoute(`POST ${V2}/alerts`, { kind: 'text', status: 200, body: '' });
    await client.postAlerts([{ labels: { alertname: 'x' } }]);
    srv.setRoute(`DELETE ${V2}/silence/s1`, { kind: 'text', status: 204, body: '' });
    await client.deleteSilence('s1');
    assert.equal(srv.received.at(-1)?.method, 'DELETE');
  });

  it('a dropped connection -> network', async () => {
    srv.setRoute(`${V2}/status`, { kind: 'close' });
    const err = await rejectsWith(client.getStatus(), 'network');
    assert.match(err.message, /GET \/status: network error/);
  });

  it('a fail-then-recover sequence: the client works again after errors', async () => {
    srv.setRoute(`${V2}/receivers`, {
      kind: 'sequence',
      // Two closes: a GET whose connection is dropped is retried once on a new one.
      steps: [
        { kind: 'close' },
        { kind: 'close' },
        { kind: 'text', status: 503, body: 'busy' },
        { kind: 'json', body: [{ name: 'back' }] },
      ],
    });
    await rejectsWith(client.getReceivers(), 'network');
    await rejectsWith(client.getReceivers(), 'http');
    assert.deepEqual(await client.getReceivers(), [{ name: 'back' }]);
    assert.deepEqual(await client.getReceivers(), [{ name: 'back' }]);
  });

  it("the caller's signal -> aborted, a closed client -> aborted", async () => {
    srv.setRoute(`${V2}/status`, { kind: 'stall' });
    const ctl = new AbortController();
    const pending = client.getStatus({ signal: ctl.signal });
    setTimeout(() => ctl.abort(), 50);
    await rejectsWith(pending, 'aborted');
    await rejectsWith(client.getStatus({ signal: AbortSignal.abort() }), 'aborted');

    const c2 = new AlertmanagerClient({ baseUrl: srv.url });
    const inflight = c2.getStatus();
    await waitFor(() => srv.openStreams > 0);
    await c2.close();
    await rejectsWith(inflight, 'aborted');
    await rejectsWith(c2.getStatus(), 'aborted');
    await c2.close(); // idempotent
  });

  it('connection refused -> network; an unusable base URL -> network', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const refused = new AlertmanagerClient({ baseUrl: `http://127.0.0.1:${port}` });
    const e1 = await rejectsWith(refused.getStatus(), 'network');
    assert.match(e1.message, /ECONNREFUSED/);
    // For a notification: the words and the host only.
    assert.match(
      e1.toJSON().summary ?? '',
      /^connection refused: nothing listens at that address \(127\.0\.0\.1:\d+\)$/,
    );
    // Words first, the exact code and message beside them.
    assert.match(
      e1.message,
      /reaching 127\.0\.0\.1:\d+: connection refused: nothing listens at that address \(.*ECONNREFUSED/,
    );
    await refused.close();

    const dns = new AlertmanagerClient({
      baseUrl: 'http://no-such-host.invalid:9093',
      timeoutMs: 5000,
    });
    const e2 = await rejectsWith(dns.getStatus(), 'network');
    assert.match(e2.message, /ENOTFOUND|EAI_AGAIN/);
    assert.match(e2.message, /host name (not found|lookup failed)/);
    await dns.close();

    const bad = new AlertmanagerClient({ baseUrl: 'ftp://x' });
    const e3 = await rejectsWith(bad.getStatus(), 'network');
    assert.match(e3.message, /invalid base URL/);
    await bad.close();
  });

  it('keeps serving after all of the above', async () => {
    srv.setRoute(`${V2}/receivers`, { kind: 'json', body: [{ name: 'still-alive' }] });
    assert.deepEqual(await client.getReceivers(), [{ name: 'still-alive' }]);
    assert.ok(srv.requests > 20);
  });
});
