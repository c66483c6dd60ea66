// The next view's alerts record, copied ahead in idle turns. Views are immutable, so a merge
// that changed one alert of 100,000 needs a new 100,000-key record: building it was 35–60 ms
// of the merge's one task (and most of a merge at 100k after the intake's short cuts). The
// copy of the record just published is made in small slices between merges (the core calls
// `work` in idle turns, engine/create-core.ts); the next merge then only applies its changes
// to it. A copy begun is finished by the merge when it is not done; a copy not begun (merges
// back to back: below that scale, in tests, in bench case 2) is not used, and the merge builds
// the record from its slots in one pass as before.
import type { AlertView } from '../model/view.ts';
import { keyedRecord } from '../model/own-keys.ts';

/** Entries copied between two looks at the clock. */
const STRIDE = 1_000;

export class AlertRecordCopy {
  /** The published record being copied, and its values in its order. */
  #of: Readonly<Record<string, AlertView>> | undefined;
  #values: readonly AlertView[] = [];
  #copy: Record<string, AlertView> | undefined;
  /** Values copied so far. */
  #done = 0;

  /** Copies `record` (just published: never written again) from now on; `values` its values. */
  follow(record: Readonly<Record<string, AlertView>>, values: readonly AlertView[]): void {
    this.#of = record;
    this.#values = values;
    this.#copy = undefined;
    this.#done = 0;
  }

  clear(): void {
    this.#of = undefined;
    this.#values = [];
    this.#copy = undefined;
    this.#done = 0;
  }

  /** Whether copying is left to do. */
  get pending(): boolean {
    return this.#of !== undefined && this.#done < this.#values.length;
  }

  /** Copies for about `budgetMs` (at least one stride); true while copying is left to do. */
  work(budgetMs: number): boolean {
    if (this.#of === undefined) return false;
    const until = performance.now() + budgetMs;
    do this.#copyStride();
    while (this.pending && performance.now() < until);
    return this.pending;
  }

  /**
   * The record after `from` with these changes: the copy, finished and changed, when it is a
   * copy of `from` and was begun; otherwise undefined (build it from scratch). The copy is
   * handed over.
   */
  take(
    from: Readonly<Record<string, AlertView>> | undefined,
    changed: readonly AlertView[],
    removed: readonly string[],
  ): Record<string, AlertView> | undefined {
    if (from === undefined || from !== this.#of || this.#copy === undefined) return undefined;
    while (this.pending) this.#copyStride();
    const out = this.#copy;
    this.clear();
    for (const fp of removed) delete out[fp];
    for (const view of changed) out[view.fingerprint] = view;
    return out;
  }

  #copyStride(): void {
    const copy = (this.#copy ??= keyedRecord<AlertView>());
    const values = this.#values;
    const end = Math.min(values.length, this.#done + STRIDE);
    for (let i = this.#done; i < end; i++) {
      const view = values[i]!;
      copy[view.fingerprint] = view;
    }
    this.#done = end;
  }
}
