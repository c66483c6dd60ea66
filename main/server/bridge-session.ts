// One WebSocket connection's side of the bridge wire format (contract.ts): requests go to
// dispatch, subscriptions to the shared sources, every message answered by id. Pure of any
// socket so it is tested with plain functions; index.ts plugs it into `ws`.
import type { WireServerMessage } from '../core/bridge/contract.ts';
import { isSubscriptionChannel } from '../core/bridge/contract.ts';
import type { Handlers } from '../core/bridge/contract.ts';
import { dispatch } from '../core/bridge/dispatch.ts';
import type { Subscribe } from '../core/bridge/subscriptions.ts';
import type { Flow } from '../core/bridge/view-stream.ts';

export interface BridgeSession {
  /** Handles one text frame from the client. */
  onMessage(text: string): Promise<void>;
  /** Drops every subscription of this connection. */
  close(): void;
}

/** Generous for a settings update, tiny next to anything that would hurt. */
export const MAX_FRAME_BYTES = 1024 * 1024;
const MAX_SUBSCRIPTIONS = 64;

export function createBridgeSession(
  handlers: Handlers,
  subscribe: Subscribe,
  send: (message: WireServerMessage) => void,
  /** The connection's pace, for subscriptions that send a lot (the view stream). */
  flow?: Flow,
): BridgeSession {
  const subscriptions = new Map<number, () => void>();
  let closed = false;

  function safeSend(message: WireServerMessage): void {
    if (!closed) send(message);
  }

  return {
    async onMessage(text) {
      let msg: unknown;
      try {
        msg = JSON.parse(text);
      } catch {
        safeSend({
          id: -1,
          type: 'error',
          error: { kind: 'invalid-argument', message: 'not JSON' },
        });
        return;
      }
      if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) {
        safeSend({
          id: -1,
          type: 'error',
          error: { kind: 'invalid-argument', message: 'expected an object' },
        });
        return;
      }
      const m = msg as { id?: unknown; type?: unknown; channel?: unknown; args?: unknown };
      if (typeof m.id !== 'number' || !Number.isSafeInteger(m.id)) {
        safeSend({
          id: -1,
          type: 'error',
          error: { kind: 'invalid-argument', message: 'missing numeric id' },
        });
        return;
      }
      const id = m.id;
      switch (m.type) {
        case 'request': {
          const result = await dispatch(handlers, m.channel, m.args);
          safeSend({ id, type: 'result', result });
          return;
        }
        case 'subscribe': {
          if (!isSubscriptionChannel(m.channel)) {
            safeSend({
              id,
              type: 'error',
              error: { kind: 'invalid-argument', message: 'unknown subscription channel' },
            });
            return;
          }
          if (subscriptions.has(id) || subscriptions.size >= MAX_SUBSCRIPTIONS) {
            safeSend({
              id,
              type: 'error',
              error: { kind: 'invalid-argument', message: 'subscription id in use or too many' },
            });
            return;
          }
          safeSend({ id, type: 'subscribed' });
          const channel = m.channel;
          // Reserve the id now (an 'unsubscribe' may come before the start), start in the next
          // macrotask: the view subscription sends its (large) snapshot synchronously, and
          // answers to requests that arrived in the same batch (app info, settings) should go
          // out first so the window can render its frame while the snapshot is serialised.
          let started = false;
          subscriptions.set(id, () => {
            started = true; // cancelled before it started: never start
          });
          setImmediate(() => {
            if (started || closed || !subscriptions.has(id)) return;
            started = true;
            const unsubscribe = subscribe(
              channel,
              (message: unknown) => safeSend({ id, type: 'message', message }),
              flow,
            );
            if (closed || !subscriptions.has(id)) unsubscribe();
            else subscriptions.set(id, unsubscribe);
          });
          return;
        }
        case 'unsubscribe': {
          subscriptions.get(id)?.();
          subscriptions.delete(id);
          return;
        }
        default:
          safeSend({
            id,
            type: 'error',
            error: { kind: 'invalid-argument', message: 'unknown message type' },
          });
      }
    },
    close() {
      closed = true;
      for (const unsubscribe of subscriptions.values()) unsubscribe();
      subscriptions.clear();
    },
  };
}
