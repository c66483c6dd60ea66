// A title made when the pointer first comes over the element, not when it is drawn: for text
// that costs more than the element (the alert row's local clock time: a fresh page's first
// Intl date format takes 20-80 ms, which opening the window would otherwise wait for).
import type { Attachment } from 'svelte/attachments';

export function lazyTitle(make: () => string): Attachment<HTMLElement> {
  return (el) => {
    const set = (): void => {
      el.title = make();
    };
    el.addEventListener('pointerenter', set);
    return () => el.removeEventListener('pointerenter', set);
  };
}
