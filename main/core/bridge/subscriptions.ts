// Subscription channels wired to their sources, for both transports: view:changes to the
// core's view (snapshot first, then deltas, cut to size and paced: view-stream.ts),
// notifications:shown to the notification policy's output, ui:navigate to the shell's own
// navigation requests (tray item, notification click).
import type { Core } from '../service.ts';
import type { ListModel } from '../list/list-model.ts';
import type { SubscriptionChannel, Subscriptions } from './contract.ts';
import { streamView, type Flow, type ViewSource } from './view-stream.ts';
import type { InstanceView, ViewDelta, ViewMessage, ViewSnapshot } from '../model/view.ts';

/**
 * Whether a delta can change what the alert list shows: its groups, alerts or silences (a
 * group row's acknowledgements), or an instance's part in the list (enabled, its first poll
 * done: the count stops being unknown; its receivers' labels: "my team"). Every poll rewrites
 * its instance's record (lastPollAt): telling the window each time made it re-ask every few
 * seconds per instance for nothing (20 instances at 100,000 alerts: the core busy 20 % idle).
 */
function listWatch(): (m: ViewMessage) => boolean {
  const seen = new Map<string, string>();
  const keyOf = (i: InstanceView): string =>
    JSON.stringify([i.enabled, i.lastPollAt !== undefined, i.receiverLabels ?? null]);
  return (m) => {
    if (m.type === 'snapshot') {
      seen.clear();
      for (const i of Object.values(m.snapshot.instances)) seen.set(i.id, keyOf(i));
      return true;
    }
    const d = m.delta;
    const touched = (k: 'groups' | 'alerts' | 'silences') =>
      (d.upsert[k]?.length ?? 0) > 0 || (d.remove[k]?.length ?? 0) > 0;
    let list = touched('groups') || touched('alerts') || touched('silences');
    for (const id of d.remove.instances ?? []) list = seen.delete(id) || list;
    for (const i of d.upsert.instances ?? []) {
      const key = keyOf(i);
      if (seen.get(i.id) !== key) list = true;
      seen.set(i.id, key);
    }
    return list;
  };
}

const slimSnapshots = new WeakMap<ViewSnapshot, ViewSnapshot>();

/** The snapshot without its groups and alerts (the window asks list:query for those). */
function slimSnapshot(s: ViewSnapshot): ViewSnapshot {
  let slim = slimSnapshots.get(s);
  if (!slim) slimSnapshots.set(s, (slim = { ...s, groups: {}, alerts: {} }));
  return slim;
}

function slimDelta(d: ViewDelta): ViewDelta {
  const { groups: _ug, alerts: _ua, ...upsert } = d.upsert;
  const { groups: _rg, alerts: _ra, ...remove } = d.remove;
  return { ...d, upsert, remove };
}

/**
 * The view as the window holds it (issue 29): instances, clusters, silences and the summary,
 * never the 100,000 alerts. Every delta still comes (an empty one when only alerts changed),
 * so the window's seq stays in step.
 */
function withoutAlerts(view: ViewSource): ViewSource {
  return {
    subscribe: (l) =>
      view.subscribe((m) =>
        l(
          m.type === 'snapshot'
            ? { type: 'snapshot', snapshot: slimSnapshot(m.snapshot) }
            : { type: 'delta', delta: slimDelta(m.delta) },
        ),
      ),
    snapshot: () => slimSnapshot(view.snapshot()),
    severityOrder: () => view.severityOrder(),
  };
}

function viewSeq(m: ViewMessage): number {
  return m.type === 'snapshot' ? m.snapshot.seq : m.delta.seq;
}

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
  core: Pick<Core, 'subscribe' | 'snapshot' | 'getSettings' | 'onNotification'>;
  navigate: Emitter<NavigateRequest>;
  /**
   * The list model the handlers answer list:query from: list:changed goes out once it has made
   * the lists windows asked for last for the new view (ListModel.follow). Without it (tests of
   * other channels), at once.
   */
  list?: Pick<ListModel, 'follow'>;
}

export type Subscribe = <K extends SubscriptionChannel>(
  channel: K,
  listener: (message: Subscriptions[K]) => void,
  /** The transport's pace (view:changes waits for it between messages). */
  flow?: Flow,
) => () => void;

export function createSubscribe(sources: SubscriptionSources): Subscribe {
  const view: ViewSource = {
    subscribe: (l) => sources.core.subscribe(l),
    snapshot: () => sources.core.snapshot(),
    severityOrder: () => sources.core.getSettings().severityOrder,
  };
  return ((channel: SubscriptionChannel, listener: (message: unknown) => void, flow?: Flow) => {
    switch (channel) {
      case 'view:changes':
        return streamView(view, listener, flow);
      case 'view:window':
        return streamView(withoutAlerts(view), listener, flow);
      case 'list:changed': {
        const changes = listWatch();
        const list = sources.list;
        if (!list)
          return sources.core.subscribe((m) => {
            if (changes(m)) listener({ seq: viewSeq(m) });
          });
        // Told when the list is made again for the new view: the window's next question is
        // answered from it instead of waiting while it is made. The follows run in order, so
        // the seqs told still rise.
        let open = true;
        const off = sources.core.subscribe((m) => {
          if (!changes(m)) return;
          const seq = viewSeq(m);
          void list.follow().then(() => {
            if (open) listener({ seq });
          });
        });
        return () => {
          open = false;
          off();
        };
      }
      case 'notifications:shown':
        return sources.core.onNotification(listener);
      case 'ui:navigate':
        return sources.navigate.on(listener);
    }
  }) as Subscribe;
}
