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
    // Never at once: reading positions in the middle of drawing forces a layout there. The
    // observer's first report comes after the frame's own layout; changed children are
    // counted before the next frame is drawn.
    const resized = new ResizeObserver(count);
    resized.observe(el);
    let queued = false;
    const changed = new MutationObserver(() => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => {
        queued = false;
        count();
      });
    });
    changed.observe(el, { childList: true });
    return () => {
      resized.disconnect();
      changed.disconnect();
    };
  };
}
