// Label names and values of the current alerts for autocompletion and filter hints, asked of
// the core ('list:facets'; the window holds no alerts, issue 29). Read as the LabelCounts the
// suggestion modules take: every name, each with its number of distinct values, and the values
// of the one name being completed (those starting with what is typed, the most frequent
// first). A read that needs what has not come yet asks for it and gives what is known; the
// answer replaces the state and the reader runs again. Marked stale when the view changes, so
// the next read asks again (until then the last answer serves).
import type { BridgeApi } from '$core/bridge/contract.ts';
import type { LabelCounts } from '$core/list/label-index.ts';
import type { Facets as FacetsAnswer } from '$core/list/label-facets.ts';

export interface FacetWant {
  name: string;
  prefix: string;
}

/** One name's values as fetched, with the number of distinct values it has in all. */
class SizedValues extends Map<string, number> {
  readonly #total: number;
  constructor(entries: Iterable<[string, number]>, total: number) {
    super(entries);
    this.#total = total;
  }
  override get size(): number {
    return this.#total;
  }
}

const NONE: LabelCounts = new Map();

export class Facets {
  readonly #bridge: Pick<BridgeApi, 'list:facets'>;
  #answer = $state.raw<{ want: FacetWant | null; facets: FacetsAnswer } | null>(null);
  #counts: { from: object; want: FacetWant | null; counts: LabelCounts } | null = null;
  #stale = true;
  #asking: string | null = null;

  constructor(bridge: Pick<BridgeApi, 'list:facets'>) {
    this.#bridge = bridge;
  }

  /**
   * The view changed: asked again at once when anything has been asked before (suggestions
   * that are open follow what arrives), else at the next read.
   */
  stale(): void {
    this.#stale = true;
    const a = this.#answer;
    if (a) this.#ask(a.want);
  }

  /** Names (and `want`'s values) as LabelCounts; empty until the first answer. */
  counts(want?: FacetWant): LabelCounts {
    const a = this.#answer;
    const w = want ?? null;
    const same =
      a !== null && (w === null || (a.want?.name === w.name && a.want.prefix === w.prefix));
    if (this.#stale || !same) this.#ask(w ?? a?.want ?? null);
    if (!a) return NONE;
    const c = this.#counts;
    if (c?.from === a) return c.counts;
    // A value made once per answer and handed out read-only (the answer is the state).
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- see above
    const counts = new Map<string, ReadonlyMap<string, number>>();
    for (const [name, n] of a.facets.names)
      counts.set(name, new SizedValues(name === a.want?.name ? (a.facets.values ?? []) : [], n));
    this.#counts = { from: a, want: a.want, counts };
    return counts;
  }

  #ask(want: FacetWant | null): void {
    const key = JSON.stringify(want);
    if (this.#asking === key) return;
    this.#asking = key;
    this.#stale = false;
    // After the read that asked: a derivation must not write state it read.
    queueMicrotask(() => {
      this.#bridge['list:facets'](want ? { name: want.name, prefix: want.prefix } : {}).then(
        (facets) => {
          if (this.#asking === key) this.#asking = null;
          this.#answer = { want, facets };
        },
        () => {
          if (this.#asking === key) this.#asking = null;
        },
      );
    });
  }
}
