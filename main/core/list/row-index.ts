// A built list's rows by index and by pixel, for the rows a window asks (list-model.ts). Grouped
// by Alertmanager's groups, the list is its group rows, each followed by its alert rows unless
// collapsed: kept as the group rows and where each starts (its first row's index and top), so a
// list of 100,000 alerts in 10,000 groups costs two arrays of 10,001 numbers per build instead
// of a 110,000-row array and its 110,000 offsets (with their garbage, ~10 ms of every first
// query after a poll). A row is found by two binary searches; an alert row is its group's
// (made once per group row, rows.ts). Sections (grouped by a label) keep their flat rows.
import type { Pace, Steps } from './pace.ts';
import { alertRowsOf, ALERT_ROW_HEIGHT, type GroupRow, type Row } from './rows.ts';
import type { ListFind } from './list-query.ts';

export interface RowIndex {
  /** Rows in the whole list. */
  readonly length: number;
  /** The whole list's height in pixels. */
  readonly height: number;
  /** Row i (0 <= i < length). */
  at(i: number): Row;
  /** The top of row i in pixels; top(length) is the list's height. */
  top(i: number): number;
  /** The row at pixel y: the first whose bottom is below y, at most the last row. */
  indexAt(y: number): number;
  /** The group row alert row i follows. */
  groupOf(i: number): GroupRow;
  /** Where a row asked by name is: its index (-1: not in the list), and whether it is inside a collapsed group. */
  find(find: ListFind): { index: number; collapsed?: true };
}

/** Index of the last entry of `starts[0..n)` at or before `i` (starts ascending, starts[0] = 0). */
function lastAtOrBefore(starts: Int32Array | Float64Array, n: number, i: number): number {
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= i) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Group rows, each followed by its alert rows unless its key is in `collapsed`. */
export function* groupedRowsSteps(
  groups: readonly GroupRow[],
  collapsed: ReadonlySet<string>,
  pace: Pace,
): Steps<RowIndex> {
  const n = groups.length;
  const starts = new Int32Array(n + 1);
  const tops = new Float64Array(n + 1);
  const open = new Uint8Array(n);
  for (let g = 0; g < n; g++) {
    if (pace.due()) yield;
    const row = groups[g]!;
    const shown = collapsed.has(row.key) ? 0 : row.alerts.length;
    open[g] = shown > 0 ? 1 : 0;
    starts[g + 1] = starts[g]! + 1 + shown;
    tops[g + 1] = tops[g]! + row.height + shown * ALERT_ROW_HEIGHT;
  }
  return new GroupedRows(groups, starts, tops, open);
}

class GroupedRows implements RowIndex {
  readonly length: number;
  readonly height: number;
  readonly #groups: readonly GroupRow[];
  readonly #starts: Int32Array;
  readonly #tops: Float64Array;
  readonly #open: Uint8Array;
  #byKey: Map<string, number> | undefined;

  constructor(
    groups: readonly GroupRow[],
    starts: Int32Array,
    tops: Float64Array,
    open: Uint8Array,
  ) {
    this.#groups = groups;
    this.#starts = starts;
    this.#tops = tops;
    this.#open = open;
    this.length = starts[groups.length]!;
    this.height = tops[groups.length]!;
  }

  #groupAt(i: number): number {
    return lastAtOrBefore(this.#starts, this.#groups.length, i);
  }

  at(i: number): Row {
    const g = this.#groupAt(i);
    const start = this.#starts[g]!;
    const row = this.#groups[g]!;
    return i === start ? row : alertRowsOf(row)[i - start - 1]!;
  }

  top(i: number): number {
    if (i >= this.length) return this.height;
    const g = this.#groupAt(i);
    const start = this.#starts[g]!;
    const top = this.#tops[g]!;
    return i === start ? top : top + this.#groups[g]!.height + (i - start - 1) * ALERT_ROW_HEIGHT;
  }

  indexAt(y: number): number {
    const n = this.#groups.length;
    if (n === 0) return 0;
    // The first group whose bottom is below y, at most the last.
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.#tops[mid + 1]! <= y) lo = mid + 1;
      else hi = mid;
    }
    const start = this.#starts[lo]!;
    const last = this.#starts[lo + 1]! - 1;
    const head = this.#tops[lo]! + this.#groups[lo]!.height;
    if (y < head) return start;
    return Math.min(last, start + 1 + Math.floor((y - head) / ALERT_ROW_HEIGHT));
  }

  groupOf(i: number): GroupRow {
    return this.#groups[this.#groupAt(i)]!;
  }

  #indexOfGroup(key: string): number {
    if (!this.#byKey) {
      this.#byKey = new Map();
      for (const [g, row] of this.#groups.entries())
        if (!this.#byKey.has(row.key)) this.#byKey.set(row.key, g);
    }
    return this.#byKey.get(key) ?? -1;
  }

  /** Row index of alert `fp` in group g, -1 when not shown there. */
  #alertIn(g: number, fp: string): number {
    if (this.#open[g] === 0) return -1;
    const k = this.#groups[g]!.alerts.findIndex((a) => a.fingerprint === fp);
    return k < 0 ? -1 : this.#starts[g]! + 1 + k;
  }

  find(find: ListFind): { index: number; collapsed?: true } {
    const groups = this.#groups;
    if ('key' in find) {
      const g = this.#indexOfGroup(find.key);
      if (g >= 0) return { index: this.#starts[g]! };
      // An alert row: its group row's key, NUL, its fingerprint (rows.ts).
      const cut = find.key.lastIndexOf('\u0000');
      if (cut < 0) return { index: -1 };
      const gi = this.#indexOfGroup(find.key.slice(0, cut));
      return { index: gi < 0 ? -1 : this.#alertIn(gi, find.key.slice(cut + 1)) };
    }
    if ('index' in find) {
      if (this.length === 0) return { index: -1 };
      return { index: Math.max(0, Math.min(this.length - 1, Math.trunc(find.index))) };
    }
    if ('header' in find) {
      // Group rows start where `starts` says: the one after row i's group, or before it (its
      // own header from one of its alert rows).
      const n = groups.length;
      if (n === 0) return { index: -1 };
      const i = Math.min(find.header, this.length - 1);
      const g = this.#groupAt(i);
      if (find.step === 1) return { index: g + 1 < n ? this.#starts[g + 1]! : -1 };
      if (i > this.#starts[g]!) return { index: this.#starts[g]! };
      return { index: g > 0 ? this.#starts[g - 1]! : -1 };
    }
    const { fingerprint: fp, groupKey: gk } = find;
    if (fp !== undefined) {
      // The first row of the alert in that view group, else anywhere, in list order.
      for (const pass of gk === undefined ? [false] : [true, false])
        for (let g = 0; g < groups.length; g++) {
          if (pass && groups[g]!.group.key !== gk) continue;
          const i = this.#alertIn(g, fp);
          if (i >= 0) return { index: i };
        }
      // In a collapsed group: the group row is found, and says which group to expand.
      for (let g = 0; g < groups.length; g++) {
        const row = groups[g]!;
        if (this.#open[g] === 1 || row.alerts.length === 0) continue;
        if (gk !== undefined && row.group.key !== gk) continue;
        if (row.alerts.some((a) => a.fingerprint === fp))
          return { index: this.#starts[g]!, collapsed: true };
      }
    }
    if (gk !== undefined)
      for (let g = 0; g < groups.length; g++)
        if (groups[g]!.group.key === gk) return { index: this.#starts[g]! };
    return { index: -1 };
  }
}

/** Rows in one array with their offsets: sections (grouped by a label). */
export function* flatRowsSteps(rows: readonly Row[], pace: Pace): Steps<RowIndex> {
  const offsets = new Float64Array(rows.length + 1);
  for (let i = 0; i < rows.length; i++) {
    offsets[i + 1] = offsets[i]! + rows[i]!.height;
    if (pace.due()) yield;
  }
  return new FlatRows(rows, offsets);
}

class FlatRows implements RowIndex {
  readonly length: number;
  readonly height: number;
  readonly #rows: readonly Row[];
  readonly #offsets: Float64Array;
  /** The last group row found for an alert row (the rows asked are neighbours). */
  #known = -1;

  constructor(rows: readonly Row[], offsets: Float64Array) {
    this.#rows = rows;
    this.#offsets = offsets;
    this.length = rows.length;
    this.height = offsets[rows.length]!;
  }

  at(i: number): Row {
    return this.#rows[i]!;
  }

  top(i: number): number {
    return this.#offsets[Math.min(i, this.length)]!;
  }

  indexAt(y: number): number {
    const n = this.length;
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.#offsets[mid + 1]! <= y) lo = mid + 1;
      else hi = mid;
    }
    return Math.min(lo, Math.max(0, n - 1));
  }

  groupOf(i: number): GroupRow {
    const rows = this.#rows;
    // A group's alert rows follow it: the group row found for a neighbour is this one's when
    // no group row lies between them.
    const k = this.#known;
    if (k >= 0 && k < i && rows[k]!.kind === 'group') {
      let j = i;
      while (j > k && rows[j]!.kind === 'alert') j--;
      if (j === k) return rows[k] as GroupRow;
    }
    let j = i;
    while (rows[j]!.kind !== 'group') j--;
    this.#known = j;
    return rows[j] as GroupRow;
  }

  find(find: ListFind): { index: number; collapsed?: true } {
    const rows = this.#rows;
    if ('key' in find) return { index: rows.findIndex((r) => r.key === find.key) };
    if ('index' in find) {
      if (rows.length === 0) return { index: -1 };
      return { index: Math.max(0, Math.min(rows.length - 1, Math.trunc(find.index))) };
    }
    if ('header' in find) {
      // The nearest row that is not an alert's (a section or group header) in that direction.
      for (
        let j = Math.min(find.header, rows.length) + find.step;
        j >= 0 && j < rows.length;
        j += find.step
      )
        if (rows[j]!.kind !== 'alert') return { index: j };
      return { index: -1 };
    }
    const { fingerprint: fp, groupKey: gk } = find;
    let index = -1;
    if (fp !== undefined)
      index = rows.findIndex(
        (r) =>
          r.kind === 'alert' &&
          r.alert.fingerprint === fp &&
          (gk === undefined || r.viewGroupKey === gk),
      );
    if (index < 0 && fp !== undefined)
      index = rows.findIndex((r) => r.kind === 'alert' && r.alert.fingerprint === fp);
    if (index < 0 && fp !== undefined) {
      // In a collapsed group: the group row is found, and says which group to expand.
      index = rows.findIndex(
        (r) =>
          r.kind === 'group' &&
          (gk === undefined || r.group.key === gk) &&
          r.alerts.some((a) => a.fingerprint === fp),
      );
      if (index >= 0) return { index, collapsed: true };
    }
    if (index < 0 && gk !== undefined)
      index = rows.findIndex((r) => r.kind === 'group' && r.group.key === gk);
    return { index };
  }
}
