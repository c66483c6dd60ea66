// Label names and values of the current alerts, with how many alerts carry each: what the
// filter bar's autocompletion offers. Kept up to date change by change instead of rebuilt from
// every alert: while the filter field has focus, a rebuild ran on every update (at 100,000
// alerts, a 100 ms task each time, and frames dropped while scrolling). Pure, so the window's
// incremental copy is tested against a rebuild in plain Node.
import type { AlertView } from '../model/view.ts';

export type LabelCounts = ReadonlyMap<string, ReadonlyMap<string, number>>;

export class LabelIndex {
  readonly #names = new Map<string, Map<string, number>>();

  /** The index of these alerts, built in one pass. */
  static of(alerts: Record<string, AlertView> | readonly AlertView[]): LabelIndex {
    const index = new LabelIndex();
    for (const a of Array.isArray(alerts) ? alerts : Object.values(alerts))
      index.change(undefined, a);
    return index;
  }

  /** Names to values to how many alerts carry that value. */
  get counts(): LabelCounts {
    return this.#names;
  }

  /** One alert record replaced (`prev` and `next`), added (no `prev`) or removed (no `next`). */
  change(prev: AlertView | undefined, next: AlertView | undefined): void {
    if (prev === next) return;
    if (prev) for (const [k, v] of Object.entries(prev.labels)) this.#remove(k, v);
    if (next) for (const [k, v] of Object.entries(next.labels)) this.#add(k, v);
  }

  #add(name: string, value: string): void {
    let values = this.#names.get(name);
    if (!values) this.#names.set(name, (values = new Map()));
    values.set(value, (values.get(value) ?? 0) + 1);
  }

  #remove(name: string, value: string): void {
    const values = this.#names.get(name);
    const n = values?.get(value);
    if (!values || n === undefined) return;
    if (n > 1) values.set(value, n - 1);
    else {
      values.delete(value);
      if (values.size === 0) this.#names.delete(name);
    }
  }
}
