// Which groups of the alert list changed, told record by record by the view stream's reader.
// The list re-sorts only those: checking each of 10,000 groups' alerts for a change (100,000
// lookups) on every update was the largest part of applying a delta at 100,000 alerts. Pure,
// so it is tested against a from-scratch rebuild in plain Node.
//
// Changes are numbered, not handed out once: the view store seals what came with each view it
// shows into a new version, and a reader asks what changed since the version it last saw.
// Asking changes nothing, so the list can ask from inside a `$derived` (a consuming read there
// would lose changes whenever Svelte re-ran it).
import type { AlertView, GroupView } from '$core/model/view.ts';
import type { RecordWatcher } from '../view/apply.ts';

/** Past this many changed groups the list is rebuilt whole anyway: no point keeping them. */
const MAX_TRACKED = 50_000;
/** Versions kept: a reader further behind (the list was not shown) is told 'all'. */
const KEPT_VERSIONS = 8;

/** The groups changed in one version, or 'all' (a new snapshot, or too many to track). */
type Entry = { version: number; groups: ReadonlySet<string> | 'all' };

export class ListChanges implements RecordWatcher {
  /** The groups each alert is in (one key for nearly every alert, an array for the rest). */
  readonly #groupsOf = new Map<string, string | string[]>();
  /** Changes since the last seal. */
  #pending = new Set<string>();
  #pendingAll = true;
  #alerts = 0;
  #version = 0;
  /** The last few sealed versions, oldest first. */
  #entries: Entry[] = [];

  /** Alerts in the view (kept, so nobody counts 100,000 keys per update). */
  get alertCount(): number {
    return this.#alerts;
  }

  /** The last sealed version. */
  get version(): number {
    return this.#version;
  }

  reset(): void {
    this.#groupsOf.clear();
    this.#pending.clear();
    this.#pendingAll = true;
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
   * Closes the changes so far into a new version and returns it. Called by whoever shows the
   * view, when it shows it: readers see the collections as of a seal.
   */
  seal(): number {
    this.#entries.push({
      version: ++this.#version,
      groups: this.#pendingAll ? 'all' : this.#pending,
    });
    if (this.#entries.length > KEPT_VERSIONS) this.#entries.shift();
    this.#pending = new Set();
    this.#pendingAll = false;
    return this.#version;
  }

  /**
   * The groups changed in the versions after `version`, or 'all' when one of them was a new
   * snapshot (or too many changes), or when they are no longer kept: then nothing from
   * `version` may be reused.
   */
  since(version: number): ReadonlySet<string> | 'all' {
    const after = this.#entries.filter((e) => e.version > version);
    if (after.length < this.#version - version) return 'all';
    if (after.length === 1) return after[0]!.groups;
    const union = new Set<string>();
    for (const e of after) {
      if (e.groups === 'all') return 'all';
      for (const k of e.groups) union.add(k);
    }
    return union;
  }

  #mark(key: string): void {
    if (this.#pendingAll) return;
    this.#pending.add(key);
    if (this.#pending.size > MAX_TRACKED) {
      this.#pendingAll = true;
      this.#pending.clear();
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
