// A kept-alive connection the server drops just as we reuse it must not show the server as
// unreachable: the client retries a GET once on a fresh connection (and never a POST).
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { AlertmanagerClient } from '../../../main/core/api/client.ts';
import { AlertmanagerError } from '../../../main/core/api/errors.ts';

/** Lets undici put the first connection back into its pool, so the next request reuses it. */
const settle = () => new Promise((r) => setTimeout(r, 50));

describe('client retries a GET on a connection the server dropped', () => {
  let server: Server;
  let url: string;
  const perSocket = new WeakMap<Socket, number>();
  let answered = 0;
  let dropped = 0;

  before(async () => {
    server = createServer((req, res) => {
      const n = (perSocket.get(req.socket) ?? 0) + 1;
      perSocket.set(req.socket, n);
      // The second request on any connection finds it closed by the server.
      if (n === 2) {
        dropped++;
        req.socket.destroy();
        return;
      }
      answered++;
      res.setHeader('content-type', 'application/json');
      res.end(req.method === 'POST' ? '{"silenceID":"x"}' : '[{"name":"team-a"}]');
    });
    server.keepAliveTimeout = 60_000;
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((r) => server.close(() => r())));

  it('a GET on a dropped kept-alive connection succeeds through one retry', async () => {
    const client = new AlertmanagerClient({ baseUrl: url, timeoutMs: 5000 });
    try {
      assert.deepEqual(await client.getReceivers(), [{ name: 'team-a' }]);
      await settle();
      const droppedBefore = dropped;
      assert.deepEqual(await client.getReceivers(), [{ name: 'team-a' }]);
      assert.equal(dropped, droppedBefore + 1, 'the reused connection was dropped once');
    } finally {
      await client.close();
    }
  });

  it('a POST on a dropped connection is not retried (it may have been applied)', async () => {
    const client = new AlertmanagerClient({ baseUrl: url, timeoutMs: 5000 });
    try {
      await client.getReceivers();
      await settle();
      const answeredBefore = answered;
      await assert.rejects(
        client.postSilence({
          matchers: [{ name: 'a', value: 'b', isRegex: false, isEqual: true }],
          startsAt: new Date().toISOString(),
          endsAt: new Date(Date.now() + 60_000).toISOString(),
          createdBy: 't',
          comment: 'c',
        }),
        (err: unknown) => err instanceof AlertmanagerError && err.kind === 'network',
      );
      assert.equal(answered, answeredBefore, 'no second POST reached the server');
    } finally {
      await client.close();
    }
  });
});
