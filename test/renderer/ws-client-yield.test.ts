// The browser's bridge client lets the page paint after a large message (a part of a view snapshot)
// before handling the next ones, which stay in order; a close first handles what was queued.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createWsBridge } from '../../renderer/src/bridge/ws-client.ts';
import { FakeSocket } from './support/fake-socket.ts';

function setup() {
  const sockets: FakeSocket[] = [];
  const yields: (() => void)[] = [];
  const bridge = createWsBridge('ws://x', {
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    largeMessageChars: 100,
    yieldToRender: (fn) => yields.push(fn),
    setTimer: () => 0,
    clearTimer: () => {},
  });
  const got: string[] = [];
  bridge.api.subscribe('view:changes', (m) => got.push(m.type));
  const socket = sockets[0]!;
  socket.emit('open');
  const sub = JSON.parse(socket.sent[0]!) as { id: number };
  const frame = (type: string, pad = 0) =>
    JSON.stringify({ id: sub.id, type: 'message', message: { type, pad: 'x'.repeat(pad) } });
  return { bridge, socket, got, yields, frame };
}

describe('ws-client: yielding after a large message', () => {
  it('handles messages after a large one only once the page had its frame, in order', () => {
    const { socket, got, yields, frame } = setup();
    socket.emit('message', frame('snapshot', 200));
    socket.emit('message', frame('snapshot-part', 200));
    socket.emit('message', frame('delta'));
    assert.deepEqual(got, ['snapshot']);
    assert.equal(yields.length, 1);
    yields.shift()!();
    // The rest is large too: the delta waits for another frame.
    assert.deepEqual(got, ['snapshot', 'snapshot-part']);
    assert.equal(yields.length, 1);
    yields.shift()!();
    assert.deepEqual(got, ['snapshot', 'snapshot-part', 'delta']);
    // Small messages go straight through.
    socket.emit('message', frame('delta'));
    assert.deepEqual(got.length, 4);
    assert.equal(yields.length, 0);
  });

  it('handles what was queued before a dropped connection is acted on', () => {
    const { socket, got, frame } = setup();
    socket.emit('message', frame('snapshot', 200));
    socket.emit('message', frame('delta'));
    assert.deepEqual(got, ['snapshot']);
    socket.emit('close');
    assert.deepEqual(got, ['snapshot', 'delta']);
  });
});
