// A server that answers with a compressed body (a gzip bomb: undici does not inflate it, and
// must not) gets "expected a JSON answer" with the binary bytes escaped, never raw control
// characters in a message the window shows on one line.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { AlertmanagerClient } from '../../../main/core/api/client.ts';

describe('a binary answer in an error message', () => {
  let server: Server;
  let url: string;
  before(async () => {
    const bomb = gzipSync(Buffer.alloc(10 * 1024 * 1024, '['));
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(bomb);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((r) => server.close(() => r())));

  it('is escaped for every endpoint', async () => {
    const client = new AlertmanagerClient({ baseUrl: url });
    try {
      for (const call of [() => client.getStatus(), () => client.getAlertGroups()]) {
        const err = (await call().then(
          () => assert.fail('a gzip body is not JSON'),
          (e: unknown) => e,
        )) as Error & { kind?: string };
        assert.equal(err.kind, 'invalid-response');
        assert.match(err.message, /expected a JSON answer, got not JSON/);
        assert.doesNotMatch(err.message, /[\p{Cc}\p{Cf}\uFFFD]/u, JSON.stringify(err.message));
        assert.match(err.message, /\\u001f\\ufffd/, 'the gzip magic, escaped');
      }
    } finally {
      await client.close();
    }
  });
});
