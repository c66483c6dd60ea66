// The list keys every list view shares with the alert list: `j`/`k` (or ↓/↑, Home, End) move
// the selection, Enter opens it, Esc drops it (`/` is the shell's: store.navigation). When a
// row had focus (it was clicked), focus follows the selection, so Enter and Tab act on the row
// that is selected, not on the one clicked before.
import { tick } from 'svelte';
import { focusIsLost, isField, tabbablesIn } from '../focus/focusable.ts';
import { isShortcutKey } from './keys.ts';

export interface ListKeyTarget {
  /** How many rows the list has. */
  count: number;
  /** The selected row's index, -1 when none is. */
  index: number;
  /** Selects a row and brings it into view. */
  select(index: number): void;
  /** Enter on the selection: show it (focus its detail, or go to what it is about). */
  open(): void;
  /** Esc: drops the selection; false when there was none (the key is then not taken). */
  clear(): boolean;
  /** The list's element: rows that are buttons take Enter as the list's. */
  element: Element | null | undefined;
  /** The selected row's focusable element, once drawn. */
  selectedElement(): HTMLElement | null | undefined;
  dialogOpen: boolean;
  /**
   * Where the selection was before Esc dropped it: j/k go on from there. Without it the next
   * j started again at the top (a walk-through on the 3rd silence: Esc, j, and it was the 1st).
   */
  place?: number;
  /**
   * The detail pane: Esc in one of its text fields (a test alert's labels) gives focus back to
   * the selected row, the text kept. Before, Enter could put focus there and j, k and 1-5 were
   * typed into the field with no key to leave it.
   */
  detail?: Element | null;
}

/** The first control of a detail that Enter may focus: a button or link, never a text field. */
export function firstControlIn(detail: Element | null | undefined): HTMLElement | undefined {
  if (!detail) return undefined;
  return tabbablesIn(detail).find((el) => !isField(el));
}

/** Handles a list key for `t`; true when it was one (and the event's default is prevented). */
export function listKey(e: KeyboardEvent, t: ListKeyTarget): boolean {
  if (leavesDetailField(e, t)) return true;
  if (!isShortcutKey(e, t.dialogOpen, t.element ?? undefined)) return false;
  const last = t.count - 1;
  const from = t.index >= 0 ? t.index : Math.min(t.place ?? -1, last);
  let to: number;
  switch (e.key) {
    case 'j':
    case 'ArrowDown':
      to = Math.min(last, from + 1);
      break;
    case 'k':
    case 'ArrowUp':
      to = Math.max(0, from < 0 ? 0 : from - 1);
      break;
    case 'Home':
      to = 0;
      break;
    case 'End':
      to = last;
      break;
    case 'Enter':
      if (t.index < 0) return false;
      e.preventDefault();
      t.open();
      return true;
    case 'Escape': {
      // Focus in the detail that closes goes back to the row it was about.
      const row = t.selectedElement();
      if (!t.clear()) return false;
      e.preventDefault();
      void tick().then(() => {
        if (focusIsLost() && row?.isConnected) row.focus();
      });
      return true;
    }
    default:
      return false;
  }
  if (t.count === 0) return false;
  e.preventDefault();
  const a = document.activeElement;
  const rowHadFocus = !!t.element && a !== t.element && t.element.contains(a);
  t.select(to);
  if (rowHadFocus) void tick().then(() => t.selectedElement()?.focus());
  return true;
}

/** Esc in a text field of the detail: focus goes back to the selected row (or leaves the field). */
function leavesDetailField(e: KeyboardEvent, t: ListKeyTarget): boolean {
  if (e.key !== 'Escape' || e.defaultPrevented || t.dialogOpen || !t.detail) return false;
  const f = e.target;
  if (!(f instanceof HTMLElement) || !isField(f) || !t.detail.contains(f)) return false;
  e.preventDefault();
  const row = t.selectedElement();
  if (row) row.focus();
  else f.blur();
  return true;
}
