// One WebSocket connection's bridge session, driven with plain functions: a subscription
// starts in the next macrotask, so answers to requests that arrived in the same batch go out
// before a (large) view snapshot; a subscription cancelled or closed before it started never
// reaches the source.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Handlers, WireServerMessage } from '../../main/core/bridge/contract.ts';
import type { Subscribe } from '../../main/core/bridge/subscriptions.ts';
import { createBridgeSession } from '../../main/server/bridge-session.ts';

const handlers = {
  'app:info': async () => ({ shell: 'browser' }),
} as unknown as Handlers;

function fakeSubscribe(): { subscribe: Subscribe; started: string[]; stopped: string[] } {
  const started: string[] = [];
  const stopped: string[] = [];
  const subscribe = ((channel: string, listener: (m: unknown) => void) => {
    started.push(channel);
    // Like the core: the snapshot goes out synchronously on subscribe.
    if (channel === 'view:changes') listener({ type: 'snapshot', snapshot: { seq: 1 } });
    return () => stopped.push(channel);
  }) as Subscribe;
  return { subscribe, started, stopped };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('bridge session', () => {
  it('answers requests of the same batch before sending the snapshot', async () => {
    const sent: WireServerMessage[] = [];
    const src = fakeSubscribe();
    const session = createBridgeSession(handlers, src.subscribe, (m) => sent.push(m));
    // One batch, as frames of one TCP read arrive: a subscribe, then a request.
    void session.onMessage(JSON.stringify({ id: 1, type: 'subscribe', channel: 'view:changes' }));
    const req = session.onMessage(
      JSON.stringify({ id: 2, type: 'request', channel: 'app:info', args: [] }),
    );
    await req;
    await tick();
    await tick();
    assert.deepEqual(
      sent.map((m) => `${m.id}:${m.type}`),
      ['1:subscribed', '2:result', '1:message'],
    );
    assert.deepEqual(src.started, ['view:changes']);
    session.close();
    assert.deepEqual(src.stopped, ['view:changes']);
  });

  it('never starts a subscription unsubscribed or closed before it started', async () => {
    const sent: WireServerMessage[] = [];
    const src = fakeSubscribe();
    const session = createBridgeSession(handlers, src.subscribe, (m) => sent.push(m));
    await session.onMessage(JSON.stringify({ id: 1, type: 'subscribe', channel: 'view:changes' }));
    await session.onMessage(JSON.stringify({ id: 1, type: 'unsubscribe' }));
    await session.onMessage(JSON.stringify({ id: 3, type: 'subscribe', channel: 'ui:navigate' }));
    session.close();
    await tick();
    await tick();
    assert.deepEqual(src.started, []);
    assert.deepEqual(src.stopped, []);
    assert.deepEqual(
      sent.map((m) => `${m.id}:${m.type}`),
      ['1:subscribed', '3:subscribed'],
    );
  });

  it('refuses a second subscription with an id still waiting to start', async () => {
    const sent: WireServerMessage[] = [];
    const src = fakeSubscribe();
    const session = createBridgeSession(handlers, src.subscribe, (m) => sent.push(m));
    await session.onMessage(JSON.stringify({ id: 1, type: 'subscribe', channel: 'view:changes' }));
    await session.onMessage(JSON.stringify({ id: 1, type: 'subscribe', channel: 'view:changes' }));
    await tick();
    assert.deepEqual(
      sent.map((m) => `${m.id}:${m.type}`),
      ['1:subscribed', '1:error', '1:message'],
    );
    assert.deepEqual(src.started, ['view:changes']);
    session.close();
  });
});
