// The Silences view's "Scheduled" section state: the core's schedule overview (next
// occurrences, the silences written for them, a server's refusal), asked again when the
// silences change (an occurrence written or expired) — not on every render.
import type { BridgeApi } from '$core/bridge/contract.ts';
import type { ScheduleView } from '$core/model/schedule-view.ts';

export class ScheduledState {
  readonly #bridge: BridgeApi;
  #list = $state.raw<ScheduleView[]>([]);
  #error = $state<string | null>(null);
  #asking = false;
  #again = false;

  constructor(bridge: BridgeApi) {
    this.#bridge = bridge;
  }

  get list(): ScheduleView[] {
    return this.#list;
  }

  get error(): string | null {
    return this.#error;
  }

  /** Asks the core again (one request at a time; a change meanwhile asks once more). */
  async refresh(): Promise<void> {
    if (this.#asking) {
      this.#again = true;
      return;
    }
    this.#asking = true;
    try {
      this.#list = await this.#bridge['schedules:overview']();
      this.#error = null;
    } catch (e) {
      this.#error = e instanceof Error ? e.message : String(e);
    } finally {
      this.#asking = false;
    }
    if (this.#again) {
      this.#again = false;
      await this.refresh();
    }
  }
}
