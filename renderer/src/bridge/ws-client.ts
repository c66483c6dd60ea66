// The browser shell's side of the bridge: a BridgeApi over one WebSocket to the local server
// (main/server), speaking the wire format of main/core/bridge/contract.ts.
// Reconnects with backoff when the connection drops and then re-subscribes, so every
// view:changes listener gets a fresh snapshot. Requests in flight when the connection drops
// are rejected rather than re-sent: a silence must never be created twice behind the user's back.
// The WebSocket constructor is injected so Node tests can drive it with the `ws` package.
import {
  BridgeCallError,
  REQUEST_CHANNELS,
  isBridgeError,
  type BridgeApi,
  type BridgeError,
  type BridgeResult,
  type SubscriptionChannel,
  type Subscriptions,
  type WireClientMessage,
  type WireServerMessage,
} from '$core/bridge/contract.ts';
import { frameText } from './frame-text.ts';

/** The part of the WHATWG WebSocket this client uses (the browser's and `ws` both fit). */
export interface WebSocketLike {
  readonly readyState: number;
  /** 'arraybuffer' where it can be set: large answers may come as binary UTF-8 (frame-text.ts). */
  binaryType?: string;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open' | 'close' | 'error', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

export type BridgeStatus = 'connecting' | 'open' | 'closed';

/**
 * A connection opened before the client existed (the browser shell's early.ts: it connects and
 * asks for the window's first answers while the main bundle is still being fetched and
 * compiled). The client takes the socket over, handles what it received so far, and hands each
 * early request's answer to the first call of the same channel with the same arguments.
 */
export interface EarlyConnection {
  socket: WebSocketLike;
  /** Messages received before the client took over, in order (the early listener's). */
  received: unknown[];
  /** Requests sent on it (wire ids of their own, away from the client's). */
  requests: { id: number; channel: string; args: unknown[] }[];
  /** Stops the early listener: the client's own take over in the same turn. */
  handOver(): void;
}

/** How long an early answer nobody asked for is kept (the window asked something else). */
const PREFETCH_KEPT_MS = 10_000;

export interface WsBridgeOptions {
  createSocket: (url: string) => WebSocketLike;
  /** An early connection to take over instead of opening the first socket. */
  early?: EarlyConnection;
  /** First reconnect delay; doubles up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
  /** Defaults to the global timers; injectable for tests. */
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /**
   * After a message of at least `largeMessageChars` (a view snapshot), the following messages
   * wait for `yieldToRender` to call back, in order: the page paints what the large one showed
   * before parsing the next (the next part of a streamed snapshot). Defaults: 100,000 chars (the
   * first part of a streamed snapshot, the top of the list, is ~250 kB: the rows it holds are
   * drawn before the next 2 MB part is parsed) and a zero timeout; the browser passes "after
   * the next frame".
   */
  largeMessageChars?: number;
  yieldToRender?: (fn: () => void) => void;
}

export interface WsBridge {
  api: BridgeApi;
  status(): BridgeStatus;
  onStatus(listener: (status: BridgeStatus) => void): () => void;
  /** Stop for good: rejects pending requests, drops subscriptions, no reconnect. */
  close(): void;
}

const OPEN = 1;
/** Failed connection attempts after which queued requests are rejected. */
const GIVE_UP_QUEUED_AFTER = 3;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: BridgeCallError) => void;
}

interface Sub {
  channel: SubscriptionChannel;
  listener: (message: unknown) => void;
  /** Wire id of the current connection's subscription, if subscribed. */
  wireId?: number;
}

/** Early requests are matched by channel and the exact JSON of their arguments. */
function requestKey(channel: string, args: readonly unknown[]): string {
  return `${channel}\n${JSON.stringify(args)}`;
}

export function createWsBridge(url: string, options: WsBridgeOptions): WsBridge {
  const retryMs = options.retryMs ?? 250;
  const maxRetryMs = options.maxRetryMs ?? 5000;
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer =
    options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));

  const largeMessageChars = options.largeMessageChars ?? 100_000;
  const yieldToRender = options.yieldToRender ?? ((fn) => setTimer(fn, 0));

  let socket: WebSocketLike | undefined;
  /** Messages received while yielding after a large one, handled in order afterwards. */
  let inbox: string[] = [];
  let yielding = false;
  let state: BridgeStatus = 'connecting';
  let closedForGood = false;
  let nextId = 1;
  let delay = retryMs;
  let retryTimer: unknown;
  /** Connection attempts in a row that never opened (a stale token, a stopped server). */
  let failedAttempts = 0;
  /** Requests waiting for the connection to open (kept across reconnects: never sent yet). */
  let outbox: { id: number; text: string }[] = [];
  const pending = new Map<number, Pending>();
  /** Early requests' answers by channel and arguments, each for the first matching call. */
  const prefetched = new Map<string, Promise<unknown>>();
  let early = options.early;
  const subs = new Set<Sub>();
  const subsByWireId = new Map<number, Sub>();
  const statusListeners = new Set<(status: BridgeStatus) => void>();

  function setStatus(next: BridgeStatus): void {
    if (state === next) return;
    state = next;
    for (const l of statusListeners) l(next);
  }

  function send(message: WireClientMessage): void {
    const text = JSON.stringify(message);
    if (socket && socket.readyState === OPEN) socket.send(text);
    else if (message.type === 'request') outbox.push({ id: message.id, text });
    // A subscribe/unsubscribe while disconnected is redone from `subs` on the next open.
  }

  function subscribeOnWire(sub: Sub): void {
    const id = nextId++;
    sub.wireId = id;
    subsByWireId.set(id, sub);
    send({ id, type: 'subscribe', channel: sub.channel });
  }

  /** Rejects the requests that were sent (their outcome is unknown); queued ones wait. */
  function failSent(error: BridgeError): void {
    const queued = new Set(outbox.map((o) => o.id));
    for (const [id, p] of [...pending]) {
      if (queued.has(id)) continue;
      pending.delete(id);
      p.reject(new BridgeCallError(error));
    }
  }

  function onMessage(text: string): void {
    let msg: WireServerMessage;
    try {
      msg = JSON.parse(text) as WireServerMessage;
    } catch {
      return; // not ours; the server only sends JSON
    }
    if (typeof msg !== 'object' || msg === null || typeof msg.id !== 'number') return;
    switch (msg.type) {
      case 'result': {
        const p = pending.get(msg.id);
        if (!p) return;
        pending.delete(msg.id);
        const result = msg.result as BridgeResult<unknown>;
        if (result && result.ok) p.resolve(result.value);
        else
          p.reject(
            new BridgeCallError(
              result && isBridgeError(result.error)
                ? result.error
                : { kind: 'internal', message: 'malformed result from the server' },
            ),
          );
        return;
      }
      case 'message': {
        subsByWireId.get(msg.id)?.listener(msg.message);
        return;
      }
      case 'error': {
        // A refused request or subscription (unknown channel, malformed frame).
        const p = pending.get(msg.id);
        if (p) {
          pending.delete(msg.id);
          p.reject(new BridgeCallError(msg.error));
          return;
        }
        const sub = subsByWireId.get(msg.id);
        if (sub) {
          subsByWireId.delete(msg.id);
          subs.delete(sub);
          console.error(`bridge: subscription to ${sub.channel} refused: ${msg.error.message}`);
        }
        return;
      }
      case 'subscribed':
        return;
    }
  }

  function receive(data: unknown): void {
    const text = frameText(data);
    if (text === undefined) return; // not ours; the server only sends JSON text
    if (yielding) {
      inbox.push(text);
      return;
    }
    onMessage(text);
    if (text.length >= largeMessageChars) {
      yielding = true;
      yieldToRender(drainInbox);
    }
  }

  function drainInbox(): void {
    yielding = false;
    while (inbox.length > 0 && !yielding) receive(inbox.shift());
  }

  /** Handles everything still queued at once (before a close rejects what it answers). */
  function flushInbox(): void {
    const queued = inbox;
    inbox = [];
    yielding = false;
    for (const data of queued) onMessage(data);
  }

  /** Takes over an early connection's requests: their answers wait for the first asker. */
  function adoptRequests(taken: EarlyConnection): void {
    for (const r of taken.requests) {
      const answer = new Promise<unknown>((resolve, reject) =>
        pending.set(r.id, { resolve, reject }),
      );
      // Nobody may ever ask (the window opened on another view): not an unhandled rejection.
      answer.catch(() => undefined);
      prefetched.set(requestKey(r.channel, r.args), answer);
    }
    if (taken.requests.length > 0) setTimer(() => prefetched.clear(), PREFETCH_KEPT_MS);
  }

  function connect(): void {
    if (closedForGood) return;
    setStatus('connecting');
    const taken = early;
    early = undefined;
    const ws = taken ? taken.socket : options.createSocket(url);
    // A Blob would need an asynchronous read; early.ts sets the same on its socket.
    ws.binaryType = 'arraybuffer';
    socket = ws;
    const onOpen = (): void => {
      if (socket !== ws) return;
      delay = retryMs;
      failedAttempts = 0;
      setStatus('open');
      const queued = outbox;
      outbox = [];
      // Requests first: their small answers (app info, settings) then arrive before a large
      // view snapshot, so the window can lay itself out while the snapshot is on its way.
      for (const { text } of queued) ws.send(text);
      for (const sub of subs) subscribeOnWire(sub);
    };
    ws.addEventListener('open', onOpen);
    ws.addEventListener('message', (event) => {
      if (socket === ws) receive(event.data);
    });
    ws.addEventListener('error', () => {
      // 'close' follows; nothing else to do.
    });
    let opened = false;
    ws.addEventListener('open', () => {
      opened = true;
    });
    const onClose = (): void => {
      if (socket !== ws) return;
      flushInbox();
      socket = undefined;
      if (!opened) failedAttempts++;
      if (failedAttempts >= GIVE_UP_QUEUED_AFTER) {
        // Do not let queued requests wait forever on a server that refuses or is gone;
        // keep retrying for new ones (the server may come back).
        outbox = [];
        failSent({
          kind: 'internal',
          message: 'cannot reach the app server (stopped, or this page has an old token)',
        });
      }
      subsByWireId.clear();
      for (const sub of subs) delete sub.wireId;
      failSent({ kind: 'internal', message: 'connection to the app server lost' });
      setStatus('closed');
      if (closedForGood) return;
      retryTimer = setTimer(() => {
        retryTimer = undefined;
        connect();
      }, delay);
      delay = Math.min(delay * 2, maxRetryMs);
    };
    ws.addEventListener('close', onClose);
    if (taken) {
      // In this turn: the early listener stops as ours start, so no message is lost or seen
      // twice; what it received is handled first, in order.
      taken.handOver();
      adoptRequests(taken);
      if (ws.readyState === OPEN) {
        opened = true;
        onOpen();
      }
      for (const data of taken.received) receive(data);
      // Closed before the take-over: its 'close' event is gone; reconnect as after one.
      if (ws.readyState > OPEN) onClose();
    }
  }

  function request(channel: string, given: unknown[]): Promise<unknown> {
    // JSON turns a trailing `undefined` into null, which optional arguments refuse: omit them.
    const args = [...given];
    while (args.length > 0 && args[args.length - 1] === undefined) args.pop();
    if (closedForGood)
      return Promise.reject(new BridgeCallError({ kind: 'internal', message: 'bridge closed' }));
    const key = requestKey(channel, args);
    const answer = prefetched.get(key);
    if (answer) {
      prefetched.delete(key);
      return answer;
    }
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      send({ id, type: 'request', channel, args });
    });
  }

  const methods: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const channel of REQUEST_CHANNELS) {
    methods[channel] = (...args: unknown[]) => request(channel, args);
  }

  function subscribe<K extends SubscriptionChannel>(
    channel: K,
    listener: (message: Subscriptions[K]) => void,
  ): () => void {
    const sub: Sub = { channel, listener: listener as (message: unknown) => void };
    subs.add(sub);
    if (socket && socket.readyState === OPEN) subscribeOnWire(sub);
    return () => {
      if (!subs.delete(sub)) return;
      if (sub.wireId !== undefined) {
        subsByWireId.delete(sub.wireId);
        if (socket && socket.readyState === OPEN)
          socket.send(JSON.stringify({ id: sub.wireId, type: 'unsubscribe' }));
      }
    };
  }

  const api = { ...methods, subscribe } as unknown as BridgeApi;
  connect();

  return {
    api,
    status: () => state,
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    close() {
      if (closedForGood) return;
      closedForGood = true;
      if (retryTimer !== undefined) clearTimer(retryTimer);
      subs.clear();
      subsByWireId.clear();
      outbox = [];
      inbox = [];
      failSent({ kind: 'internal', message: 'bridge closed' });
      const ws = socket;
      socket = undefined;
      ws?.close();
      setStatus('closed');
    },
  };
}
