// Window-wide single-key shortcuts (`/`, `r`, `1`-`5` in the shell; `j`/`k`, Enter, Esc in the
// lists; `s`, `a`, `o`, `e` in the alerts view) act only on a plain key press nobody handled,
// with no dialog open, and not while typing: "s" typed in the filter or the silence form is
// text, not a command. Typing means a text field, a textarea, a select or contenteditable —
// not a checkbox or a button a click left focused: after clicking a state toggle `/` still
// focuses the filter (and what is typed next lands there).

/** Inputs that take no typed text (their keys are Space, and arrows for radios and ranges). */
const NOT_TEXT = new Set([
  'checkbox',
  'radio',
  'range',
  'button',
  'submit',
  'reset',
  'color',
  'file',
  'image',
]);
const ARROWS = new Set([
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

/** Whether the key goes to what has focus: text typed, or arrows moving a radio or a range. */
function typing(t: HTMLElement, key: string): boolean {
  if (t.isContentEditable || t.tagName === 'TEXTAREA') return true;
  // A select takes letters (it jumps to an option) and arrows, never `/` or Esc: those still
  // reach the filter and close what is open, so a picker cannot hold the keyboard.
  if (t.tagName === 'SELECT') return key !== '/' && key !== 'Escape';
  if (!(t instanceof HTMLInputElement)) return false;
  if (!NOT_TEXT.has(t.type)) return true;
  return (t.type === 'radio' || t.type === 'range') && ARROWS.has(key);
}

/** Inputs that act on Space only: Enter on them does nothing (outside a form). */
const SPACE_ONLY = new Set(['checkbox', 'radio']);

/**
 * Enter or Space on a control that acts on them itself (a button, a link; a checkbox on Space
 * only: after a click on a state toggle, Enter did nothing at all instead of opening the row).
 */
function activates(t: HTMLElement, key: string): boolean {
  if (key !== 'Enter' && key !== ' ') return false;
  if (t instanceof HTMLInputElement) return key === ' ' || !SPACE_ONLY.has(t.type);
  return (
    t instanceof HTMLButtonElement ||
    t.tagName === 'SUMMARY' ||
    (t instanceof HTMLAnchorElement && t.hasAttribute('href'))
  );
}

/** A modal dialog is open: the page behind it takes no shortcut. */
function modalOpen(): boolean {
  return typeof document !== 'undefined' && document.querySelector('dialog[open]') !== null;
}

/**
 * Whether a key press is a shortcut. `ownRows`: a list whose rows are buttons: Enter or Space
 * on one of them is the list's key (open the selection), not the button's click.
 */
export function isShortcutKey(e: KeyboardEvent, dialogOpen: boolean, ownRows?: Element): boolean {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || dialogOpen || modalOpen())
    return false;
  const t = e.target;
  if (!(t instanceof HTMLElement)) return true;
  if (typing(t, e.key)) return false;
  // Esc in an open menu closes that menu (lib/focus/menu.ts), not a toast or the detail pane.
  if (e.key === 'Escape' && t.closest('details[open], .popover')) return false;
  return !activates(t, e.key) || (ownRows?.contains(t) ?? false);
}
