// Focus in a modal: Tab and Shift+Tab cycle inside it (a modal <dialog> makes the page inert,
// but Tab past its last control leaves for the browser's own UI and the page then has no
// focus at all), its first useful control takes focus when it opens, and the control that
// opened it gets focus back when it closes. Used by lib/components/Dialog.svelte, so every
// dialog (silence form, shortcuts, YAML, leave Settings) behaves the same.
import type { Attachment } from 'svelte/attachments';
import { focusIsLost, isField, tabbablesIn } from './focusable.ts';

/**
 * Focuses what a dialog is for: an element marked `data-autofocus`, else its first field,
 * else its first control that does not just close it (`data-dialog-close`, e.g. a header ×).
 */
export function focusInitial(root: HTMLElement): void {
  const marked = root.querySelector<HTMLElement>('[data-autofocus]');
  const all = tabbablesIn(root);
  const target =
    marked ??
    all.find(isField) ??
    all.find((el) => !el.hasAttribute('data-dialog-close')) ??
    all[0];
  target?.focus();
}

/** Tab from the last control goes to the first and Shift+Tab from the first to the last. */
function cycleTab(root: HTMLElement, e: KeyboardEvent): void {
  if (e.key !== 'Tab' || e.ctrlKey || e.metaKey || e.altKey) return;
  const all = tabbablesIn(root);
  const first = all[0];
  const last = all[all.length - 1];
  if (!first || !last) {
    e.preventDefault();
    return;
  }
  const active = document.activeElement;
  const inside = active instanceof HTMLElement && root.contains(active) && all.includes(active);
  if (e.shiftKey && (!inside || active === first)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (!inside || active === last)) {
    e.preventDefault();
    first.focus();
  }
}

/**
 * The opener again, or an element standing for it: a dialog's action may re-render what opened
 * it (a saved silence gets a new detail pane), so an opener that left the document is found by
 * its `data-testid` when exactly one element has it.
 */
function restoreTarget(opener: Element | null): HTMLElement | null {
  if (!(opener instanceof HTMLElement) || opener === document.body) return null;
  if (opener.isConnected) return opener;
  const testid = opener.getAttribute('data-testid');
  if (!testid) return null;
  const same = document.querySelectorAll<HTMLElement>(`[data-testid="${CSS.escape(testid)}"]`);
  return same.length === 1 ? same[0]! : null;
}

/**
 * Traps Tab inside the element and gives focus back to `opener` (the element focused before it
 * opened) when a <dialog> closes or the element goes away, unless focus was deliberately put
 * somewhere else on the page in between. Opened by a key with focus on the page (`s` on the
 * list's cursor row), there is no opener to go back to: `fallback()` says where then.
 */
export function trapFocus(
  opener: Element | null,
  fallback?: () => HTMLElement | null | undefined,
): Attachment<HTMLElement> {
  return (root) => {
    const onKeydown = (e: KeyboardEvent) => cycleTab(root, e);
    const restore = () => {
      const a = document.activeElement;
      if (!focusIsLost() && !(a instanceof Node && root.contains(a))) return;
      // Focusing the opener while the <dialog> still holds focus would be undone by its close.
      queueMicrotask(() => {
        const again = document.activeElement;
        if (focusIsLost() || (again instanceof Node && root.contains(again)))
          (restoreTarget(opener) ?? fallback?.())?.focus();
      });
    };
    root.addEventListener('keydown', onKeydown);
    root.addEventListener('close', restore);
    return () => {
      root.removeEventListener('keydown', onKeydown);
      root.removeEventListener('close', restore);
      restore();
    };
  };
}
