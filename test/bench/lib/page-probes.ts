// What a user opening the window waits for, measured in the page (cases 4 and 6, issue 29
// item 6): a fresh page (new browser context: no cache, no compiled code; a new tab) that
// navigates at once while the core already holds every alert.
// - first paint: the first alert or group row drawn;
// - complete: the count is final ("N of N" with the final N, which the count shows only once
//   the whole view is in: "loading X of Y…" before) AND the rows that fit in the list's
//   viewport are drawn (the rows cover it from its top edge to its bottom edge).
// Both are "drawn": the frame in which the DOM first shows the state is found by checking it
// in every requestAnimationFrame callback (which runs before that frame's style, layout and
// paint), and the time is taken in a task posted from that callback, which runs after the
// frame is rendered. Rows are `[data-testid=group-row]` / `[data-testid=alert-row]`: a
// placeholder row must not carry those ids, or it would count as drawn.
//
// Keystrokes during churn: from the key event's own timestamp (when the browser received it,
// so time queued behind a delta being applied counts) to the end of the next rendered frame,
// typing at a fixed cadence whether or not the page has caught up (a person does not wait).
//
// The page code is strings: the bench runs under tsx, whose helpers (`__name`) do not exist
// in the page.
import type { Browser, BrowserContext, Page } from 'playwright-core';

const ROWS = '[data-testid=group-row], [data-testid=alert-row]';

/** Init script: records firstRow / complete (ms since navigation start) in `__open`. */
function openProbe(total: number): string {
  return `(() => {
  const g = globalThis;
  const total = ${JSON.stringify(String(total))};
  const t = (g.__open = { firstRow: -1, complete: -1, rowsInView: 0 });
  const afterPaint = (set) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => set(performance.now());
    ch.port2.postMessage(0);
  };
  const countFinal = () => {
    const c = document.querySelector('[data-testid=alert-count]');
    return (c ? c.textContent || '' : '').trim() === total + ' of ' + total;
  };
  // The rows in the list's viewport cover it from its top to its bottom edge (or the list is
  // shorter than the viewport and every row of it is drawn).
  const rowsCoverViewport = () => {
    const first = document.querySelector(${JSON.stringify(ROWS)});
    if (!first) return 0;
    const vp = first.closest('.viewport') || first.closest('[role=list]') || first.parentElement;
    const box = vp.getBoundingClientRect();
    let top = Infinity, bottom = -Infinity, n = 0;
    for (const r of vp.querySelectorAll(${JSON.stringify(ROWS)})) {
      const b = r.getBoundingClientRect();
      if (b.bottom <= box.top || b.top >= box.bottom || b.height === 0) continue;
      n++;
      top = Math.min(top, b.top);
      bottom = Math.max(bottom, b.bottom);
    }
    // A row's element may sit a few pixels inside its slot (padding, borders).
    const short = vp.scrollHeight <= vp.clientHeight + 1;
    const ok = n > 0 && top <= box.top + 8 && (short || bottom >= box.bottom - 8);
    return ok ? n : 0;
  };
  const frame = () => {
    if (t.firstRow === -1 && document.querySelector(${JSON.stringify(ROWS)})) {
      t.firstRow = 0;
      afterPaint((ms) => (t.firstRow = ms));
    }
    if (t.complete === -1 && countFinal()) {
      const n = rowsCoverViewport();
      if (n > 0) {
        t.complete = 0;
        t.rowsInView = n;
        afterPaint((ms) => (t.complete = ms));
      }
    }
    if (t.complete === -1) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})()`;
}

export interface Opening {
  /** Navigation start -> first row drawn (ms). */
  firstRow: number;
  /** Navigation start -> count final and the visible rows drawn (ms). */
  complete: number;
  /** Rows drawn in the viewport at `complete`. */
  rowsInView: number;
}

/**
 * Opens `url` in a new browser context and tab, navigating at once, and waits until the view
 * is complete. The context is closed afterwards.
 */
export async function openFresh(
  browser: Browser,
  url: string,
  total: number,
  timeoutMs = 300_000,
): Promise<Opening> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript(openProbe(total));
    const page = await context.newPage();
    await page.goto(url);
    // Functions, not strings: the page's CSP forbids eval, which a string predicate needs.
    const handle = await page.waitForFunction(
      () => {
        const t = (globalThis as unknown as { __open?: Opening }).__open;
        return t && t.complete > 0 && t.firstRow > 0 ? t : false;
      },
      undefined,
      { polling: 100, timeout: timeoutMs },
    );
    return (await handle.jsonValue()) as Opening;
  } finally {
    await context.close();
  }
}

/** Renderer JS heap after a forced GC (CDP), in MB. */
export async function jsHeapMb(context: BrowserContext, page: Page): Promise<number> {
  const cdp = await context.newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    return heap.usedSize / 2 ** 20;
  } finally {
    await cdp.detach();
  }
}

/**
 * Init script: notes when WebSocket messages over 10,000 characters arrive (changes to the
 * view at 1 % churn are ~160 KiB; heartbeats and answers are small).
 */
export const WS_ARRIVALS = `(() => {
  const g = globalThis;
  const Original = g.WebSocket;
  g.__wsAt = [];
  g.WebSocket = class extends Original {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        if (typeof e.data === 'string' && e.data.length > 10000) g.__wsAt.push(performance.now());
      });
    }
  };
})()`;

const KEY_PROBE = `(() => {
  const g = globalThis;
  g.__typed = [];
  document.querySelector('[data-testid=filter-input]').addEventListener('keydown', (e) => {
    const t0 = e.timeStamp;
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => g.__typed.push({ at: t0, ms: performance.now() - t0 });
      ch.port2.postMessage(0);
    });
  }, true);
})()`;

export interface TypingResult {
  /** Per key: event timestamp -> end of the next rendered frame (ms). */
  keys: { at: number; ms: number }[];
  /** Large WebSocket messages (changes to the view) that arrived while typing. */
  messages: number;
  /** Keys typed within 1 s after a message arrived (the page applying a change). */
  nearMessage: number[];
}

/**
 * Types `word` and deletes it, key after key every `cadenceMs`, round after round until
 * `durationMs` have passed (the last round is finished: the filter ends empty). `tick` is
 * called every `tickMs` meanwhile (the fleet's churn). Needs WS_ARRIVALS in the context.
 */
export async function typeWhile(
  page: Page,
  word: string,
  opts: { durationMs: number; cadenceMs: number; tick: () => void; tickMs: number },
): Promise<TypingResult> {
  await page.click('[data-testid=filter-input]');
  await page.evaluate(KEY_PROBE);
  const since = (await page.evaluate('performance.now()')) as number;
  const keys = [...word.split(''), ...word.split('').map(() => 'Backspace')];
  opts.tick();
  const timer = setInterval(opts.tick, opts.tickMs);
  const t0 = Date.now();
  let pressed = 0;
  try {
    while (Date.now() - t0 < opts.durationMs) {
      for (const key of keys) {
        const at = Date.now();
        await page.keyboard.press(key);
        pressed++;
        const left = opts.cadenceMs - (Date.now() - at);
        if (left > 0) await new Promise((r) => setTimeout(r, left));
      }
    }
  } finally {
    clearInterval(timer);
  }
  await page.waitForFunction(
    (n) => ((globalThis as unknown as { __typed?: unknown[] }).__typed?.length ?? 0) >= n,
    pressed,
    { polling: 100, timeout: 120_000 },
  );
  const { typed, ws } = (await page.evaluate(
    '({ typed: globalThis.__typed, ws: globalThis.__wsAt || [] })',
  )) as { typed: { at: number; ms: number }[]; ws: number[] };
  const until = Math.max(...typed.map((k) => k.at + k.ms));
  const arrivals = ws.filter((at) => at >= since && at <= until);
  const nearMessage = typed
    .filter((k) => arrivals.some((at) => k.at >= at && k.at - at <= 1000))
    .map((k) => k.ms);
  return { keys: typed, messages: arrivals.length, nearMessage };
}
