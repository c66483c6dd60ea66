// One copy of each repeated string a poll brings (label values such as severity, team,
// cluster, namespace; runbook and rule links; timestamps shared by many alerts). JSON.parse
// makes a new string for every occurrence, so 100,000 alerts carry hundreds of thousands of
// copies of a few hundred values (measured: about 25 MB at 100,000 alerts).
//
// Between bodies it keeps only the strings the last body repeated: a value one alert alone
// carries (its instance, pod, own link) gains nothing from a pool entry, since an unchanged
// alert keeps its previous objects anyway (alert-reuse.ts hands them back), and keeping
// every value cost a map entry each (17.5 MB at 100,000 alerts). While a body is read, its
// strings go into `#once`, move to `#many` on their second sighting, and `rotate()` keeps
// `#many` as the previous generation.

/** Longer strings (descriptions) are almost always unique: not worth a map entry. */
const MAX_POOLED = 256;

export class StringPool {
  #previous = new Map<string, string>();
  #once = new Map<string, string>();
  #many = new Map<string, string>();

  /** The pooled copy of `s` (the first one seen in this body, or the previous body's). */
  get(s: string): string {
    if (s.length > MAX_POOLED) return s;
    let v = this.#many.get(s);
    if (v !== undefined) return v;
    v = this.#once.get(s);
    if (v !== undefined) {
      this.#once.delete(v);
      this.#many.set(v, v);
      return v;
    }
    v = this.#previous.get(s) ?? s;
    // Keyed by the kept copy, not by `s`: a key of `s` would keep this body's own copy alive
    // beside the pooled one.
    this.#once.set(v, v);
    return v;
  }

  /** A body was read completely: what it repeated becomes the previous generation. */
  rotate(): void {
    this.#previous = this.#many;
    this.#many = new Map();
    this.#once = new Map();
  }

  /** Strings held (for tests and the memory figures). */
  get size(): number {
    return this.#previous.size + this.#once.size + this.#many.size;
  }
}
