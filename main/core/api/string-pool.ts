// One copy of each repeated string a poll brings (label values such as severity, team,
// cluster, namespace; runbook links; timestamps shared by many alerts). JSON.parse makes a new
// string for every occurrence, so 100,000 alerts carry hundreds of thousands of copies of a
// few hundred values (measured: about 25 MB at 100,000 alerts).
//
// Generational, so it never grows past what the last two bodies held: strings of the current
// body go into `#next`, reusing the copy kept from the previous body when there is one, and
// `rotate()` after each body drops whatever the previous body had and this one did not.

/** Longer strings (descriptions) are almost always unique: not worth a map entry. */
const MAX_POOLED = 256;

export class StringPool {
  #previous = new Map<string, string>();
  #next = new Map<string, string>();

  /** The pooled copy of `s` (the first one seen in this or the previous body). */
  get(s: string): string {
    if (s.length > MAX_POOLED) return s;
    let v = this.#next.get(s);
    if (v === undefined) {
      v = this.#previous.get(s) ?? s;
      // Keyed by the kept copy, not by `s`: a key of `s` kept this body's own copy alive
      // beside the pooled one (every unique value twice: +50 MB at 100,000 alerts).
      this.#next.set(v, v);
    }
    return v;
  }

  /** A body was read completely: what it held becomes the previous generation. */
  rotate(): void {
    this.#previous = this.#next;
    this.#next = new Map();
  }

  /** Strings held (for tests and the memory figures). */
  get size(): number {
    return this.#previous.size + this.#next.size;
  }
}
