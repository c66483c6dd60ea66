// The bridge takes over the browser shell's early connection (renderer/src/early.ts): the socket,
// what it received before, and its requests, whose answers go to the window's first identical
// request (no second request on the wire). A different request is sent as usual; an answer nobody
// claims is dropped without an unhandled rejection; a socket closed before the take-over is
// reconnected.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createWsBridge, type EarlyConnection } from '../../renderer/src/bridge/ws-client.ts';
import { FakeSocket } from './support/fake-socket.ts';

const EARLY = 1_000_000_000;
const result = (id: number, value: unknown) =>
  JSON.stringify({ id, type: 'result', result: { ok: true, value } });

/** An early connection as early.ts makes it: its listener buffers until the take-over. */
function earlyOn(socket: FakeSocket): EarlyConnection {
  const received: unknown[] = [];
  const listener = (e: { data: unknown }) => received.push(e.data);
  socket.addEventListener('message', listener);

  const requests: EarlyConnection['requests'] = [];
  const request = (channel: string, args: unknown[]) => {
    const id = EARLY + requests.length;
    requests.push({ id, channel, args });
    socket.send(JSON.stringify({ id, type: 'request', channel, args }));
  };
  if (socket.readyState === 1) {
    request('app:info', []);
    request('settings:get', []);
  }
  return {
    socket,
    received,
    requests,
    handOver: () => socket.removeEventListener('message', listener),
  };
}

function bridgeWith(early: EarlyConnection, created: FakeSocket[] = []) {
  const timers: (() => void)[] = [];
  const bridge = createWsBridge('ws://x', {
    createSocket: () => {
      const s = new FakeSocket();
      created.push(s);
      return s;
    },
    early,
    setTimer: (fn) => timers.push(fn),
    clearTimer: () => {},
  });
  return { bridge, timers };
}

describe('ws-client: taking over the early connection', () => {
  it('hands early answers to identical requests, without sending them again', async () => {
    const socket = new FakeSocket();
    socket.readyState = 1;
    const early = earlyOn(socket);
    // Answered before the take-over: in the early buffer.
    socket.emit('message', result(EARLY, { shell: 'browser' }));
    const created: FakeSocket[] = [];
    const { bridge } = bridgeWith(early, created);
    assert.equal(created.length, 0, 'a second socket was opened');
    const sentBefore = socket.sent.length;
    const info = bridge.api['app:info']();
    const settings = bridge.api['settings:get']();
    // Answered after the take-over: through the bridge's own listener.
    socket.emit('message', result(EARLY + 1, { version: 'x' }));
    assert.deepEqual(await info, { shell: 'browser' });
    assert.deepEqual(await settings, { version: 'x' });
    assert.equal(socket.sent.length, sentBefore, 'an early request was sent again');
    // Claimed once: the next identical request goes on the wire.
    void bridge.api['app:info']().catch(() => undefined);
    assert.equal(socket.sent.length, sentBefore + 1);
    assert.match(socket.sent.at(-1)!, /"channel":"app:info"/);
    bridge.close();
  });

  it('sends a request whose arguments differ from the early one', async () => {
    const socket = new FakeSocket();
    socket.readyState = 1;
    const early = earlyOn(socket);
    early.requests.push({ id: EARLY + 2, channel: 'list:query', args: [{ id: 1, top: 0 }] });
    const { bridge } = bridgeWith(early);
    const before = socket.sent.length;
    void bridge.api['list:query']({ id: 1, top: 50 } as never).catch(() => undefined);
    assert.equal(socket.sent.length, before + 1);
    bridge.close();
  });

  it('handles messages in order across the take-over, and none twice', () => {
    const socket = new FakeSocket();
    socket.readyState = 1;
    const early = earlyOn(socket);
    const { bridge } = bridgeWith(early);
    const got: string[] = [];
    bridge.api.subscribe('list:changed', (m) => got.push(String(m.seq)));
    const sub = JSON.parse(socket.sent.at(-1)!) as { id: number };
    socket.emit('message', JSON.stringify({ id: sub.id, type: 'message', message: { seq: 7 } }));
    assert.deepEqual(got, ['7']);
    assert.deepEqual(early.received, [], 'the early listener still received after the take-over');
    bridge.close();
  });

  it('drops answers nobody asked for when the connection closes', async () => {
    const socket = new FakeSocket();
    socket.readyState = 1;
    const early = earlyOn(socket);
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    try {
      const { bridge } = bridgeWith(early);
      socket.emit('close');
      await new Promise((r) => setTimeout(r, 10));
      assert.deepEqual(unhandled, []);
      bridge.close();
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('opens its own socket again when the early one closed before the take-over', () => {
    const socket = new FakeSocket();
    const early = earlyOn(socket);
    socket.emit('close');
    const created: FakeSocket[] = [];
    const { bridge, timers } = bridgeWith(early, created);
    assert.equal(bridge.status(), 'closed');
    timers.shift()!();
    assert.equal(created.length, 1, 'no new socket after the early one closed');
    bridge.close();
  });

  it('waits for an early socket still connecting, then asks for itself', () => {
    const socket = new FakeSocket();
    const early = earlyOn(socket); // not open: early.ts has asked nothing yet
    const { bridge } = bridgeWith(early);
    void bridge.api['settings:get']().catch(() => undefined);
    assert.equal(socket.sent.length, 0);
    socket.emit('open');
    assert.equal(socket.sent.length, 1);
    assert.match(socket.sent[0]!, /"channel":"settings:get"/);
    assert.equal(bridge.status(), 'open');
    bridge.close();
  });
});
