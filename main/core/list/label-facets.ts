// Label names and values of the current alerts with their counts, as the filter bar's and the
// silence form's autocompletion ask for them (list:facets): the names, and the values of one
// name that start with what is typed, the most frequent first. Kept in the core (issue 29: the
// window never holds every alert) and kept up to date delta by delta once asked for: a rebuild
// at 100,000 alerts is a 100 ms task, a delta costs what it touched.
import type { ViewMessage, ViewSnapshot } from '../model/view.ts';
import { valuesOf } from '../model/record-values.ts';
import { LabelIndex } from './label-index.ts';

export interface FacetsQuery {
  /** Values of this label name, too (the caret is after `name=`). */
  name?: string;
  /** Only values starting with this (case-insensitive). */
  prefix?: string;
}

export interface Facets {
  /** Label names with how many distinct values each has, most varied first. */
  names: [name: string, values: number][];
  /** The asked name's values starting with `prefix`, with how many alerts carry each. */
  values?: [value: string, alerts: number][];
}

/** Names sent at most (a filter's hints and suggestions need the known names, not 100,000). */
export const MAX_FACET_NAMES = 2_000;
/** Values sent at most for one name and prefix. */
export const MAX_FACET_VALUES = 200;

export class LabelFacets {
  readonly #snapshot: () => ViewSnapshot;
  #index: LabelIndex | null = null;
  /** The alerts the index was last brought to, and at which seq. */
  #alerts: ViewSnapshot['alerts'] = {};
  #seq = -1;

  readonly #subscribe: ((listener: (m: ViewMessage) => void) => () => void) | undefined;
  #following = false;

  /** `subscribe`: the core's view messages, followed from the first question on. */
  constructor(
    snapshot: () => ViewSnapshot,
    subscribe?: (listener: (m: ViewMessage) => void) => () => void,
  ) {
    this.#snapshot = snapshot;
    this.#subscribe = subscribe;
  }

  /** A core view message: a delta is applied to the index (once it exists), else it is dropped. */
  follow(m: ViewMessage): void {
    if (!this.#index) return;
    if (m.type === 'snapshot' || m.delta.seq !== this.#seq + 1) {
      this.#index = null;
      return;
    }
    const before = this.#alerts;
    for (const a of m.delta.upsert.alerts ?? [])
      this.#index.change(
        Object.hasOwn(before, a.fingerprint) ? before[a.fingerprint] : undefined,
        a,
      );
    for (const fp of m.delta.remove.alerts ?? [])
      if (Object.hasOwn(before, fp)) this.#index.change(before[fp], undefined);
    this.#alerts = this.#snapshot().alerts;
    this.#seq = m.delta.seq;
  }

  answer(q: FacetsQuery): Facets {
    const counts = this.#current().counts;
    const names: [string, number][] = [];
    for (const [name, values] of counts) names.push([name, values.size]);
    names.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    if (names.length > MAX_FACET_NAMES) names.length = MAX_FACET_NAMES;
    if (q.name === undefined) return { names };
    const values = counts.get(q.name);
    const prefix = (q.prefix ?? '').toLowerCase();
    const out: [string, number][] = [];
    if (values)
      for (const [v, n] of values)
        if (prefix === '' || v.toLowerCase().startsWith(prefix)) out.push([v, n]);
    out.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    if (out.length > MAX_FACET_VALUES) out.length = MAX_FACET_VALUES;
    return { names, values: out };
  }

  #current(): LabelIndex {
    if (!this.#following && this.#subscribe) {
      this.#following = true;
      this.#subscribe((m) => this.follow(m));
    }
    const view = this.#snapshot();
    if (!this.#index || view.seq !== this.#seq) {
      this.#index = LabelIndex.of(valuesOf(view.alerts));
      this.#alerts = view.alerts;
      this.#seq = view.seq;
    }
    return this.#index;
  }
}
