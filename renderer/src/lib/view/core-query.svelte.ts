// An answer the window asks the core for and keeps fresh: asked when first needed and again
// whenever the core says the view changed ('list:changed'), with one request in flight and
// the newest asked after it (no queue of outdated questions). For what the window no longer
// works out from alerts it does not hold (issue 29): how many alerts each silence mutes, which.
import type { BridgeApi } from '$core/bridge/contract.ts';

export class CoreQuery<T> {
  readonly #ask: () => Promise<T>;
  #value = $state.raw<T | undefined>(undefined);
  #inFlight = false;
  #again = false;

  constructor(ask: () => Promise<T>) {
    this.#ask = ask;
  }

  /** The last answer (undefined until the first). */
  get value(): T | undefined {
    return this.#value;
  }

  /** Ask again (now, or after the request in flight). */
  refresh(): void {
    if (this.#inFlight) {
      this.#again = true;
      return;
    }
    this.#inFlight = true;
    this.#again = false;
    this.#ask().then(
      (v) => this.#done(v),
      () => this.#done(this.#value),
    );
  }

  /** Asks now and after every change of the view; returns the unsubscribe. */
  follow(bridge: Pick<BridgeApi, 'subscribe'>): () => void {
    this.refresh();
    return bridge.subscribe('list:changed', () => this.refresh());
  }

  #done(v: T | undefined): void {
    this.#value = v;
    this.#inFlight = false;
    if (this.#again) this.refresh();
  }
}
