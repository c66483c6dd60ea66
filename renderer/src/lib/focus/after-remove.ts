// Removing a row with its own × button takes the focused button out of the document, and the
// browser then puts focus on the page: the next Tab starts over at the top. These keep focus
// on the next sensible control instead.
import { tick } from 'svelte';
import { focusIsLost, tabbablesIn } from './focusable.ts';

/**
 * Runs `remove` for the item (`itemSelector`) that `trigger` sits in, then focuses the next
 * item's first control, or `fallback()` when it was the last (e.g. the "Add" button).
 */
export async function removeKeepingFocus(
  trigger: Element,
  itemSelector: string,
  remove: () => void,
  fallback: () => HTMLElement | null | undefined,
): Promise<void> {
  let next = trigger.closest(itemSelector)?.nextElementSibling ?? null;
  while (next && !next.matches(itemSelector)) next = next.nextElementSibling;
  remove();
  await tick();
  if (!focusIsLost()) return;
  const target = next?.isConnected ? tabbablesIn(next)[0] : undefined;
  (target ?? fallback())?.focus();
}

/** After adding an item: focuses the first control of the last `itemSelector` in `root`. */
export async function focusLastItem(root: ParentNode, itemSelector: string): Promise<void> {
  await tick();
  const items = root.querySelectorAll(itemSelector);
  const last = items[items.length - 1];
  if (last) tabbablesIn(last)[0]?.focus();
}
