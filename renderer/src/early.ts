// The browser shell's early connection: a module of its own, loaded before the main bundle, so
// it runs as soon as it is fetched (a few kB) instead of after the whole app is fetched and
// compiled (~70 ms on a fresh page, then ~40 ms of evaluation). It opens the bridge's WebSocket
// and asks what the window needs first: the app info, the settings, and, once the settings say
// which filter is remembered, the first rows of the alert list. The bridge (bridge/index.ts)
// takes the socket over and hands each answer to the window's first identical request; an
// answer nobody asks for (another view opened, the window's question differs) is dropped. In
// Electron the preload's bridge is there already and this does nothing.
import type { EarlyConnection } from './bridge/ws-client.ts';
import { bridgeSocketUrl } from './bridge/socket-url.ts';
import { frameText } from './bridge/frame-text.ts';
import { firstListQuery, type FilterValue } from './lib/alerts/list-params.ts';

declare global {
  interface Window {
    /** The early connection, until the bridge takes it over. */
    amtrayEarly?: EarlyConnection;
  }
}

/** Wire ids of early requests: far from the bridge's own (which count from 1). */
const FIRST_ID = 1_000_000_000;

/** The window opens on the alert list unless the URL names another view (navigation.svelte.ts). */
function opensOnAlerts(): boolean {
  const name = location.hash.replace(/^#\/?/, '');
  return name === '' || name === 'alerts' || !/^(silences|instances|timeline|settings)$/.test(name);
}

function connectEarly(): void {
  if (window.amtray || window.amtrayEarly) return;
  const socket = new WebSocket(bridgeSocketUrl(location));
  // Large answers may come as binary UTF-8 (bridge/frame-text.ts); a Blob would be read later.
  socket.binaryType = 'arraybuffer';
  const received: unknown[] = [];
  const requests: EarlyConnection['requests'] = [];
  const request = (channel: string, args: unknown[]): number => {
    const id = FIRST_ID + requests.length;
    requests.push({ id, channel, args });
    socket.send(JSON.stringify({ id, type: 'request', channel, args }));
    return id;
  };
  let settingsId = -1;
  /** Taken over by the bridge: from then on it asks for itself. */
  let handedOver = false;
  const onMessage = (e: MessageEvent): void => {
    received.push(e.data);
    if (settingsId < 0) return;
    // Decoded again when the bridge takes over: the settings are small, and this is once.
    const text = frameText(e.data);
    if (text === undefined || !text.startsWith(`{"id":${settingsId},`)) return;
    settingsId = -1;
    try {
      const msg = JSON.parse(text) as {
        result?: { ok: boolean; value?: { instances: unknown[]; ui: { filter: FilterValue } } };
      };
      const settings = msg.result?.ok ? msg.result.value : undefined;
      if (settings && settings.instances.length > 0 && opensOnAlerts())
        request('list:query', [firstListQuery(settings.ui.filter, innerHeight)]);
    } catch {
      // Not the settings after all: the window asks for its rows itself.
    }
  };
  socket.addEventListener('message', onMessage);
  socket.addEventListener(
    'open',
    () => {
      // Opened after the bridge took over (the main bundle was quicker): it asks itself.
      if (handedOver) return;
      request('app:info', []);
      settingsId = request('settings:get', []);
    },
    { once: true },
  );
  window.amtrayEarly = {
    socket,
    received,
    requests,
    handOver: () => {
      handedOver = true;
      socket.removeEventListener('message', onMessage);
    },
  };
}

connectEarly();
