// Subscription channels wired to their sources, for both transports: view:changes to the
// core's view (snapshot first, then deltas), notifications:shown to the notification policy's
// output, ui:navigate to the shell's own navigation requests (tray item, notification click).
import type {
  AlertView,
  ViewSnapshot,
  ViewSnapshotRest,
  ViewStreamMessage,
} from '../model/view.ts';
import type { Core } from '../service.ts';
import type { SubscriptionChannel, Subscriptions } from './contract.ts';

/** A minimal typed event emitter (the shell emits navigation requests into it). */
export class Emitter<T> {
  readonly #listeners = new Set<(value: T) => void>();

  on(listener: (value: T) => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  emit(value: T): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(value);
      } catch (err) {
        // One broken window must not stop the others from hearing about it.
        console.error('listener failed:', err);
      }
    }
  }

  get size(): number {
    return this.#listeners.size;
  }
}

export type NavigateRequest = Subscriptions['ui:navigate'];

/**
 * Navigation requests from the shell (tray item, notification click). When no window is
 * listening yet (the window is still loading), the last request waits and is delivered to
 * the first listener, so "open on this group" is not lost to a race with page load.
 */
export class NavigateHub extends Emitter<NavigateRequest> {
  #pending: NavigateRequest | undefined;

  request(value: NavigateRequest): void {
    if (this.size === 0) this.#pending = value;
    else this.emit(value);
  }

  override on(listener: (value: NavigateRequest) => void): () => void {
    const off = super.on(listener);
    const pending = this.#pending;
    if (pending) {
      this.#pending = undefined;
      // After the subscriber got its unsubscribe handle (the transport's 'subscribed' first).
      queueMicrotask(() => listener(pending));
    }
    return off;
  }
}

export interface SubscriptionSources {
  core: Pick<Core, 'subscribe' | 'onNotification'>;
  navigate: Emitter<NavigateRequest>;
}

export type Subscribe = <K extends SubscriptionChannel>(
  channel: K,
  listener: (message: Subscriptions[K]) => void,
) => () => void;

export function createSubscribe(sources: SubscriptionSources): Subscribe {
  return ((channel: SubscriptionChannel, listener: (message: unknown) => void) => {
    switch (channel) {
      case 'view:changes':
        return subscribeView(sources.core, listener);
      case 'notifications:shown':
        return sources.core.onNotification(listener);
      case 'ui:navigate':
        return sources.navigate.on(listener);
    }
  }) as Subscribe;
}

/**
 * The core's view stream, a large snapshot split in two. The rest goes out in the next
 * macrotask, so serialising it (tens of ms at 10k alerts) does not hold up the partial
 * snapshot on its way; messages from the core meanwhile wait behind it, in order.
 */
function subscribeView(
  core: SubscriptionSources['core'],
  listener: (message: ViewStreamMessage) => void,
): () => void {
  let held: ViewStreamMessage[] | undefined;
  let active = true;
  const off = core.subscribe((message) => {
    if (held) return void held.push(message);
    if (message.type !== 'snapshot') return listener(message);
    const split = splitSnapshot(message.snapshot);
    if (!split) return listener(message);
    listener({ type: 'snapshot', snapshot: split.snapshot, partial: true });
    const queue: ViewStreamMessage[] = [{ type: 'snapshot-rest', rest: split.rest }];
    held = queue;
    setImmediate(() => {
      held = undefined;
      for (const m of queue) if (active) listener(m);
    });
  });
  return () => {
    active = false;
    off();
  };
}

/** Below this many alerts a snapshot goes whole: splitting only pays for large views. */
export const SPLIT_SNAPSHOT_MIN_ALERTS = 2000;

interface Split {
  alerts: Record<string, AlertView>;
  rest: Record<string, ViewSnapshotRest['alerts'][string]>;
}

/** Per alerts collection (immutable, shared by every snapshot of one view): windows that
 * subscribe together, or reload, reuse one split and the transport its serialised text. */
const splits = new WeakMap<Record<string, AlertView>, Split>();

/**
 * A large snapshot as a partial one plus the rest: the first render of the window parses
 * (JSON over the WebSocket, structured clone over IPC) only what the alert list needs. The
 * descriptions, runbook links and generator URLs are about a third of a 10k-alert view.
 */
export function splitSnapshot(
  snapshot: ViewSnapshot,
): { snapshot: ViewSnapshot; rest: ViewSnapshotRest } | undefined {
  const all = snapshot.alerts;
  let split = splits.get(all);
  if (!split) {
    const keys = Object.keys(all);
    if (keys.length < SPLIT_SNAPSHOT_MIN_ALERTS) return undefined;
    split = { alerts: {}, rest: {} };
    for (const fp of keys) {
      const a = all[fp]!;
      const { generatorURL, annotations, ...list } = a;
      const summary = annotations['summary'];
      split.alerts[fp] = { ...list, annotations: summary === undefined ? {} : { summary } };
      split.rest[fp] = generatorURL === undefined ? { annotations } : { annotations, generatorURL };
    }
    splits.set(all, split);
  }
  return {
    snapshot: { ...snapshot, alerts: split.alerts },
    rest: { seq: snapshot.seq, alerts: split.rest },
  };
}
