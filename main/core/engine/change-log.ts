// Which groups each published view touched, for the last few views: the list's preparation
// (list/prepared-groups.ts) then looks again only at the groups a poll touched, instead of
// comparing every alert of every group with what it was prepared from (~14 ms at 100,000
// alerts, on the first list query after every poll that changed something).
import type { Changes } from '../list/prepared-groups.ts';

/** Views remembered: a window asks after every change, so a few are plenty. */
const KEPT = 64;

interface Entry {
  seq: number;
  /** undefined: not known (the merge could not say), so everything counts as touched. */
  touched: readonly string[] | undefined;
}

export class ChangeLog {
  #entries: Entry[] = [];

  /** The view `seq` was published; `touched` as the merger reported it, if it could. */
  record(seq: number, touched: readonly string[] | undefined): void {
    this.#entries.push({ seq, touched });
    if (this.#entries.length > KEPT) this.#entries.shift();
  }

  /**
   * The groups touched after view `from` up to view `to`, with `alertCount` (the alerts in view
   * `to`), or undefined when that is not known: a view no longer remembered, one whose merge
   * could not say, or `to` not after `from`.
   */
  since(from: number, to: number, alertCount: number): Changes | undefined {
    if (to <= from) return undefined;
    const entries = this.#entries;
    const first = entries.findIndex((e) => e.seq === from + 1);
    if (first < 0) return undefined;
    const groups = new Set<string>();
    let seq = from;
    for (let i = first; i < entries.length && seq < to; i++) {
      const e = entries[i]!;
      // Seqs are consecutive; a gap means something was published without an entry.
      if (e.seq !== seq + 1 || e.touched === undefined) return undefined;
      for (const k of e.touched) groups.add(k);
      seq = e.seq;
    }
    return seq === to ? { groups, alertCount } : undefined;
  }
}
