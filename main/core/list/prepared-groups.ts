// The filter-independent half of the alert list: each group's alerts resolved and sorted once,
// and kept (same object) across updates that did not touch the group. A keystroke then only
// filters, and a delta only re-sorts the groups it touched, instead of resolving and sorting
// 100,000 alerts every time. Pure, so it is unit-tested in plain Node.
import { valuesOf } from '../model/record-values.ts';
import type { AlertView, GroupView } from '../model/view.ts';
import { compareAlerts, stateCounts, textOf, type GroupCounts } from './rows.ts';
import type { Pace, Steps } from './pace.ts';

export interface PreparedGroup {
  readonly group: GroupView;
  /** The group's alerts in the group's own order (what reuse is checked against). */
  readonly source: readonly (AlertView | undefined)[];
  /** The alerts present, by severity then newest first: filtering keeps this order. */
  readonly sorted: readonly AlertView[];
  /** Counts by state over all of the group's alerts (the header shows them unfiltered). */
  readonly counts: GroupCounts;
  /** All its alerts' searchable text, made on the first free-text filter (groupText). */
  text?: string;
  /** Where each alert's text ends in `text` (sorted order): a hit is mapped to its alert. */
  ends?: Uint32Array;
}

/**
 * The group's searchable text, every alert's one after another (NUL between them: a word never
 * spans two). One string per group, not one per alert: a word is searched once through it, and
 * each hit names its alert by `ends` (at 100,000 alerts, per-alert strings doubled the memory
 * and a test per alert per keystroke was most of the time).
 */
export function groupText(p: PreparedGroup): string {
  if (p.text === undefined) {
    const parts = p.sorted.map(textOf);
    const ends = new Uint32Array(parts.length);
    let n = 0;
    for (let i = 0; i < parts.length; i++) ends[i] = n += parts[i]!.length + 1;
    p.ends = ends;
    p.text = parts.join('\u0000');
  }
  return p.text;
}

/** Which alerts of a group (by index in `sorted`) hold every word; valid until the next search. */
export interface WordHits {
  /** hits[i] === words: alert i holds every word. */
  hits: Uint16Array;
  words: number;
  /** How many alerts hold every word. */
  count: number;
}

/**
 * The alerts of the group whose text holds every word (lower-cased), by one scan per word:
 * after a hit the search goes on at the next alert's text. An alert counts a word only when it
 * held every word before it, so the result is an index array, no set of 100,000 objects per
 * keystroke. Words never hold NUL.
 */
export function wordHits(p: PreparedGroup, words: readonly string[]): WordHits {
  const text = groupText(p);
  const ends = p.ends!;
  const n = Math.min(words.length, 65_535);
  const hits = scratch(p.sorted.length);
  for (let wi = 0; wi < n; wi++) {
    const w = words[wi]!;
    let i = text.indexOf(w);
    while (i >= 0) {
      const k = alertAt(ends, i);
      if (hits[k] === wi) hits[k] = wi + 1;
      i = text.indexOf(w, ends[k]);
    }
  }
  let count = 0;
  for (let k = 0; k < hits.length; k++) if (hits[k] === n) count++;
  return { hits, words: n, count };
}

let scratchHits = new Uint16Array(1024);

/**
 * Zeroed room for one group's hits. One buffer for every group, reused: a typed array per group
 * per keystroke was 10,000 allocations at 10,000 groups. The hits are read before the next
 * group is searched (withWordHits), never kept.
 */
function scratch(n: number): Uint16Array {
  if (scratchHits.length < n) scratchHits = new Uint16Array(Math.max(n, scratchHits.length * 2));
  const hits = scratchHits.subarray(0, n);
  hits.fill(0);
  return hits;
}

/**
 * The alerts of `base` (a part of `p.sorted`, in its order) that hold every word: a walk along
 * both, no lookup per alert.
 */
export function withWordHits(
  p: PreparedGroup,
  base: readonly AlertView[],
  { hits, words }: WordHits,
): AlertView[] {
  const out: AlertView[] = [];
  const sorted = p.sorted;
  let j = 0;
  for (const a of base) {
    while (j < sorted.length && sorted[j] !== a) j++;
    if (j === sorted.length) break;
    if (hits[j] === words) out.push(a);
    j++;
  }
  return out;
}

/**
 * The alerts of `base` (a part of `p.sorted`, in its order) whose own text holds every word,
 * each searched on its own: for narrowing a filter to a few alerts (a word typed further after
 * most groups kept none), where one scan of the group's whole text per word was most of every
 * keystroke at 100,000 alerts.
 */
export function baseWithWords(
  p: PreparedGroup,
  base: readonly AlertView[],
  words: readonly string[],
): AlertView[] {
  const out: AlertView[] = [];
  if (base.length === 0) return out;
  const text = groupText(p);
  const ends = p.ends!;
  const sorted = p.sorted;
  let j = 0;
  for (const a of base) {
    while (j < sorted.length && sorted[j] !== a) j++;
    if (j === sorted.length) break;
    // Its text without the NUL after it (a substring of a flat string is not a copy).
    const own = text.substring(j === 0 ? 0 : ends[j - 1]!, ends[j]! - 1);
    if (words.every((w) => own.includes(w))) out.push(a);
    j++;
  }
  return out;
}

/** The alert whose text holds position `at`: the first whose end is past it. */
function alertAt(ends: Uint32Array, at: number): number {
  let lo = 0;
  let hi = ends.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ends[mid]! > at) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export interface PreparedGroups {
  readonly groups: readonly PreparedGroup[];
  readonly byKey: ReadonlyMap<string, PreparedGroup>;
  /** Fingerprints in more than one group (counted once in "N of M"). */
  readonly multi: ReadonlySet<string>;
  /** Alerts in the view. */
  readonly total: number;
  /** The severity order it was sorted by, and that order as one string (to compare). */
  readonly order: readonly string[];
  readonly orderKey: string;
  /**
   * The preparation this one was made from, and its groups made anew (the others are the same
   * objects as there): a filter built on `from` is built again from what changed
   * (group-filter.ts). Dropped from the older one when a newer one is made, so a chain of
   * preparations is never kept alive.
   */
  from?: PreparedGroups;
  readonly fresh: readonly PreparedGroup[];
}

/** What changed since `prev` was prepared, when the caller knows (ListChanges.since). */
export interface Changes {
  /** The groups whose record or any of whose alert records changed, or 'all'. */
  groups: ReadonlySet<string> | 'all';
  /** Alerts in the view now. */
  alertCount: number;
}

/**
 * Groups ready to filter. A group keeps its prepared object from `prev` when neither the group
 * record nor any of its alert records changed (records are replaced, never mutated, when they
 * change), so per-group filter results cached for it stay valid. With `changes`, only the
 * groups it names are looked at again; without, every group's alerts are compared. In steps
 * that yield when `pace` is due (pace.ts; NEVER for all at once).
 */
export function* prepareGroupsSteps(
  prev: PreparedGroups | null,
  /** The view's groups, or (cheaper at 10,000 groups: no Object.values) their list. */
  groups: Record<string, GroupView> | readonly GroupView[],
  alerts: Record<string, AlertView>,
  order: readonly string[],
  changes: Changes | undefined,
  pace: Pace,
): Steps<PreparedGroups> {
  const orderKey = order.join('\n');
  const reusable =
    prev?.orderKey === orderKey && changes?.groups !== 'all' ? prev.byKey : undefined;
  const changed = changes?.groups !== 'all' ? changes?.groups : undefined;
  const cmp = compareAlerts(order);
  const list: PreparedGroup[] = [];
  const fresh: PreparedGroup[] = [];
  const byKey = new Map<string, PreparedGroup>();
  let memberships = 0;
  const all: readonly GroupView[] = Array.isArray(groups) ? groups : Object.values(groups);
  for (const g of all) {
    const old = reusable?.get(g.key);
    const same =
      old !== undefined &&
      old.group === g &&
      (changed ? !changed.has(g.key) : sameSource(old.source, g.alerts, alerts));
    const p = same ? old : make(g);
    if (!same) fresh.push(p);
    list.push(p);
    byKey.set(g.key, p);
    memberships += p.sorted.length;
    if (pace.due(same ? 1 : p.sorted.length + 1)) yield;
  }
  // valuesOf, not Object.keys: listing a 100,000-key record took ~55 ms of every preparation
  // (the merger hands the view's list over, so this costs nothing).
  const total = changes ? changes.alertCount : valuesOf(alerts).length;
  const multi = yield* shared(list, memberships, total, pace);
  // Only the newest preparation knows its predecessor: one step back, never a chain.
  if (prev) delete prev.from;
  return {
    groups: list,
    byKey,
    multi,
    total,
    order,
    orderKey,
    fresh,
    ...(prev && reusable ? { from: prev } : {}),
  };

  function make(g: GroupView): PreparedGroup {
    const source = g.alerts.map((fp) => alerts[fp]);
    const present = source.filter((a): a is AlertView => a !== undefined);
    const counts = stateCounts(present, g.clusterId);
    return { group: g, source, sorted: present.sort(cmp), counts };
  }
}

function sameSource(
  source: readonly (AlertView | undefined)[],
  fps: readonly string[],
  alerts: Record<string, AlertView>,
): boolean {
  if (source.length !== fps.length) return false;
  for (let i = 0; i < fps.length; i++) if (alerts[fps[i]!] !== source[i]) return false;
  return true;
}

/**
 * Alerts in several groups. Every alert of the view comes from a group, so when memberships
 * equal the alerts there is none and the 100k-entry scan is skipped.
 */
function* shared(
  list: readonly PreparedGroup[],
  memberships: number,
  total: number,
  pace: Pace,
): Steps<Set<string>> {
  const multi = new Set<string>();
  if (memberships === total) return multi;
  const seen = new Set<string>();
  for (const p of list) {
    for (const a of p.sorted) {
      if (seen.has(a.fingerprint)) multi.add(a.fingerprint);
      else seen.add(a.fingerprint);
    }
    if (pace.due(p.sorted.length)) yield;
  }
  return multi;
}
