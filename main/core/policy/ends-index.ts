// Which alerts' endsAt passes when, so the event differ (differ.ts) finds an unchanged record
// whose endsAt has just been reached without visiting every record each cycle. A binary
// min-heap of (endMs, fingerprint): an entry is added when a record with a future endsAt
// appears or replaces another, and taken out when its time comes. Entries of replaced records
// stay until then (the differ checks the record it finds); when they outnumber the records,
// the index is rebuilt from the current ones, so it never holds more than a few per alert.
export class EndsIndex {
  #ms: number[] = [];
  #fps: string[] = [];

  get size(): number {
    return this.#ms.length;
  }

  clear(): void {
    this.#ms = [];
    this.#fps = [];
  }

  add(endMs: number, fp: string): void {
    const ms = this.#ms;
    const fps = this.#fps;
    let i = ms.length;
    ms.push(endMs);
    fps.push(fp);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (ms[parent]! <= endMs) break;
      ms[i] = ms[parent]!;
      fps[i] = fps[parent]!;
      i = parent;
    }
    ms[i] = endMs;
    fps[i] = fp;
  }

  /** Takes out every entry whose time is at or before `nowMs`: their fingerprints. */
  due(nowMs: number): string[] {
    const out: string[] = [];
    while (this.#ms.length > 0 && this.#ms[0]! <= nowMs) out.push(this.#pop());
    return out;
  }

  #pop(): string {
    const ms = this.#ms;
    const fps = this.#fps;
    const top = fps[0]!;
    const lastMs = ms.pop()!;
    const lastFp = fps.pop()!;
    const n = ms.length;
    if (n === 0) return top;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const c = r < n && ms[r]! < ms[l]! ? r : l;
      if (ms[c]! >= lastMs) break;
      ms[i] = ms[c]!;
      fps[i] = fps[c]!;
      i = c;
    }
    ms[i] = lastMs;
    fps[i] = lastFp;
    return top;
  }
}
