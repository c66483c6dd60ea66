// How many children of a one-line chip row (app.css .chip-line) wrapped to its hidden second
// line: the row says "+3" instead of ending at the last chip that fit (or at a bare "All:").
// Counted when the row is drawn, resized, or its children change.
import type { Attachment } from 'svelte/attachments';

export function wrappedCount(report: (hidden: number) => void): Attachment<HTMLElement> {
  return (el) => {
    const count = (): void => {
      const top = el.getBoundingClientRect().top;
      let hidden = 0;
      for (const c of el.children) if (c.getBoundingClientRect().top > top + 8) hidden++;
      report(hidden);
    };
    const resized = new ResizeObserver(count);
    resized.observe(el);
    const changed = new MutationObserver(count);
    changed.observe(el, { childList: true });
    count();
    return () => {
      resized.disconnect();
      changed.disconnect();
    };
  };
}
