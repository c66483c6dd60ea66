// Window-wide single-key shortcuts (`/`, `r`, `1`-`5` in the shell; arrows, `s` in the alerts
// view) act only on a plain key press nobody handled, outside a text field and with no dialog
// open: typing "s" in the filter or the silence form is text, not a command.

export function isShortcutKey(e: KeyboardEvent, dialogOpen: boolean): boolean {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || dialogOpen) return false;
  // Any open modal <dialog> (the selection's silence dialog, the shortcuts sheet) owns the keys.
  if (typeof document !== 'undefined' && document.querySelector('dialog[open]')) return false;
  const t = e.target as HTMLElement | null;
  const typing =
    !!t &&
    (t.tagName === 'INPUT' ||
      t.tagName === 'TEXTAREA' ||
      t.tagName === 'SELECT' ||
      t.isContentEditable === true);
  return !typing;
}
