// Main-thread long tasks of the page (PerformanceObserver 'longtask'): tests that promise the
// window never freezes start watching before an action and read the durations after it.
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

export async function longTasks(page: Page): Promise<number[]> {
  return page.evaluate(() => (globalThis as unknown as LongTaskPage).__longTasks ?? []);
}
