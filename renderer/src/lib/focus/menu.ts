// A <details> menu (filter pickers, saved views) is not modal: Tab may leave it and a click
// elsewhere closes it. Esc inside it closes it and puts focus on its summary (the control that
// opened it): without this the focused checkbox vanished with the menu and focus fell to the
// page. The Esc is the menu's alone (the detail pane behind stays open).
import type { Attachment } from 'svelte/attachments';

export const escClosesMenu: Attachment<HTMLDetailsElement> = (details) => {
  const onKeydown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !details.open || e.defaultPrevented) return;
    e.preventDefault();
    details.open = false;
    details.querySelector<HTMLElement>(':scope > summary')?.focus();
  };
  details.addEventListener('keydown', onKeydown);
  return () => details.removeEventListener('keydown', onKeydown);
};
