// A list is one Tab stop: its cursor row (a roving tabindex, as in a listbox or grid). The
// controls inside its rows (label chips, links, Un-ack, a group's buttons) are not stops: Tab
// from the cursor row walked every chip of every row drawn before it reached the detail pane's
// actions. The keys act on the cursor row (s, a, o, c, …) and the pointer still clicks any chip;
// the detail pane holds the same chips and actions as stops of its own.
import { createContext } from 'svelte';

const [, setInsideRows, insideRows] = createContext<true>();

/** Called by the list's viewport: the rows drawn under it are a list's rows. */
export function markListRows(): void {
  setInsideRows(true);
}

/**
 * The tabindex of a control: -1 inside a list's rows, the element's own elsewhere. Called
 * while the component is created.
 */
export function controlTabIndex(): -1 | undefined {
  return insideRows() ? -1 : undefined;
}

/** The tabindex of a row: only the cursor row is a stop. */
export function rowTabIndex(cursor: boolean): 0 | -1 {
  return cursor ? 0 : -1;
}
