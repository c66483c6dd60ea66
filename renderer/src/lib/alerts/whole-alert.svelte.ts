// The alert detail's record: a list row carries its alert cut to row size when a server put
// more in it than a row shows (a 1 MB annotation, 10,000 labels; $core/list/bounded-alert.ts).
// The detail then asks the core for the whole record once, and shows the cut one meanwhile.
import type { BridgeApi } from '$core/bridge/contract.ts';
import type { RowAlert } from '$core/list/bounded-alert.ts';
import type { AlertView } from '$core/model/view.ts';

export class WholeAlert {
  readonly #bridge: Pick<BridgeApi, 'list:alert'>;
  /** The whole record fetched for a cut one (keyed by the cut object: a new row, a new ask). */
  #whole = $state.raw<{ from: RowAlert; alert: AlertView } | null>(null);
  #asked: RowAlert | null = null;

  constructor(bridge: Pick<BridgeApi, 'list:alert'>) {
    this.#bridge = bridge;
  }

  /** The whole record when it has come, else the row's. */
  of(a: RowAlert): AlertView {
    if (!a.clipped) return a;
    const w = this.#whole;
    if (w?.from === a) return w.alert;
    if (this.#asked !== a) {
      this.#asked = a;
      // After this read: a derivation must not write state it read.
      queueMicrotask(() => this.#fetch(a));
    }
    return a;
  }

  #fetch(a: RowAlert): void {
    this.#bridge['list:alert'](a.fingerprint).then(
      (alert) => {
        if (alert && this.#asked === a) this.#whole = { from: a, alert };
      },
      () => {
        // Unreachable core: the cut record stays (it says it is cut).
        if (this.#asked === a) this.#asked = null;
      },
    );
  }
}
