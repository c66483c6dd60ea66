// The Electron transport of the bridge: ipcMain.handle(`amtray:<channel>`) for every request
// channel, plus amtray:subscribe / amtray:unsubscribe. Every call first proves it comes from
// our own window's main frame showing our own page (isTrustedSender), then goes through the
// same dispatch (zod validation) as the browser shell. ipcMain is injected: this module never
// imports electron, so Node tests drive it with a fake.
import {
  IPC_SUBSCRIBE,
  IPC_UNSUBSCRIBE,
  REQUEST_CHANNELS,
  ipcChannel,
  ipcSubscriptionChannel,
  isSubscriptionChannel,
  type BridgeResult,
  type Handlers,
} from '../core/bridge/contract.ts';
import { dispatch } from '../core/bridge/dispatch.ts';
import type { Subscribe } from '../core/bridge/subscriptions.ts';
import { yieldingFlow } from '../core/bridge/view-stream.ts';
import { isTrustedSender, type AppLocation } from './trusted-sender.ts';

/** The parts of Electron's WebContents, WebFrameMain and IpcMainInvokeEvent used here. */
export interface SenderLike {
  id: number;
  send(channel: string, ...args: unknown[]): void;
  isDestroyed(): boolean;
  once(event: 'destroyed', listener: () => void): unknown;
  on(event: 'did-start-loading', listener: () => void): unknown;
}
export interface InvokeEventLike {
  sender: SenderLike;
  senderFrame: { url: string; parent: unknown } | null;
}
export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => unknown): void;
  removeHandler(channel: string): void;
}

export interface IpcBridgeOptions {
  handlers: Handlers;
  subscribe: Subscribe;
  /** The window allowed to call (undefined while there is none) and where its page lives. */
  trusted: () => { webContentsId: number | undefined; app: AppLocation };
  log?: (line: string) => void;
}

const FORBIDDEN: BridgeResult<never> = {
  ok: false,
  error: { kind: 'forbidden', message: 'caller is not the app window' },
};

const MAX_SUBSCRIPTIONS = 64;

export function registerIpcBridge(ipcMain: IpcMainLike, opts: IpcBridgeOptions): () => void {
  const log = opts.log ?? (() => undefined);
  /** webContents id -> subscription id (chosen by the preload) -> unsubscribe */
  const bySender = new Map<number, Map<number, () => void>>();

  function trustedEvent(event: InvokeEventLike, channel: string): boolean {
    const frame = event.senderFrame;
    const ok = isTrustedSender(
      {
        webContentsId: event.sender.id,
        isMainFrame: frame !== null && frame.parent === null,
        frameUrl: frame?.url ?? '',
      },
      opts.trusted(),
    );
    if (!ok)
      log(
        `ipc: refused ${channel} from webContents ${event.sender.id} (${frame?.url ?? 'no frame'})`,
      );
    return ok;
  }

  function dropAll(senderId: number): void {
    const subs = bySender.get(senderId);
    if (!subs) return;
    bySender.delete(senderId);
    for (const unsubscribe of subs.values()) unsubscribe();
  }

  function subsFor(sender: SenderLike): Map<number, () => void> {
    let subs = bySender.get(sender.id);
    if (!subs) {
      subs = new Map();
      bySender.set(sender.id, subs);
      const id = sender.id;
      // A reload or a closed window leaves nobody to receive: drop its subscriptions.
      sender.once('destroyed', () => dropAll(id));
      sender.on('did-start-loading', () => dropAll(id));
    }
    return subs;
  }

  for (const channel of REQUEST_CHANNELS) {
    ipcMain.handle(ipcChannel(channel), (event, ...args) => {
      if (!trustedEvent(event, channel)) return FORBIDDEN;
      return dispatch(opts.handlers, channel, args);
    });
  }

  ipcMain.handle(IPC_SUBSCRIBE, (event, channel, subscriptionId): BridgeResult<void> => {
    if (!trustedEvent(event, 'subscribe')) return FORBIDDEN;
    if (!isSubscriptionChannel(channel)) {
      return {
        ok: false,
        error: { kind: 'invalid-argument', message: 'unknown subscription channel' },
      };
    }
    if (typeof subscriptionId !== 'number' || !Number.isSafeInteger(subscriptionId)) {
      return {
        ok: false,
        error: { kind: 'invalid-argument', message: 'subscription id must be an integer' },
      };
    }
    const sender = event.sender;
    const subs = subsFor(sender);
    subs.get(subscriptionId)?.();
    subs.delete(subscriptionId);
    if (subs.size >= MAX_SUBSCRIPTIONS) {
      return { ok: false, error: { kind: 'invalid-argument', message: 'too many subscriptions' } };
    }
    const name = ipcSubscriptionChannel(channel);
    const unsubscribe = opts.subscribe(
      channel,
      (message: unknown) => {
        if (!sender.isDestroyed()) sender.send(name, message, subscriptionId);
      },
      yieldingFlow(),
    );
    subs.set(subscriptionId, unsubscribe);
    return { ok: true, value: undefined };
  });

  ipcMain.handle(IPC_UNSUBSCRIBE, (event, subscriptionId): BridgeResult<void> => {
    if (!trustedEvent(event, 'unsubscribe')) return FORBIDDEN;
    const subs = bySender.get(event.sender.id);
    if (typeof subscriptionId === 'number' && subs) {
      subs.get(subscriptionId)?.();
      subs.delete(subscriptionId);
    }
    return { ok: true, value: undefined };
  });

  return () => {
    for (const channel of REQUEST_CHANNELS) ipcMain.removeHandler(ipcChannel(channel));
    ipcMain.removeHandler(IPC_SUBSCRIBE);
    ipcMain.removeHandler(IPC_UNSUBSCRIBE);
    for (const id of [...bySender.keys()]) dropAll(id);
  };
}
