// Main-thread tasks over 50 ms in the page (PerformanceObserver 'longtask'), for tests that
// bound how long one step of the window may block it.
import type { Page } from 'playwright-core';

interface LongTaskObserver {
  observe(o: { type: string; buffered?: boolean }): void;
  disconnect(): void;
}

interface LongTaskPage {
  __longTasks?: number[];
  __longTaskObserver?: LongTaskObserver;
  PerformanceObserver: new (
    cb: (list: { getEntries(): { duration: number }[] }) => void,
  ) => LongTaskObserver;
}

/** Starts recording long tasks afresh (the previous recording ends). */
export async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const g = globalThis as unknown as LongTaskPage;
    g.__longTasks = [];
    // One observer at a time: each earlier one would report every task again.
    g.__longTaskObserver?.disconnect();
    g.__longTaskObserver = new g.PerformanceObserver((list) => {
      for (const e of list.getEntries()) g.__longTasks?.push(e.duration);
    });
    g.__longTaskObserver.observe({ type: 'longtask' });
  });
}

/** Durations (ms) of the long tasks since `watchLongTasks`. */
export async function longTasks(page: Page): Promise<number[]> {
  return page.evaluate(() => (globalThis as unknown as LongTaskPage).__longTasks ?? []);
}
