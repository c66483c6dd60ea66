// The renderer's one way to reach the core. In Electron the sandboxed preload exposes
// window.amtray (IPC); in the browser shell the page talks to the local server over a
// WebSocket authenticated by the token in the page's own URL (?token=...).
// Either way the caller gets a BridgeApi whose methods reject with BridgeCallError.
import {
  BridgeCallError,
  REQUEST_CHANNELS,
  isBridgeError,
  type BridgeApi,
} from '$core/bridge/contract.ts';
import { createWsBridge, type BridgeStatus } from './ws-client.ts';
import { bridgeSocketUrl } from './socket-url.ts';

export { BridgeCallError } from '$core/bridge/contract.ts';
export type { BridgeStatus } from './ws-client.ts';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in the browser shell. */
    amtray?: BridgeApi;
  }
}

/** Errors crossing contextBridge lose their class; rebuild a BridgeCallError from the data. */
export function toBridgeCallError(reason: unknown): BridgeCallError {
  if (reason instanceof BridgeCallError) return reason;
  if (isBridgeError(reason)) return new BridgeCallError(reason);
  if (typeof reason === 'object' && reason !== null && 'error' in reason) {
    const inner = (reason as { error: unknown }).error;
    if (isBridgeError(inner)) return new BridgeCallError(inner);
  }
  const message = reason instanceof Error ? reason.message : String(reason);
  return new BridgeCallError({ kind: 'internal', message });
}

function wrapPreload(raw: BridgeApi): BridgeApi {
  const methods: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  const table = raw as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const channel of REQUEST_CHANNELS) {
    methods[channel] = async (...args: unknown[]) => {
      const fn = table[channel];
      if (!fn) throw new BridgeCallError({ kind: 'internal', message: `no bridge for ${channel}` });
      try {
        return await fn(...args);
      } catch (reason) {
        throw toBridgeCallError(reason);
      }
    };
  }
  return { ...methods, subscribe: raw.subscribe } as unknown as BridgeApi;
}

/** After the next painted frame; a hidden page has no frames, so at most 100 ms later. */
function afterNextFrame(fn: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    fn();
  };
  requestAnimationFrame(() => setTimeout(run, 0));
  setTimeout(run, 100);
}

let bridge: BridgeApi | undefined;
let status: BridgeStatus = 'open';
const statusListeners = new Set<(s: BridgeStatus) => void>();

/** The bridge for this window (created once). */
export function getBridge(): BridgeApi {
  if (bridge) return bridge;
  if (window.amtray) {
    bridge = wrapPreload(window.amtray);
    return bridge;
  }
  // The early connection (early.ts), when it ran: its socket and first answers are taken over.
  const early = window.amtrayEarly;
  delete window.amtrayEarly;
  const ws = createWsBridge(bridgeSocketUrl(location), {
    createSocket: (u) => new WebSocket(u),
    yieldToRender: afterNextFrame,
    ...(early ? { early } : {}),
  });
  status = ws.status();
  ws.onStatus((s) => {
    status = s;
    for (const l of statusListeners) l(s);
  });
  bridge = ws.api;
  return bridge;
}

/** Connection state of the bridge: always 'open' in Electron; the WebSocket's in a browser. */
export function bridgeStatus(): BridgeStatus {
  return status;
}

export function onBridgeStatus(listener: (s: BridgeStatus) => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}
