// What Tab reaches inside an element, in document order: the one definition the dialog trap,
// a dialog's first focus and "focus the next control after removing this one" share.

const CANDIDATES =
  'a[href], button, input, select, textarea, summary, [tabindex], [contenteditable="true"]';

/** Whether Tab stops on `el` (enabled, not tabindex=-1, rendered, not in a closed <details>). */
export function isTabbable(el: HTMLElement): boolean {
  if (el.tabIndex < 0 || el.hasAttribute('disabled') || el.closest('[inert]')) return false;
  if (el instanceof HTMLInputElement && el.type === 'hidden') return false;
  // Content of a closed <details> other than its summary is not rendered.
  const details = el.parentElement?.closest('details');
  if (details && !details.open && el.parentElement !== details) return false;
  return el.getClientRects().length > 0;
}

/** The elements Tab stops on inside `root`, in document order (positive tabindex unused here). */
export function tabbablesIn(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(CANDIDATES)].filter(isTabbable);
}

/** A field (not a button): where a form's first focus goes. */
export function isField(el: Element): boolean {
  return (
    (el instanceof HTMLInputElement &&
      !['button', 'submit', 'reset', 'checkbox', 'radio'].includes(el.type)) ||
    el instanceof HTMLTextAreaElement ||
    el instanceof HTMLSelectElement
  );
}

/**
 * Focus was dropped: nothing, the page itself, an element no longer in the document, or a
 * list's viewport holding it while the row that had it was taken out (ListViewport).
 */
export function focusIsLost(): boolean {
  const a = document.activeElement;
  return (
    !a ||
    a === document.body ||
    a === document.documentElement ||
    !a.isConnected ||
    a.hasAttribute('data-focus-holder')
  );
}
