// A pane that closes with focus inside it (its × or Esc) takes the focused control with it and
// focus falls to the page. This attachment sends focus to `target()` instead (read when the
// pane opens and each time `track` changes, e.g. the row the pane is about).
import type { Attachment } from 'svelte/attachments';
import { focusIsLost } from './focusable.ts';

export function returnFocusTo(target: () => HTMLElement | null | undefined): Attachment {
  return () => {
    const to = target();
    return () =>
      // After the pane's nodes are gone (focus is then on the page, if it was inside).
      queueMicrotask(() => {
        if (focusIsLost() && to?.isConnected) to.focus();
      });
  };
}
