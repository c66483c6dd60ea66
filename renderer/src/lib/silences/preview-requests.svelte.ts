// The silence form's live preview: what the matchers would silence now, as the core computes
// it ('silences:preview'). Asked for by the form's methods when the matchers or the cluster
// change, debounced; an answer for matchers that have changed since is dropped. While a query
// stands it is asked again every few seconds, so alerts that start or resolve while the form is
// open show in the preview (the form before this class re-asked on its 5 s clock tick).
import type { BridgeApi } from '$core/bridge/contract.ts';
import type { Matcher } from '$core/api/types.ts';
import type { PreviewResult } from '$core/service.ts';
import { errorMessage } from '../app/errors.ts';

const DELAY_MS = 200;
const REFRESH_MS = 5_000;

export class PreviewRequests {
  readonly #bridge: Pick<BridgeApi, 'silences:preview'>;
  #result = $state.raw<PreviewResult | null>(null);
  #error = $state<string | null>(null);
  /** A preview was asked for and has not come (the page says so, not "complete the matchers"). */
  #pending = $state(false);
  #timer: ReturnType<typeof setTimeout> | undefined;
  #seq = 0;

  constructor(bridge: Pick<BridgeApi, 'silences:preview'>) {
    this.#bridge = bridge;
  }

  get result(): PreviewResult | null {
    return this.#result;
  }
  get error(): string | null {
    return this.#error;
  }
  get pending(): boolean {
    return this.#pending;
  }

  /** Previews `matchers` on the cluster shortly; null (nothing to preview) clears it now. */
  request(query: { clusterId: string; matchers: Matcher[] } | null): void {
    clearTimeout(this.#timer);
    const seq = ++this.#seq;
    if (!query) {
      this.#result = null;
      this.#error = null;
      this.#pending = false;
      return;
    }
    this.#pending = true;
    this.#ask(query, seq, DELAY_MS);
  }

  #ask(query: { clusterId: string; matchers: Matcher[] }, seq: number, delay: number): void {
    this.#timer = setTimeout(() => {
      const asked = this.#bridge['silences:preview'](query.clusterId, query.matchers);
      asked
        .then((result) => {
          if (seq !== this.#seq) return;
          this.#result = result;
          this.#error = null;
          this.#pending = false;
        })
        .catch((e: unknown) => {
          if (seq !== this.#seq) return;
          this.#error = errorMessage(e);
          this.#pending = false;
        })
        .finally(() => {
          if (seq === this.#seq) this.#ask(query, seq, REFRESH_MS);
        });
    }, delay);
  }

  /** Drops the pending request and any answer still on its way. */
  dispose(): void {
    clearTimeout(this.#timer);
    this.#seq++;
  }
}
