// The core's answer to a window's list query (list-query.ts): the same preparation the window
// used to run on 100,000 records of its own copy (prepared groups sorted once per change,
// per-group filter caches, sections, rows by index), run once here on the core's view, and
// cut to the rows the window shows. What a query costs:
// - a scroll, or the same query again: binary searches in the list it built last;
// - a keystroke: the group filter's cached or narrowed results, then where each row starts;
// - a new view (a poll changed something): groups whose records did not change keep their
//   prepared object, filter results and place in the list, so only what changed is sorted,
//   filtered and merged in.
// All of it in slices of at most ~20 ms per turn of the event loop (ask, pace.ts).
import type { LabelSet } from '../api/types.ts';
import type { AlertView, ViewSnapshot } from '../model/view.ts';
import type { SelectionItem } from '../model/selection-plan.ts';
import { valuesOf } from '../model/record-values.ts';
import { parseFilterText } from './filter-text.ts';
import { GroupFilter, filterKey } from './group-filter.ts';
import {
  groupText,
  prepareGroupsSteps,
  type Changes,
  type PreparedGroups,
} from './prepared-groups.ts';
import { listCommonLabelsSteps } from './row-labels.ts';
import {
  filterUndecided,
  groupCommonLabels,
  type AlertFilter,
  type BuiltGroups,
  type GroupRow,
  type Row,
} from './rows.ts';
import { sectionRowsSteps } from './sections.ts';
import { drain, NEVER, runSliced, SLICE_MS, type Pace, type Steps } from './pace.ts';
import { nextTurn } from '../api/event-loop-turns.ts';
import { flatRowsSteps, groupedRowsSteps, type RowIndex } from './row-index.ts';
import { boundedAlert, type RowAlert } from './bounded-alert.ts';
import { teamReceivers, withTeam } from './team.ts';
import { hideWatchdog, watchdogCount } from './watchdog-hide.ts';
import {
  ANSWER_BUDGET,
  GROUP_SAMPLE,
  MARGIN_PX,
  MAX_INHIBITORS,
  MAX_ROWS,
  MAX_SILENCE_KEYS,
  MAX_SILENCED,
  SAMPLE_BUDGET,
  type Collapsed,
  type ListAnswer,
  type ListCounts,
  type ListFind,
  type ListFound,
  type ListGroupRow,
  type ListQuery,
  type ListAlertRow,
  type ListRow,
} from './list-query.ts';

/** Longest the core is held by one slice of background list work. */
const WARM_SLICE_MS = 8;
/** Lists made again for each new view before windows are told (follow): a window or two. */
const RECENT_LISTS = 2;

const ALWAYS = (): boolean => true;

/** A view windows were told about, its prepared groups and the lists built on them. */
interface Told {
  view: ViewSnapshot;
  prepared: PreparedGroups;
  built: readonly Built[];
}

/** What the model reads from the core: its view, and the settings the list depends on. */
export interface ListSource {
  snapshot(): ViewSnapshot;
  severityOrder(): readonly string[];
  /** notifications.watchdog: the dead-man's switch matcher ('' for none). */
  watchdog(): string;
  /** notifications.team: "my team"'s receiver matcher ('' for none). */
  team(): string;
  /**
   * The groups touched after view `fromSeq` up to view `toSeq`, or undefined when not known
   * (Core.listChanges): only those are looked at again.
   */
  changes?(fromSeq: number, toSeq: number): Changes | undefined;
}

/**
 * Runs steps a slice per turn of the event loop (pace.ts runSliced; tests step by hand).
 * `urgent`, asked before each turn: whether a window waits on these steps (their slices then
 * go before background work in the core's queue of sliced work).
 */
export type Sliced = <T>(make: (pace: Pace) => Steps<T>, urgent: () => boolean) => Promise<T>;

/** One built list: the rows of a filter, grouping and collapse state at one view. */
interface Built {
  key: string;
  /** Grouping, collapse state and order: with the same group rows, the same flat rows. */
  shape: string;
  groups: readonly GroupRow[];
  filter: AlertFilter;
  rows: RowIndex;
  counts: ListCounts;
  common: LabelSet;
}

export class ListModel {
  readonly #source: ListSource;
  readonly #groupFilter: GroupFilter;
  #prepared: PreparedGroups | null = null;
  #preparedFrom: ViewSnapshot | null = null;
  #preparedOrder = '';
  /** The last few lists built (a window scrolling, a second window, typing back). */
  #built: Built[] = [];
  #builtFor: PreparedGroups | null = null;
  #watchdogCount: { prepared: PreparedGroups; watchdog: string; n: number } | null = null;
  /** Wire group rows, per row and the silences their acknowledgements were read from. */
  readonly #wireGroups = new WeakMap<GroupRow, { silences: object; row: ListGroupRow }>();
  #affected: { view: ViewSnapshot; counts: Record<string, number> } | null = null;
  /** Each list's counts by state and severity, for the list built again from it after a poll. */
  readonly #rowSums = new WeakMap<BuiltGroups, RowCounts>();
  #warming: PreparedGroups | null = null;
  readonly #later: (fn: () => void) => void;
  readonly #sliced: Sliced;
  /** The query being answered (ask): the next starts when it is done. */
  #queue: Promise<unknown> = Promise.resolve();
  /** Queries being answered in slices: background work waits for them. */
  #asking = 0;
  /** The search text's next background slice, held while a query is answered. */
  #warmHeld: (() => void) | null = null;
  /** The lists asked for last (filter, collapse state, where the window looked): follow. */
  #recent: { key: string; q: ListQuery }[] = [];
  /** A follow queued and not begun: view changes until it begins join it. */
  #followQueued: Promise<void> | null = null;
  /**
   * The view windows were last told about and the lists built on it. While a follow is queued
   * or runs, a query for one of those lists is answered from it at once instead of waiting for
   * the follow (the window has not heard of the newer view yet: list:changed goes out after
   * the follow). At 100,000 alerts under churn, merges come one after another and a follow was
   * often queued: a window's scroll waited behind it (150–500 ms) although its list was made.
   */
  #told: Told | null = null;
  /** Follows queued or running: while there are any, `#told` answers the lists it holds. */
  #follows = 0;
  /** Queries queued or being answered (a follow ahead of one goes first in the core's turns). */
  #waiting = 0;
  readonly #queryWaits = (): boolean => this.#waiting > 0;

  constructor(
    source: ListSource,
    now: () => number = () => Date.now(),
    /** Runs background work in a later turn (the search text); tests may run it at once. */
    later: (fn: () => void) => void = (fn) => void setTimeout(fn, 0).unref?.(),
    sliced: Sliced = (make, urgent) => runSliced(make, SLICE_MS, () => nextTurn(urgent())),
  ) {
    this.#source = source;
    this.#groupFilter = new GroupFilter(now);
    this.#later = later;
    this.#sliced = sliced;
  }

  /** The answer at once, whatever it costs (tests, and what `ask` runs in slices). */
  answer(q: ListQuery): ListAnswer {
    return drain(this.#answerSteps(q, NEVER));
  }

  /**
   * The answer, worked out a slice per turn of the event loop (pace.ts): at 100,000 alerts the
   * first query after a poll, or the first word typed, no longer holds the core (its polls,
   * timers, other windows) for 50–200 ms. Queries run one after another in the order asked,
   * each on the view of when it starts; a view that changes meanwhile is the next query's (the
   * window asks again on list:changed, and for an answer older than that change).
   */
  ask(q: ListQuery): Promise<ListAnswer> {
    this.#remember(q);
    const told = this.#follows > 0 && this.#told && this.#answerTold(this.#told, q);
    if (told) return Promise.resolve(told);
    this.#waiting++;
    return this.#enqueue((pace) => this.#waitedSteps(q, pace), ALWAYS);
  }

  /** A query's steps, no longer waited on once they end (however they end). */
  *#waitedSteps(q: ListQuery, pace: Pace): Steps<ListAnswer> {
    try {
      return yield* this.#answerSteps(q, pace);
    } finally {
      this.#waiting--;
    }
  }

  /** The answer from a list built on the view windows were told about, if it is one. */
  #answerTold(told: Told, q: ListQuery): ListAnswer | null {
    const { key } = this.#keyOf(told.view, told.prepared, q);
    const built = told.built.find((b) => b.key === key);
    return built ? this.#answerFrom(q, told.view, built) : null;
  }

  /**
   * Makes the lists windows asked for last again for the core's current view, in slices like
   * a query, and resolves when they are made (never rejects). The bridge tells windows that
   * the list changed only then (subscriptions.ts), so the question each window asks next is
   * answered from what is made already: at 100,000 alerts the first query after a poll was
   * 50–80 ms of work while the window waited, and is now a lookup. Calls made before the last
   * one began share it: it reads the view when it begins.
   */
  follow(): Promise<void> {
    if (this.#followQueued) return this.#followQueued;
    this.#follows++;
    // Background work, unless a query waits behind it (its slices then go first).
    this.#followQueued = this.#enqueue((pace) => {
      this.#followQueued = null;
      // What was built so far is on the view the windows were told about (each follow ends
      // with list:changed; a query between follows was answered on a view they asked about).
      this.#told = this.#builtSoFar();
      return this.#followSteps(pace);
    }, this.#queryWaits)
      .catch(() => {
        this.#told = null;
      })
      .finally(() => {
        this.#follows--;
      });
    return this.#followQueued;
  }

  /** The view the lists were last built on, with them (null when they are not all on it). */
  #builtSoFar(): Told | null {
    const [view, prepared] = [this.#preparedFrom, this.#prepared];
    return view && prepared && this.#builtFor === prepared && this.#built.length > 0
      ? { view, prepared, built: [...this.#built] }
      : null;
  }

  *#followSteps(pace: Pace): Steps<void> {
    const recent = this.#recent.map((r) => r.q);
    // No window asked yet: the groups at least are prepared for its first question.
    if (recent.length === 0) yield* this.#prepareSteps(this.#source.snapshot(), pace);
    for (const q of recent) yield* this.#answerSteps(q, pace);
    // What windows are told about next (list:changed goes out once this follow resolves).
    this.#told = this.#builtSoFar();
  }

  /** Keeps what a query asked for (without the row it looked for) as the newest list asked. */
  #remember(q: ListQuery): void {
    const { find: _find, ...kept } = q;
    const key = JSON.stringify([q.filter, q.collapsed]);
    this.#recent = [...this.#recent.filter((r) => r.key !== key), { key, q: kept }].slice(
      -RECENT_LISTS,
    );
  }

  /** Runs steps after the work queued before them, a slice per turn (#sliced). */
  #enqueue<T>(make: (pace: Pace) => Steps<T>, urgent: () => boolean): Promise<T> {
    const run = this.#queue.then(async () => {
      this.#asking++;
      try {
        return await this.#sliced(make, urgent);
      } finally {
        if (--this.#asking === 0 && this.#warmHeld) {
          const held = this.#warmHeld;
          this.#warmHeld = null;
          this.#later(held);
        }
      }
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }

  *#answerSteps(q: ListQuery, pace: Pace): Steps<ListAnswer> {
    const view = this.#source.snapshot();
    const prepared = yield* this.#prepareSteps(view, pace);
    const built = yield* this.#buildSteps(view, prepared, q, pace);
    return this.#answerFrom(q, view, built);
  }

  /** The rows of a built list the window shows, with its counts (and the row it looked for). */
  #answerFrom(q: ListQuery, view: ViewSnapshot, built: Built): ListAnswer {
    const found = q.find ? locate(built.rows, q.find) : undefined;
    // A row asked for by name is sent with the rows around it, wherever the window is.
    let top = Math.max(0, q.top);
    if (found && (found.top < top || found.top >= top + q.height))
      top = Math.max(0, found.top - q.height / 2);
    const { start, items } = this.#wire(built, top, q.height, view);
    return {
      id: q.id,
      seq: view.seq,
      unknown: countsUnknown(view),
      counts: built.counts,
      rows: built.rows.length,
      height: built.rows.height,
      start,
      top: built.rows.top(start),
      items,
      common: built.common,
      ...(q.find ? { found: found ?? null } : {}),
    };
  }

  /** One alert's whole record (the detail of a row cut to row size), null when gone. */
  alert(fingerprint: string): AlertView | null {
    const alerts = this.#source.snapshot().alerts;
    return Object.hasOwn(alerts, fingerprint) ? alerts[fingerprint]! : null;
  }

  /** Which selected items are still in the view: the group, or the alert on that cluster. */
  present(items: readonly SelectionItem[]): boolean[] {
    const view = this.#source.snapshot();
    return items.map((i) => {
      if ('groupKey' in i) return Object.hasOwn(view.groups, i.groupKey);
      const a = Object.hasOwn(view.alerts, i.fingerprint) ? view.alerts[i.fingerprint] : undefined;
      return a !== undefined && a.clusters.includes(i.clusterId);
    });
  }

  /** How many alerts of the view each silence mutes (the Silences list), once per view. */
  affected(): Record<string, number> {
    const view = this.#source.snapshot();
    if (this.#affected?.view === view) return this.#affected.counts;
    const counts: Record<string, number> = {};
    for (const a of valuesOf(view.alerts))
      for (const k of a.silencedBy) counts[k] = (Object.hasOwn(counts, k) ? counts[k]! : 0) + 1;
    this.#affected = { view, counts };
    return counts;
  }

  /** The alerts a silence mutes now, by name, at most MAX_SILENCED (cut to row size). */
  silenced(key: string): { alerts: RowAlert[]; total: number } {
    const out: AlertView[] = [];
    for (const a of valuesOf(this.#source.snapshot().alerts))
      if (a.silencedBy.includes(key)) out.push(a);
    out.sort((x, y) => (x.labels['alertname'] ?? '').localeCompare(y.labels['alertname'] ?? ''));
    return { alerts: out.slice(0, MAX_SILENCED).map(boundedAlert), total: out.length };
  }

  *#prepareSteps(view: ViewSnapshot, pace: Pace): Steps<PreparedGroups> {
    const order = this.#source.severityOrder();
    const orderKey = order.join('\n');
    // The core keeps a collection's object while none of its records changed: a poll that only
    // touched instances or silences keeps every list built.
    const from = this.#preparedFrom;
    if (
      this.#prepared &&
      from?.groups === view.groups &&
      from.alerts === view.alerts &&
      this.#preparedOrder === orderKey
    )
      return this.#prepared;
    // With the core's list of the groups touched since, only those are looked at again;
    // without, each group's alerts are compared with what it was prepared from (a lookup per
    // alert: ~14 ms at 100,000), and a group whose records are the same objects is kept.
    const changes =
      this.#prepared && from && this.#preparedOrder === orderKey
        ? this.#source.changes?.(from.seq, view.seq)
        : undefined;
    this.#prepared = yield* prepareGroupsSteps(
      this.#prepared,
      valuesOf(view.groups),
      view.alerts,
      order,
      changes,
      pace,
    );
    this.#preparedFrom = view;
    this.#preparedOrder = orderKey;
    this.#warm(this.#prepared);
    return this.#prepared;
  }

  /**
   * Makes the groups' search text in the background, a slice of at most WARM_SLICE_MS per
   * turn, so the first word typed finds it made: at 100,000 alerts making it all at once held
   * the core for ~250 ms on the first keystroke. Groups kept from the last preparation have
   * theirs already; a newer preparation takes over.
   */
  #warm(prepared: PreparedGroups): void {
    if (this.#warming === prepared) return;
    this.#warming = prepared;
    let next = 0;
    const slice = (): void => {
      if (this.#warming !== prepared) return;
      // A window waits for a query's answer; nobody waits for this yet.
      if (this.#asking > 0) {
        this.#warmHeld = slice;
        return;
      }
      const until = performance.now() + WARM_SLICE_MS;
      const groups = prepared.groups;
      while (next < groups.length && performance.now() < until) groupText(groups[next++]!);
      if (next < groups.length) this.#later(slice);
      else this.#warming = null;
    };
    this.#later(slice);
  }

  *#buildSteps(
    view: ViewSnapshot,
    prepared: PreparedGroups,
    q: ListQuery,
    pace: Pace,
  ): Steps<Built> {
    // Lists built for other records are of no use any more. ("My team"'s receivers, the
    // dead-man's switch and the severity order are in the key: a poll that changed instances
    // only keeps every list.)
    if (this.#builtFor !== prepared) {
      this.#built = [];
      this.#builtFor = prepared;
    }
    const { filter, hiding, shape, key } = this.#keyOf(view, prepared, q);
    const groupBy = q.filter.groupBy;
    const hit = this.#built.find((b) => b.key === key);
    if (hit) return hit;

    const built = yield* this.#groupFilter.buildSteps(prepared, filter, pace);
    const counts = yield* this.#countsSteps(prepared, built, hiding, pace);
    // A keystroke that hid nothing keeps every group row: the flat rows, their offsets and the
    // common labels of a list built from the same rows are this list's too (at 100,000 alerts,
    // flattening 105,000 rows again was most of such a keystroke).
    const same = this.#built.find((b) => b.shape === shape && sameRows(b.groups, built.groups));
    let rows: RowIndex;
    let common: LabelSet;
    if (same) ({ rows, common } = same);
    else {
      const collapsed = collapseSet(q.collapsed);
      rows = groupBy
        ? yield* flatRowsSteps(
            yield* sectionRowsSteps(
              built.groups,
              groupBy,
              collapsed,
              pace,
              (id) => view.clusters[id]?.name ?? id,
            ),
            pace,
          )
        : yield* groupedRowsSteps(built.groups, collapsed, pace);
      common = yield* listCommonLabelsSteps(built.groups, pace);
    }
    const b: Built = { key, shape, groups: built.groups, filter, rows, counts, common };
    this.#built.push(b);
    if (this.#built.length > 4) this.#built.shift();
    return b;
  }

  /** What a query's list is: its filter, and the key of the list built for it. */
  #keyOf(
    view: ViewSnapshot,
    prepared: PreparedGroups,
    q: ListQuery,
  ): { filter: AlertFilter; hiding: boolean; shape: string; key: string } {
    const { filter, hiding } = this.#filterOf(view, q.filter);
    const shape = JSON.stringify([
      q.filter.groupBy,
      q.collapsed.all,
      [...q.collapsed.except].sort(),
      prepared.orderKey,
    ]);
    return { filter, hiding, shape, key: JSON.stringify([filterKey(filter), shape]) };
  }

  /**
   * The filter bar's value as the list filters it: parsed, "my team", the switch hidden
   * (`hiding`: the hide is in effect, as the user's own filter does not name its label).
   */
  #filterOf(
    view: ViewSnapshot,
    value: ListQuery['filter'],
  ): { filter: AlertFilter; hiding: boolean } {
    const { matchers, words } = parseFilterText(value.text);
    const base: AlertFilter = {
      showActive: value.showActive,
      showSilenced: value.showSilenced,
      showInhibited: value.showInhibited,
      showUnprocessed: value.showUnprocessed,
      receivers: value.receivers,
      instances: value.instances,
      matchers,
      words,
    };
    const hidden = hideWatchdog(base, this.#source.watchdog());
    const filter = value.myTeam
      ? withTeam(hidden, teamReceivers(view.instances, this.#source.team()))
      : hidden;
    return { filter, hiding: hidden !== base };
  }

  *#countsSteps(
    prepared: PreparedGroups,
    built: BuiltGroups,
    hiding: boolean,
    pace: Pace,
  ): Steps<ListCounts> {
    const { groups, alertCount: shown, since } = built;
    const before = since ? this.#rowSums.get(since.base) : undefined;
    let byState = { active: 0, suppressed: 0, unprocessed: 0 };
    let bySeverity: Record<string, number> = {};
    if (since && before) {
      // The list before a poll, less the rows it lost, plus those it gained (no alert is in
      // two groups then: group-filter.ts builds such a list again only without).
      byState = { ...before.byState };
      bySeverity = {};
      for (const k in before.bySeverity) bump(bySeverity, k, before.bySeverity[k]!);
      const add = (rows: readonly GroupRow[], sign: number): void => {
        for (const g of rows) {
          const c = rowCounts(g);
          byState.active += sign * c.byState.active;
          byState.suppressed += sign * c.byState.suppressed;
          byState.unprocessed += sign * c.byState.unprocessed;
          for (const k in c.bySeverity) bump(bySeverity, k, sign * c.bySeverity[k]!);
        }
      };
      add(since.removed, -1);
      add(since.added, 1);
      for (const k in bySeverity) if (bySeverity[k] === 0) delete bySeverity[k];
    } else if (prepared.multi.size === 0) {
      // No alert in two groups: the sums of each row's counts, kept per row.
      for (const g of groups) {
        if (pace.due(rowCountCache.has(g) ? 1 : g.alerts.length)) yield;
        const c = rowCounts(g);
        byState.active += c.byState.active;
        byState.suppressed += c.byState.suppressed;
        byState.unprocessed += c.byState.unprocessed;
        for (const k in c.bySeverity) bump(bySeverity, k, c.bySeverity[k]!);
      }
    } else {
      const seen = new Set<string>();
      for (const g of groups) {
        if (pace.due(g.alerts.length)) yield;
        for (const a of g.alerts) {
          if (prepared.multi.has(a.fingerprint)) {
            if (seen.has(a.fingerprint)) continue;
            seen.add(a.fingerprint);
          }
          byState[a.state]++;
          bump(bySeverity, a.severity, 1);
        }
      }
    }
    this.#rowSums.set(built, { byState, bySeverity });
    return {
      shown,
      total: prepared.total,
      groups: groups.length,
      watchdogHidden: hiding ? this.#watchdogHidden(prepared, this.#source.watchdog()) : 0,
      byState,
      bySeverity,
    };
  }

  /** Counted once per view and matcher (a pass over the groups), not per query. */
  #watchdogHidden(prepared: PreparedGroups, watchdog: string): number {
    const c = this.#watchdogCount;
    if (c?.prepared === prepared && c.watchdog === watchdog) return c.n;
    const n = watchdogCount(prepared.groups, watchdog);
    this.#watchdogCount = { prepared, watchdog, n };
    return n;
  }

  /**
   * The rows the window shows, then those below and above it (the margin), as sent: at most
   * MAX_ROWS, and the answer stops growing at its byte budget. The rows in view go first, so
   * a window scrolled to a row over the budget on its own still gets that row.
   */
  #wire(
    built: Built,
    top: number,
    height: number,
    view: ViewSnapshot,
  ): { start: number; items: ListRow[] } {
    const rows = built.rows;
    const n = rows.length;
    if (n === 0) return { start: 0, items: [] };
    const first = rows.indexAt(top);
    const below = Math.min(n, rows.indexAt(top + height + MARGIN_PX) + 1);
    const above = rows.indexAt(Math.max(0, top - MARGIN_PX));
    const after: ListRow[] = [];
    let bytes = 0;
    const take = (i: number): ListRow | null => {
      const r = rows.at(i);
      const group = r.kind === 'alert' ? rows.groupOf(i) : undefined;
      const row = this.#wireRow(r, built.filter, view, group);
      // Measured, not guessed: labels and annotations are the servers' and may be huge.
      const size = JSON.stringify(row).length;
      if (after.length > 0 && bytes + size > ANSWER_BUDGET) return null;
      bytes += size;
      return row;
    };
    for (let i = first; i < below && after.length < MAX_ROWS; i++) {
      const row = take(i);
      if (!row) break;
      after.push(row);
    }
    const before: ListRow[] = [];
    for (let i = first - 1; i >= above && after.length + before.length < MAX_ROWS; i--) {
      const row = take(i);
      if (!row) break;
      before.push(row);
    }
    before.reverse();
    return { start: first - before.length, items: [...before, ...after] };
  }

  #wireRow(r: Row, filter: AlertFilter, view: ViewSnapshot, group?: GroupRow): ListRow {
    if (r.kind === 'section') return r;
    if (r.kind === 'alert') {
      const alert = boundedAlert(r.alert);
      const undecided = filterUndecided(r.alert, filter);
      const inhibitors = inhibitorsOf(r.alert, view);
      return {
        ...r,
        alert,
        groupCommon: groupCommonLabels(group!),
        ...(undecided ? { undecided: true as const } : {}),
        ...(inhibitors ? { inhibitors } : {}),
      };
    }
    const kept = this.#wireGroups.get(r);
    let w = kept?.silences === view.silences ? kept.row : undefined;
    if (!w) {
      w = {
        kind: 'group',
        key: r.key,
        group: r.group,
        alerts: sampleOf(r.alerts),
        shown: r.alerts.length,
        common: groupCommonLabels(r),
        ...silencesOn(r.group.alerts, view),
        counts: r.counts,
        severity: r.severity,
        height: r.height,
      };
      this.#wireGroups.set(r, { silences: view.silences, row: w });
    }
    return w;
  }
}

/**
 * Adds to a count by a server's value: an own property whatever the name (a severity label
 * `__proto__` is counted, not a prototype assignment dropped).
 */
function bump(counts: Record<string, number>, k: string, n: number): void {
  const value = (Object.hasOwn(counts, k) ? counts[k]! : 0) + n;
  if (k !== '__proto__') counts[k] = value;
  else
    Object.defineProperty(counts, k, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
}

type RowCounts = Pick<ListCounts, 'byState' | 'bySeverity'>;
const rowCountCache = new WeakMap<GroupRow, RowCounts>();

/** A group row's shown alerts by state and severity, counted once per row object. */
function rowCounts(g: GroupRow): RowCounts {
  let c = rowCountCache.get(g);
  if (!c) {
    const byState = { active: 0, suppressed: 0, unprocessed: 0 };
    const bySeverity: Record<string, number> = {};
    for (const a of g.alerts) {
      byState[a.state]++;
      bump(bySeverity, a.severity, 1);
    }
    rowCountCache.set(g, (c = { byState, bySeverity }));
  }
  return c;
}

/** The alerts inhibiting `a` that are in the view, by name; undefined when none. */
function inhibitorsOf(a: AlertView, view: ViewSnapshot): ListAlertRow['inhibitors'] {
  if (a.inhibitedBy.length === 0) return undefined;
  const out: NonNullable<ListAlertRow['inhibitors']> = [];
  for (const fp of a.inhibitedBy.slice(0, MAX_INHIBITORS)) {
    const by = Object.hasOwn(view.alerts, fp) ? view.alerts[fp] : undefined;
    if (by)
      out.push({ fingerprint: fp, alertname: by.labels['alertname'] ?? '', severity: by.severity });
  }
  return out.length > 0 ? out : undefined;
}

/**
 * Distinct silences on any of these alerts (a group's acks are found among them), whether
 * every alert is under an active acknowledgement of this install's user, and how many of them
 * are under anyone's (the header says "1 of 5 acknowledged", not the whole group as handled).
 */
function silencesOn(
  fps: readonly string[],
  view: ViewSnapshot,
): Pick<ListGroupRow, 'silencedBy' | 'allAckedByMe' | 'acked'> {
  const keys = new Set<string>();
  let allMine = fps.length > 0;
  let acked = 0;
  let of = 0;
  for (const fp of fps) {
    const a = Object.hasOwn(view.alerts, fp) ? view.alerts[fp] : undefined;
    if (a) of++;
    let mine = false;
    let any = false;
    for (const k of a?.silencedBy ?? []) {
      if (keys.size < MAX_SILENCE_KEYS) keys.add(k);
      const s = Object.hasOwn(view.silences, k) ? view.silences[k] : undefined;
      if (s?.ack && s.state === 'active') {
        any = true;
        if (s.ack.mine) mine = true;
      }
    }
    if (!mine) allMine = false;
    if (any) acked++;
  }
  return { silencedBy: [...keys], allAckedByMe: allMine, acked: { alerts: acked, of } };
}

/**
 * No count is known yet: no enabled instance has finished a poll (the core has just started).
 * The window says "loading…", never "0 of 0".
 */
function countsUnknown(view: ViewSnapshot): boolean {
  const enabled = valuesOf(view.instances).filter((i) => i.enabled);
  return enabled.length > 0 && enabled.every((i) => i.lastPollAt === undefined);
}

/** A group row's first alerts: at most GROUP_SAMPLE, and at most SAMPLE_BUDGET bytes. */
function sampleOf(alerts: readonly AlertView[]): readonly AlertView[] {
  let bytes = 0;
  let n = 0;
  for (const a of alerts) {
    if (n >= GROUP_SAMPLE) break;
    bytes += JSON.stringify(boundedAlert(a)).length;
    if (n > 0 && bytes > SAMPLE_BUDGET) break;
    n++;
  }
  const sample = n === alerts.length ? alerts : alerts.slice(0, n);
  return sample.some((a) => boundedAlert(a) !== a) ? sample.map(boundedAlert) : sample;
}

function sameRows(a: readonly GroupRow[], b: readonly GroupRow[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The collapse state as the set flattenRows and sectionRows ask. */
function collapseSet(c: Collapsed): ReadonlySet<string> {
  const except = new Set(c.except);
  if (!c.all) return except;
  return { has: (k: string) => !except.has(k) } as ReadonlySet<string>;
}

function locate(rows: RowIndex, find: ListFind): ListFound | null {
  const { index, collapsed } = rows.find(find);
  if (index < 0) return null;
  return {
    index,
    top: rows.top(index),
    key: rows.at(index).key,
    ...(collapsed ? { collapsed } : {}),
  };
}
