// What became of each notification's alerts, for the bell's list: asked of the core when the
// list opens and again when the alert list changes while it is open (the window does not hold
// the alerts: issue 29). The latest question wins; an alert the core cannot answer for is left
// out rather than guessed.
import type { BridgeApi } from '$core/bridge/contract.ts';
import type { AppNotification } from '$core/model/events.ts';
import type { AlertView, SilenceView } from '$core/model/view.ts';
import {
  alertStateNow,
  alertsOf,
  summarize,
  type NotificationState,
} from './notification-state.ts';

/** Most distinct alerts looked up for one opening of the list. */
const MAX_LOOKUPS = 200;

export class NotificationStates {
  readonly #bridge: Pick<BridgeApi, 'list:alert'>;
  readonly #silences: () => Readonly<Record<string, SilenceView>>;
  // Assigned whole on each refresh ($state.raw), never changed in place.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- replaced, not mutated
  #states = $state.raw<ReadonlyMap<string, NotificationState>>(new Map());
  #asked = 0;

  constructor(
    bridge: Pick<BridgeApi, 'list:alert'>,
    silences: () => Readonly<Record<string, SilenceView>>,
  ) {
    this.#bridge = bridge;
    this.#silences = silences;
  }

  /** The state now of the notification's alerts; undefined when it names none (or not known). */
  of(id: string): NotificationState | undefined {
    return this.#states.get(id);
  }

  /** Asks again for these notifications' alerts. */
  async refresh(list: readonly AppNotification[]): Promise<void> {
    const ask = ++this.#asked;
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- local to one refresh
    const lookups = new Map<string, Promise<AlertView | null | undefined>>();
    const wanted = list.map((n) => ({ n, alerts: alertsOf(n) }));
    for (const { alerts } of wanted)
      for (const { fingerprint } of alerts) {
        if (lookups.has(fingerprint) || lookups.size >= MAX_LOOKUPS) continue;
        lookups.set(
          fingerprint,
          this.#bridge['list:alert'](fingerprint).catch(() => undefined),
        );
      }
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- local to one refresh
    const found = new Map<string, AlertView | null | undefined>();
    await Promise.all(
      [...lookups].map(async ([fp, p]) => {
        found.set(fp, await p);
      }),
    );
    if (ask !== this.#asked) return;
    const silences = this.#silences();
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- assigned whole, then read
    const next = new Map<string, NotificationState>();
    for (const { n, alerts } of wanted) {
      const states: NotificationState[] = [];
      for (const { fingerprint, clusterId } of alerts) {
        const a = found.get(fingerprint);
        // Not asked (over the bound) or no answer: said nothing about, never "not firing".
        if (a === undefined) continue;
        states.push(alertStateNow(a, clusterId, silences));
      }
      const state = summarize(states);
      if (state) next.set(n.id, state);
    }
    this.#states = next;
  }
}
