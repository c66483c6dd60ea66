// Which groups of the alert list changed since the list last looked, told record by record by
// the view stream's reader. The list re-sorts only those: checking each of 10,000 groups'
// alerts for a change (100,000 lookups) on every update was the largest part of applying a
// delta at 100,000 alerts. Pure, so it is tested against a from-scratch rebuild in plain Node.
import type { AlertView, GroupView } from '$core/model/view.ts';
import type { RecordWatcher } from '../view/apply.ts';

/** Past this many changed groups the list is rebuilt whole anyway: no point keeping them. */
const MAX_TRACKED = 50_000;

export class ListChanges implements RecordWatcher {
  /** The groups each alert is in (one key for nearly every alert, an array for the rest). */
  readonly #groupsOf = new Map<string, string | string[]>();
  #changed = new Set<string>();
  #all = true;
  #alerts = 0;

  /** Alerts in the view (kept, so nobody counts 100,000 keys per update). */
  get alertCount(): number {
    return this.#alerts;
  }

  reset(): void {
    this.#groupsOf.clear();
    this.#changed.clear();
    this.#all = true;
    this.#alerts = 0;
  }

  group(prev: GroupView | undefined, next: GroupView | undefined): void {
    const key = (next ?? prev)!.key;
    if (prev) for (const fp of prev.alerts) this.#unlink(fp, key);
    if (next) for (const fp of next.alerts) this.#link(fp, key);
    this.#mark(key);
  }

  alert(prev: AlertView | undefined, next: AlertView | undefined): void {
    this.#alerts += (next ? 1 : 0) - (prev ? 1 : 0);
    const fp = (next ?? prev)!.fingerprint;
    const keys = this.#groupsOf.get(fp);
    if (keys === undefined) return;
    if (typeof keys === 'string') this.#mark(keys);
    else for (const k of keys) this.#mark(k);
  }

  /**
   * The groups changed since the last call, or 'all' after a new snapshot (or too many
   * changes): then nothing from before may be reused. Meant for one reader, the alert list.
   */
  take(): ReadonlySet<string> | 'all' {
    if (this.#all) {
      this.#all = false;
      this.#changed = new Set();
      return 'all';
    }
    const changed = this.#changed;
    this.#changed = new Set();
    return changed;
  }

  #mark(key: string): void {
    if (this.#all) return;
    this.#changed.add(key);
    if (this.#changed.size > MAX_TRACKED) {
      this.#all = true;
      this.#changed.clear();
    }
  }

  #link(fp: string, key: string): void {
    const keys = this.#groupsOf.get(fp);
    if (keys === undefined) this.#groupsOf.set(fp, key);
    else if (typeof keys === 'string') {
      if (keys !== key) this.#groupsOf.set(fp, [keys, key]);
    } else if (!keys.includes(key)) keys.push(key);
  }

  #unlink(fp: string, key: string): void {
    const keys = this.#groupsOf.get(fp);
    if (keys === undefined) return;
    if (typeof keys === 'string') {
      if (keys === key) this.#groupsOf.delete(fp);
      return;
    }
    const rest = keys.filter((k) => k !== key);
    if (rest.length === 0) this.#groupsOf.delete(fp);
    else this.#groupsOf.set(fp, rest.length === 1 ? rest[0]! : rest);
  }
}
