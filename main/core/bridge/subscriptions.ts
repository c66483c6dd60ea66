// Subscription channels wired to their sources, for both transports: view:changes to the
// core's view (snapshot first, then deltas), notifications:shown to the notification policy's
// output, ui:navigate to the shell's own navigation requests (tray item, notification click).
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
        return sources.core.subscribe(listener);
      case 'notifications:shown':
        return sources.core.onNotification(listener);
      case 'ui:navigate':
        return sources.navigate.on(listener);
    }
  }) as Subscribe;
}
