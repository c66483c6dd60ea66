// The filter-dependent half of the alert list: which alerts of each prepared group pass the
// filter, as group rows sorted for display. Results are cached per group and filter (a few
// recent filters), so backspacing, toggling back and re-applying a filter after a delta only
// re-filter what changed; a filter that narrows a recent one (a word typed further, a matcher
// added) only re-checks what passed that one. Pure apart from those caches, which are this
// module's own: kept per prepared group object, so a group re-prepared after a change starts
// with none.
import type { Matcher } from '../api/types.ts';
import type { AlertView } from '../model/view.ts';
import { evaluateAlert } from '../matchers/evaluate.ts';
import { displaySeverityRank as severityRank } from '../model/severity-order.ts';
import {
  alertPasses,
  startOf,
  GROUP_ROW_HEIGHT,
  type AlertFilter,
  type BuiltGroups,
  type GroupRow,
} from './rows.ts';
import {
  baseWithWords,
  withWordHits,
  wordHits,
  type PreparedGroup,
  type PreparedGroups,
} from './prepared-groups.ts';
import { drain, NEVER, type Pace, type Steps } from './pace.ts';

interface FilterResult {
  visible: readonly AlertView[];
  row: GroupRow | null;
}

/** Filters kept per group: enough for typing, backspacing and a toggle or two. */
const KEPT = 16;
/**
 * A filter left unchanged this long is no longer being typed: the next build keeps only its
 * results. Kept for every filter typed, the caches held one row per visible alert per filter:
 * typing a word and deleting it at 100,000 alerts grew the window's heap from 158 to 295 MB,
 * and every major GC afterwards marked all of it (long frames while scrolling).
 */
export const PRUNE_AFTER_MS = 2_000;

export class GroupFilter {
  /** Recent filters, most recent last, by key. */
  #recent = new Map<string, AlertFilter>();
  #now: () => number;
  /** The filter of the last build, since when it has been the filter, and whether pruned. */
  #key: string | undefined;
  #keySince = 0;
  #pruned = true;
  /**
   * Filter results by filter key (a few recent ones) per prepared group. Weak: a prepared group
   * replaced after a change takes its results with it.
   */
  readonly #results = new WeakMap<PreparedGroup, Map<string, FilterResult>>();
  /**
   * The groups each recent filter showed, for the preparation it was built on: a filter that
   * narrows one of them can show no other group, so typing on looks only at those (at 10,000
   * groups, visiting every group per keystroke was ~10–30 ms when a word had hidden most).
   */
  #shown = new Map<string, { prepared: PreparedGroups; groups: readonly PreparedGroup[] }>();
  /**
   * Each recent filter's last list and the preparation it was built on: after a poll, the same
   * filter on the next preparation is that list without the rows of groups made anew, and with
   * theirs (at 100,000 alerts in 10,000 groups, a 1 % churn makes ~1,000 anew: the other 9,000
   * rows are neither looked up nor sorted again).
   */
  #last = new Map<string, { prepared: PreparedGroups; built: BuiltGroups }>();

  constructor(now: () => number = () => Date.now()) {
    this.#now = now;
  }

  build(prepared: PreparedGroups, filter: AlertFilter): BuiltGroups {
    return drain(this.buildSteps(prepared, filter, NEVER));
  }

  /**
   * build in steps that yield when `pace` is due (pace.ts): a group at a time, so the first
   * word typed at 100,000 alerts (every group's text searched) no longer holds the core.
   */
  *buildSteps(prepared: PreparedGroups, filter: AlertFilter, pace: Pace): Steps<BuiltGroups> {
    const key = filterKey(filter);
    const now = this.#now();
    if (key !== this.#key) {
      this.#key = key;
      this.#keySince = now;
      this.#pruned = false;
    } else if (!this.#pruned && now - this.#keySince >= PRUNE_AFTER_MS) {
      this.#prune(prepared, key, filter);
    }
    const parent = this.#narrowed(key, filter);
    // Narrowing a filter by words alone (typing on): what passed it passed every other test.
    const wordsOnly =
      parent !== undefined &&
      JSON.stringify(this.#recent.get(parent)!.matchers) === JSON.stringify(filter.matchers);
    this.#recent.delete(key);
    this.#recent.set(key, filter);
    if (this.#recent.size > KEPT) {
      const oldest = this.#recent.keys().next().value!;
      this.#recent.delete(oldest);
      this.#shown.delete(oldest);
      this.#last.delete(oldest);
    }
    // Lists of preparations older than the one before are of no use any more.
    for (const [k, l] of this.#last)
      if (l.prepared !== prepared && l.prepared !== prepared.from) this.#last.delete(k);
    const last = this.#last.get(key);
    if (
      last &&
      prepared.from !== undefined &&
      last.prepared === prepared.from &&
      // An alert in two groups is counted once: from the whole list, not by difference.
      prepared.multi.size === 0 &&
      last.prepared.multi.size === 0
    ) {
      const built = yield* this.#againSteps(last.built, prepared, key, filter, pace);
      this.#last.set(key, { prepared, built });
      return built;
    }
    const from = parent !== undefined ? this.#shown.get(parent) : undefined;
    const candidates = from?.prepared === prepared ? from.groups : prepared.groups;

    const out: GroupRow[] = [];
    const shown: PreparedGroup[] = [];
    const seen = prepared.multi.size > 0 ? new Set<string>() : null;
    let alertCount = 0;
    for (const p of candidates) {
      // First: most groups of a rare word end at a `continue`.
      if (pace.due(p.sorted.length + 1)) yield;
      const r = this.#resultFor(p, key, filter, prepared, parent, wordsOnly);
      if (!r?.row) continue;
      out.push(r.row);
      shown.push(p);
      for (const a of r.visible) {
        if (seen && prepared.multi.has(a.fingerprint)) {
          if (seen.has(a.fingerprint)) continue;
          seen.add(a.fingerprint);
        }
        alertCount++;
      }
    }
    out.sort(compareRows);
    this.#shown.set(key, { prepared, groups: shown });
    const built = { groups: out, alertCount };
    this.#last.set(key, { prepared, built });
    return built;
  }

  /**
   * The filter's list on the preparation before (`base`), built again: the rows of groups
   * kept as they were stay, in their order; the groups made anew are filtered and their rows
   * merged in. The same list as a build from scratch (group-filter.test.ts).
   */
  *#againSteps(
    base: BuiltGroups,
    prepared: PreparedGroups,
    key: string,
    filter: AlertFilter,
    pace: Pace,
  ): Steps<BuiltGroups> {
    const freshKeys = new Set<string>();
    for (const p of prepared.fresh) freshKeys.add(p.group.key);
    const kept: GroupRow[] = [];
    const removed: GroupRow[] = [];
    for (const row of base.groups) {
      if (pace.due()) yield;
      (freshKeys.has(row.key) || !prepared.byKey.has(row.key) ? removed : kept).push(row);
    }
    const added: GroupRow[] = [];
    for (const p of prepared.fresh) {
      if (pace.due(p.sorted.length + 1)) yield;
      const r = this.#resultFor(p, key, filter, prepared, undefined, false);
      if (r?.row) added.push(r.row);
    }
    added.sort(compareRows);
    const out: GroupRow[] = [];
    let i = 0;
    let j = 0;
    while (i < kept.length || j < added.length) {
      if (pace.due()) yield;
      if (j === added.length || (i < kept.length && compareRows(kept[i]!, added[j]!) <= 0))
        out.push(kept[i++]!);
      else out.push(added[j++]!);
    }
    let alertCount = base.alertCount;
    for (const row of removed) alertCount -= row.alerts.length;
    for (const row of added) alertCount += row.alerts.length;
    // What a narrower filter typed next may show: the groups with a row.
    const shown: PreparedGroup[] = [];
    for (const row of out) {
      if (pace.due()) yield;
      shown.push(prepared.byKey.get(row.key)!);
    }
    this.#shown.set(key, { prepared, groups: shown });
    return { groups: out, alertCount, since: { base, removed, added } };
  }

  /** Every group's cached results but the current filter's, and the other recent filters. */
  #prune(prepared: PreparedGroups, key: string, filter: AlertFilter): void {
    this.#pruned = true;
    for (const k of this.#last.keys()) if (k !== key) this.#last.delete(k);
    this.#recent = new Map([[key, filter]]);
    const mine = this.#shown.get(key);
    this.#shown = mine ? new Map([[key, mine]]) : new Map();
    for (const p of prepared.groups) {
      const results = this.#results.get(p);
      if (!results || results.size <= 1) continue;
      const mine = results.get(key);
      results.clear();
      if (mine) results.set(key, mine);
    }
  }

  /** How many filters' results are kept for a prepared group (the cache stays bounded). */
  cachedFilters(p: PreparedGroup): number {
    return this.#results.get(p)?.size ?? 0;
  }

  /** A group's result for the filter (cached or narrowed); null when its receivers are not picked. */
  #resultFor(
    p: PreparedGroup,
    key: string,
    filter: AlertFilter,
    prepared: PreparedGroups,
    parent: string | undefined,
    wordsOnly: boolean,
  ): FilterResult | null {
    if (filter.receivers.length > 0 && !p.group.receivers.some((r) => filter.receivers.includes(r)))
      return null;
    return resultFor({ p, results: this.#resultsOf(p), key, parent, wordsOnly, filter, prepared });
  }

  #resultsOf(p: PreparedGroup): Map<string, FilterResult> {
    let results = this.#results.get(p);
    if (!results) this.#results.set(p, (results = new Map()));
    return results;
  }

  /** The most recent filter `filter` narrows (everything it passes, that one passed). */
  #narrowed(key: string, filter: AlertFilter): string | undefined {
    const keys = [...this.#recent.keys()].reverse();
    return keys.find((k) => k !== key && narrows(filter, this.#recent.get(k)!));
  }
}

/** Group rows in display order: worst severity, newest, then key. */
function compareRows(x: GroupRow, y: GroupRow): number {
  return x.rank - y.rank || y.newest - x.newest || (x.key < y.key ? -1 : x.key > y.key ? 1 : 0);
}

interface ResultRequest {
  p: PreparedGroup;
  /** The group's cached results by filter key. */
  results: Map<string, FilterResult>;
  key: string;
  /** A recent filter this one narrows: only what passed it is checked again. */
  parent: string | undefined;
  /** The parent has the same toggles, pickers and matchers: only the words are new. */
  wordsOnly: boolean;
  filter: AlertFilter;
  prepared: PreparedGroups;
}

function resultFor(req: ResultRequest): FilterResult {
  const { p, results, key, parent, filter, prepared } = req;
  const cached = results.get(key);
  if (cached) {
    // Most recently used last: the oldest goes first when the cache is full.
    results.delete(key);
    results.set(key, cached);
    return cached;
  }
  const fromParent = parent !== undefined ? results.get(parent)?.visible : undefined;
  const base = fromParent ?? p.sorted;
  const perAlert = groupMatchers(p, filter.matchers);
  let passed: readonly AlertView[];
  if (perAlert === null) passed = [];
  else if (filter.words.length > 0) {
    const holding = holdingWords(p, base, fromParent !== undefined, filter.words);
    if (holding.length === 0) passed = [];
    // Typing on: the parent's alerts passed the rest already; only the words are tested.
    else if (fromParent !== undefined && req.wordsOnly) passed = holding;
    else {
      const rest = withoutWords(filter);
      passed = holding.filter((a) => alertPasses(a, rest, perAlert));
    }
  } else passed = base.filter((a) => alertPasses(a, filter, perAlert));
  // Unchanged lists keep their identity, and so do their rows: a keystroke that hides nothing
  // in a group reuses its row, and with it the row's alert rows, labels and counts (at 100,000
  // alerts, making them again per keystroke was most of the garbage collector's work).
  const visible = passed.length === base.length ? base : passed;
  const from = parent !== undefined ? results.get(parent) : undefined;
  const row =
    from?.visible === visible
      ? from.row
      : visible === p.sorted
        ? wholeRow(p, prepared.order)
        : groupRow(p, visible, prepared.order);
  const result: FilterResult = { visible, row };
  results.set(key, result);
  if (results.size > KEPT) results.delete(results.keys().next().value!);
  return result;
}

const wordless = new WeakMap<AlertFilter, AlertFilter>();

/** The filter without its words (they are tested per group), made once per filter. */
function withoutWords(filter: AlertFilter): AlertFilter {
  let rest = wordless.get(filter);
  if (!rest) wordless.set(filter, (rest = { ...filter, words: [] }));
  return rest;
}

/**
 * A parent's result this small (against the group's alerts) is searched alert by alert; a
 * larger one by one scan of the group's text per word.
 */
const FEW = 4;

/** The alerts of `base` that hold every word. */
function holdingWords(
  p: PreparedGroup,
  base: readonly AlertView[],
  narrowing: boolean,
  words: readonly string[],
): readonly AlertView[] {
  // Typing on narrows what the last word left: in most groups nothing, so nothing to search.
  if (narrowing && base.length * FEW <= p.sorted.length) return baseWithWords(p, base, words);
  const hits = wordHits(p, words);
  if (hits.count === p.sorted.length) return base;
  return hits.count === 0 ? [] : withWordHits(p, base, hits);
}

/**
 * The filter's matchers on a label every alert of the group carries with the group's value
 * (`group_by` labels, so the watchdog hide's `alertname!=…` and most typed matchers) are tested
 * once on the group's labels: null when one fails (no alert of the group can pass), else the
 * matchers left to test per alert. At 100,000 alerts in 20 groups that is 20 tests instead of
 * 100,000. A matcher the group's labels cannot decide (a regex over the budget) stays per alert,
 * so its alerts are shown and marked as per-alert evaluation would.
 */
function groupMatchers(p: PreparedGroup, matchers: readonly Matcher[]): readonly Matcher[] | null {
  if (matchers.length === 0) return matchers;
  const agreed = agreedLabels(p);
  if (agreed.size === 0) return matchers;
  let rest: Matcher[] | undefined;
  for (const m of matchers) {
    if (!agreed.has(m.name)) continue;
    const v = evaluateAlert([m], p.group.labels, { turnBudget: false });
    if (v === 'no-match') return null;
    if (v === 'unknown') continue;
    (rest ??= matchers.slice()).splice(rest.indexOf(m), 1);
  }
  return rest ?? matchers;
}

const agreedByGroup = new WeakMap<PreparedGroup, ReadonlySet<string>>();

/**
 * The group's label names that every one of its alerts carries with the same value, checked
 * once per prepared group: a server is trusted to group by its alerts' labels only where it
 * did, so a group whose record disagrees with an alert is filtered per alert, never hidden.
 */
function agreedLabels(p: PreparedGroup): ReadonlySet<string> {
  let agreed = agreedByGroup.get(p);
  if (!agreed) {
    const names = new Set<string>();
    const labels = p.group.labels;
    for (const k in labels) {
      if (!Object.hasOwn(labels, k)) continue;
      const v = labels[k];
      if (p.sorted.every((a) => Object.hasOwn(a.labels, k) && a.labels[k] === v)) names.add(k);
    }
    agreedByGroup.set(p, (agreed = names));
  }
  return agreed;
}

const wholeRows = new WeakMap<PreparedGroup, { order: readonly string[]; row: GroupRow | null }>();

/** The row of a group with every alert shown, one per prepared group and order. */
function wholeRow(p: PreparedGroup, order: readonly string[]): GroupRow | null {
  const kept = wholeRows.get(p);
  if (kept?.order === order) return kept.row;
  const row = groupRow(p, p.sorted, order);
  wholeRows.set(p, { order, row });
  return row;
}

function groupRow(
  p: PreparedGroup,
  visible: readonly AlertView[],
  order: readonly string[],
): GroupRow | null {
  if (visible.length === 0) return null;
  const g = p.group;
  const severity = visible[0]!.severity;
  let newest = 0;
  for (const a of visible) newest = Math.max(newest, startOf(a));
  return {
    kind: 'group',
    key: g.key,
    group: g,
    alerts: visible,
    counts: p.counts,
    severity,
    rank: severityRank(severity, order),
    newest,
    height: GROUP_ROW_HEIGHT,
  };
}

/** One string per distinct filter. */
export function filterKey(f: AlertFilter): string {
  return JSON.stringify([
    f.showActive,
    f.showSilenced,
    f.showInhibited,
    f.showUnprocessed,
    f.receivers,
    f.instances,
    f.matchers.map(matcherKey),
    f.words,
  ]);
}

/**
 * Whether every alert `child` passes also passes `parent`: the same toggles, receivers and
 * instances, every matcher of the parent still there (matchers all must match), and every
 * word of the parent inside some word of the child (a substring of a substring).
 */
export function narrows(child: AlertFilter, parent: AlertFilter): boolean {
  if (
    child.showActive !== parent.showActive ||
    child.showSilenced !== parent.showSilenced ||
    child.showInhibited !== parent.showInhibited ||
    child.showUnprocessed !== parent.showUnprocessed ||
    !sameList(child.receivers, parent.receivers) ||
    !sameList(child.instances, parent.instances)
  )
    return false;
  const childMatchers = new Set(child.matchers.map((m) => matcherKey(m)));
  if (!parent.matchers.every((m) => childMatchers.has(matcherKey(m)))) return false;
  return parent.words.every((w) => child.words.some((c) => c.includes(w)));
}

function matcherKey(m: AlertFilter['matchers'][number]): string {
  return JSON.stringify([m.name, m.value, m.isRegex, m.isEqual ?? true]);
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
