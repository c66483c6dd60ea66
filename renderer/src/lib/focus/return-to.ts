// A pane that closes with focus inside it (its × or Esc) takes the focused control with it and
// focus falls to the page. This attachment sends focus to `target()` instead (read when the
// pane opens and each time `track` changes, e.g. the row the pane is about).
import type { Attachment } from 'svelte/attachments';
import { focusIsLost } from './focusable.ts';

export function returnFocusTo(target: () => HTMLElement | null | undefined): Attachment {
  return (node) => {
    const to = target();
    return () =>
      // After the pane's nodes are gone (focus is then on the page, if it was inside). Only
      // when the pane itself went: the attachment also ends when what it reads changes (the
      // selection moved with j/k while focus was on the page), and focusing the previously
      // selected row then left the keyboard on it, so Enter acted on that row instead.
      queueMicrotask(() => {
        if (node.isConnected) return;
        if (focusIsLost() && to?.isConnected) to.focus();
      });
  };
}
