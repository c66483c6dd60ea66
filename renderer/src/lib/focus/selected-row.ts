// The alert list's cursor row as a focus target: an alert row, or a group header's main part
// (the header itself holds buttons). Where focus goes back to when something opened for that
// row closes with focus dropped to the page: the detail pane, the silence dialog opened with
// `s`, the row that took an acknowledged or silenced row's place.

/** The alert list's section (AlertsView). */
export const LIST_SECTION = 'section[aria-label="Alert groups"]';

/** The alert list's selected row, focusable; null when nothing is selected or drawn. */
export function selectedListRow(): HTMLElement | null {
  const row = document.querySelector<HTMLElement>(`${LIST_SECTION} .selected`);
  // A group header's or section's focusable part is its role=button (its buttons have a
  // tabindex too: -1, they are not Tab stops).
  return row?.matches('[tabindex]')
    ? row
    : (row?.querySelector<HTMLElement>('[role="button"][tabindex]') ?? null);
}

/**
 * Focus inside the list follows the cursor: a row clicked (focused) and then left with j/k
 * kept its focus ring apart from the highlight, and Enter went to it, not to the cursor row.
 */
export function focusFollowsCursor(): void {
  const active = document.activeElement;
  const list = document.querySelector(LIST_SECTION);
  if (!(active instanceof HTMLElement) || !list?.contains(active)) return;
  // The list's viewport holds focus because the focused row was taken out with the rows
  // around it (End, Home, a page): the rows just drawn are not laid out yet, and focus() would
  // lay them out there and then (40-135 ms at 100k alerts, against ~1 ms once painted). Keys
  // meanwhile go to the window's handler, which acts on the cursor row.
  if (active.hasAttribute('data-focus-holder')) {
    requestAnimationFrame(() => setTimeout(focusCursorRow, 0));
    return;
  }
  focusCursorRow();
}

function focusCursorRow(): void {
  const active = document.activeElement;
  const list = document.querySelector(LIST_SECTION);
  if (!(active instanceof HTMLElement) || !list?.contains(active)) return;
  const row = selectedListRow();
  if (row && row !== active && !row.contains(active)) row.focus({ preventScroll: true });
}
