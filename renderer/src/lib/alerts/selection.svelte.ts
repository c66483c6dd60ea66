// The alert list's multi-selection (Shift-click for a range, Ctrl/Cmd-click to toggle, `x` to
// toggle the row under the cursor, Esc to clear), apart from the cursor row the detail pane
// shows. Kept by what a row stands for (a view group's key, an alert's fingerprint on its
// cluster), never by row index: a poll that reorders or inserts rows keeps the selection, and
// an item that left the view (resolved) drops out of the count without being forgotten by a
// flicker. Section rows (group by a label) are not selectable: they stand for no group.
import type { SelectionItem } from '$core/model/selection-plan.ts';
import type { ListRow as Row } from '$core/list/list-query.ts';
import {
  infoOf,
  itemOf,
  keyOf,
  NONE,
  rangeItems,
  toggled,
  withAll,
  type ItemInfo,
  type Items,
} from './selection-items.ts';

const NO_KEYS: ReadonlySet<string> = new Set();

/** Asks the core which items are still in the view ('list:present'). */
type Present = (items: SelectionItem[]) => Promise<boolean[]>;

/**
 * The list row a DOM event landed in (alert rows carry their index in the whole list, group
 * rows their key); `rows` are the rows the window holds, from index `start`.
 */
function rowAt(target: EventTarget | null, rows: readonly Row[], start: number): Row | null {
  if (!(target instanceof Element)) return null;
  const el = target.closest<HTMLElement>('[data-testid=alert-row], [data-testid=group-row]');
  if (!el) return null;
  if (el.dataset['index'] !== undefined) return rows[Number(el.dataset['index']) - start] ?? null;
  return rows.find((r) => r.key === el.dataset['groupKey']) ?? null;
}

export class Selection {
  readonly #present: Present;
  #items = $state.raw<Items>(NONE);
  /** What the rows said of each item when it was selected (names, clusters, acks). */
  // Not reactive: written with #items (which is), read when acting on the selection.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- see above
  readonly #info = new Map<string, ItemInfo>();
  /** Items the core last said have left the view (resolved, the group went away). */
  #gone = $state.raw<ReadonlySet<string>>(NO_KEYS);
  /** The row a Shift-click extends from (the last row clicked or toggled); a row key. */
  #anchor: string | null = null;
  #silencing = $state(false);
  /** What is selected and still in the view. */
  #live = $derived.by(() => {
    const gone = this.#gone;
    return [...this.#items].filter(([k]) => !gone.has(k)).map(([, i]) => i);
  });

  constructor(present: Present) {
    this.#present = present;
  }

  /** What the row said of a selected item (its name, cluster, silences). */
  info(item: SelectionItem): ItemInfo | undefined {
    return this.#info.get(keyOf(item));
  }

  /** The view changed: asks the core which selected items are still there. */
  recheck(): void {
    const asked = this.#items;
    if (asked.size === 0) return;
    const entries = [...asked];
    this.#present(entries.map(([, i]) => i)).then(
      (here) => {
        // A selection changed meanwhile is asked about again at the next change.
        if (this.#items !== asked) return;
        // A value replaced whole ($state.raw), never mutated.
        // eslint-disable-next-line svelte/prefer-svelte-reactivity -- see above
        this.#gone = new Set(entries.filter((_, n) => here[n] === false).map(([k]) => k));
      },
      () => undefined,
    );
  }

  get items(): readonly SelectionItem[] {
    return this.#live;
  }
  get size(): number {
    return this.#live.length;
  }
  get groups(): number {
    return this.#live.filter((i) => 'groupKey' in i).length;
  }
  /** The silence dialog for the selection is open. */
  get silencing(): boolean {
    return this.#silencing;
  }

  has(row: Row): boolean {
    const item = itemOf(row);
    return item !== null && this.#items.has(keyOf(item));
  }

  /** Adds or removes one row; it becomes the anchor of the next range. */
  #toggle(row: Row): void {
    const item = itemOf(row);
    if (!item) return;
    this.#remember([row]);
    this.#items = toggled(this.#items, item);
    this.#anchor = row.key;
  }

  /** Selects every row from the anchor to this one (added to what is selected). */
  #extendTo(row: Row, rows: readonly Row[]): void {
    const from = this.#anchor === null ? -1 : rows.findIndex((r) => r.key === this.#anchor);
    const to = rows.indexOf(row);
    if (from < 0 || to < 0) return this.#toggle(row);
    const range = rows.slice(Math.min(from, to), Math.max(from, to) + 1);
    this.#remember(range);
    this.#items = withAll(this.#items, rangeItems(range));
  }

  /**
   * A click in the list (captured before the row sees it): with Shift it selects the range from
   * the anchor, with Ctrl/Cmd it toggles the row, and the row does not also act on it (a chip
   * would filter, the row would open). A plain click only moves the anchor.
   */
  listClick(e: MouseEvent, rows: readonly Row[], start = 0): void {
    const row = rowAt(e.target, rows, start);
    if (!row) return;
    if (!(e.shiftKey || e.ctrlKey || e.metaKey) || e.altKey) {
      this.#anchor = row.key;
      return;
    }
    if (e.shiftKey) this.#extendTo(row, rows);
    else this.#toggle(row);
    e.preventDefault();
    e.stopPropagation();
  }

  /** Keeps what these rows say of their items. */
  #remember(rows: readonly Row[]): void {
    for (const r of rows) {
      const item = itemOf(r);
      const info = infoOf(r);
      if (item && info) this.#info.set(keyOf(item), info);
    }
  }

  clear(): void {
    if (this.#items.size > 0) this.#items = NONE;
    this.#info.clear();
    if (this.#gone.size > 0) this.#gone = NO_KEYS;
    this.#silencing = false;
  }

  openSilence(): void {
    if (this.size > 0) this.#silencing = true;
  }
  closeSilence(): void {
    this.#silencing = false;
  }

  /**
   * The list's keys for the selection: `x` toggles the cursor row, Shift+↓/↑ (or J/K) select
   * the cursor row and the next one and move there, Esc clears a selection (before it closes
   * the detail pane), `s` silences the selection when there is one. `moveTo` moves the cursor.
   * Returns whether the key was taken.
   */
  key(
    e: KeyboardEvent,
    cursor: Row | null,
    rows: readonly Row[],
    moveTo: (index: number) => void,
  ): boolean {
    const dir =
      e.key === 'J' || (e.shiftKey && e.key === 'ArrowDown')
        ? 1
        : e.key === 'K' || (e.shiftKey && e.key === 'ArrowUp')
          ? -1
          : 0;
    if (dir !== 0) this.#extendByKey(dir, cursor, rows, moveTo);
    else if (e.key === 'x' && cursor) this.#toggle(cursor);
    else if (e.key === 'Escape' && this.size > 0) this.clear();
    else if (e.key === 's' && this.size > 0) this.openSilence();
    else return false;
    e.preventDefault();
    return true;
  }

  #extendByKey(
    dir: 1 | -1,
    cursor: Row | null,
    rows: readonly Row[],
    moveTo: (index: number) => void,
  ): void {
    const i = cursor ? rows.indexOf(cursor) : -1;
    const next = Math.max(0, Math.min(rows.length - 1, i + dir));
    const target = rows[next];
    if (!target) return;
    // In list order, so a group met before its alert covers it.
    const pair = cursor && i >= 0 ? (dir > 0 ? [cursor, target] : [target, cursor]) : [target];
    this.#remember(pair);
    this.#items = withAll(this.#items, rangeItems(pair));
    this.#anchor = target.key;
    moveTo(next);
  }
}
