// The sandboxed preload: exposes window.amtray with one named function per request channel
// and subscribe(channel, listener) => unsubscribe. ipcRenderer and IPC event objects never
// reach the page; channel names are checked here too. Errors cross contextBridge as plain
// BridgeError data (an Error would lose its fields); renderer/src/bridge/index.ts turns them
// back into BridgeCallError.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  IPC_SUBSCRIBE,
  IPC_UNSUBSCRIBE,
  REQUEST_CHANNELS,
  ipcChannel,
  ipcSubscriptionChannel,
  isBridgeError,
  isSubscriptionChannel,
  type BridgeError,
  type BridgeResult,
} from '../main/core/bridge/contract.ts';

function asBridgeError(result: unknown): BridgeError {
  if (typeof result === 'object' && result !== null && 'error' in result) {
    const error = (result as { error: unknown }).error;
    if (isBridgeError(error)) return { ...error };
  }
  return { kind: 'internal', message: 'malformed bridge result' };
}

async function call(channel: (typeof REQUEST_CHANNELS)[number], args: unknown[]): Promise<unknown> {
  let result: BridgeResult<unknown>;
  try {
    result = (await ipcRenderer.invoke(ipcChannel(channel), ...args)) as BridgeResult<unknown>;
  } catch (err) {
    // Arguments that cannot be cloned, or the main process went away.
    throw { kind: 'internal', message: err instanceof Error ? err.message : String(err) };
  }
  if (result && result.ok === true) return result.value;
  throw asBridgeError(result);
}

let nextSubscriptionId = 1;

function subscribe(channel: unknown, listener: unknown): () => void {
  if (!isSubscriptionChannel(channel)) throw new Error('unknown subscription channel');
  if (typeof listener !== 'function') throw new Error('listener must be a function');
  const id = nextSubscriptionId++;
  const name = ipcSubscriptionChannel(channel);
  let active = true;
  const onMessage = (_event: IpcRendererEvent, message: unknown, subscriptionId: unknown) => {
    // Only the message goes to the page, never the event (it holds the sender).
    if (active && subscriptionId === id) (listener as (m: unknown) => void)(message);
  };
  ipcRenderer.on(name, onMessage);
  const stop = () => {
    if (!active) return;
    active = false;
    ipcRenderer.removeListener(name, onMessage);
    void ipcRenderer.invoke(IPC_UNSUBSCRIBE, id).catch(() => undefined);
  };
  ipcRenderer
    .invoke(IPC_SUBSCRIBE, channel, id)
    .then((result: BridgeResult<void>) => {
      if (!result || result.ok !== true) {
        console.error(
          `amtray: subscription to ${channel} refused: ${asBridgeError(result).message}`,
        );
        stop();
      }
    })
    .catch((err: unknown) => {
      console.error(`amtray: subscription to ${channel} failed: ${String(err)}`);
      stop();
    });
  return stop;
}

const api: Record<string, unknown> = { subscribe };
for (const channel of REQUEST_CHANNELS) {
  api[channel] = (...args: unknown[]) => call(channel, args);
}

contextBridge.exposeInMainWorld('amtray', api);
