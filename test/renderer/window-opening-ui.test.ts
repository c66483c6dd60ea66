// Opening the window (issue 29: "complete" is what the user waits for). The window does no more
// before its first rows are drawn than those rows need:
// - in the browser shell a small module of its own (src/early.ts) opens the connection and asks
//   the first questions while the app is still being fetched and compiled; the window takes
//   the answers over, and each question goes out once whichever of the two asks it;
// - its first list question goes out the moment the settings (the remembered filter) arrive,
//   before the shell is drawn, so the core answers while the shell is being drawn;
// - the first frame with rows draws the rows that fit in the viewport only; the rows beyond it
//   (the margin that makes scrolling smooth) are drawn in a task after that frame;
// - the views not shown first (Silences, Instances, Timeline, Settings, the silence dialog) are
//   chunks of their own, not fetched before the list is drawn and loaded in idle time after;
//   one that cannot be loaded says so instead of leaving the window blank.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  startAlertmanager,
  waitFor,
  type AmProcess,
} from '../support/alertmanager.ts';
import { launchBrowser, openUi, testInstance, testSettings, type Ui } from './support/ui.ts';

const ALERTS = 120;

/** Runs in the page before its scripts (a string: the page has no tsx helpers). */
const OPENING_PROBE = `(() => {
  const g = globalThis;
  const o = (g.__opening = { queryBeforeShell: null, firstFrame: null, scripts: [] });
  const Original = g.WebSocket;
  g.WebSocket = class extends Original {
    send(data) {
      if (o.queryBeforeShell === null && String(data).includes('"channel":"list:query"'))
        o.queryBeforeShell = document.querySelector('[data-testid=filter-input]') === null;
      return super.send(data);
    }
  };
  const ROWS = '[data-testid=alert-row], [data-testid=group-row]';
  const frame = () => {
    const rows = [...document.querySelectorAll(ROWS)];
    if (rows.length > 0) {
      // Read at the start of the frame that first shows rows (layout is current here).
      const vp = rows[0].closest('.viewport').getBoundingClientRect();
      const boxes = rows.map((r) => r.getBoundingClientRect());
      o.firstFrame = {
        rows: rows.length,
        // Beyond what the window's height could show below the list's top (before layout the
        // list takes the window's height as its viewport's).
        below: boxes.filter((b) => b.top >= vp.top + innerHeight).length,
        viewportBottom: vp.bottom,
        lastBottom: Math.max(...boxes.map((b) => b.bottom)),
        chunks: performance.getEntriesByType('resource').map((e) => e.name.split('/').pop()),
      };
      return;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})()`;

/** Runs in the page: rows drawn below the list's viewport (the margin). */
const ROWS_BELOW = `(() => {
  const rows = [...document.querySelectorAll('[data-testid=alert-row], [data-testid=group-row]')];
  const vp = rows[0]?.closest('.viewport')?.getBoundingClientRect();
  return vp ? rows.filter((r) => r.getBoundingClientRect().top >= vp.bottom).length : 0;
})()`;

interface FirstFrame {
  rows: number;
  below: number;
  viewportBottom: number;
  lastBottom: number;
  chunks: string[];
}

const LATER_VIEWS = /^(SilencesView|InstancesView|TimelineView|SettingsView|SilenceDialog)-/;

describe('opening the window', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  let browser: Browser;
  let ui: Ui;
  /** Requests on the wire, by channel (the early connection's and the window's). */
  const asked: string[] = [];

  before(async () => {
    am = await startAlertmanager();
    await postAlerts(
      am.url,
      Array.from({ length: ALERTS }, (_, i) =>
        makeAlert({ alertname: `Opening${i % 6}`, severity: 'warning', instance: `node-${i}` }),
      ),
    );
    browser = await launchBrowser();
    ui = await openUi(
      browser,
      testSettings([testInstance('am', am.url, { pollIntervalSec: 300 })]),
      {
        viewport: { width: 960, height: 680 },
        beforeOpen: async (shell) => {
          await waitFor(() => Object.keys(shell.core.snapshot().alerts).length === ALERTS, {
            timeoutMs: 30_000,
            message: `core holds ${ALERTS} alerts`,
          });
        },
        onPage: async (page) => {
          page.on('websocket', (ws) =>
            ws.on('framesent', (f) => {
              const text = typeof f.payload === 'string' ? f.payload : f.payload.toString();
              const m = /"type":"request","channel":"([^"]+)"/.exec(text);
              if (m) asked.push(m[1]!);
            }),
          );
          await page.addInitScript(OPENING_PROBE);
        },
      },
    );
  });

  after(async () => {
    await ui?.close();
    await browser?.close();
    await am?.stop();
  });

  async function firstFrame(): Promise<FirstFrame> {
    const handle = await ui.page.waitForFunction(
      () => (globalThis as unknown as { __opening: { firstFrame: unknown } }).__opening.firstFrame,
      undefined,
      { timeout: 20_000 },
    );
    return (await handle.jsonValue()) as FirstFrame;
  }

  it('asks for its first rows when the settings arrive, before the shell is drawn', async () => {
    await firstFrame();
    const before = await ui.page.evaluate(
      () =>
        (globalThis as unknown as { __opening: { queryBeforeShell: boolean | null } }).__opening
          .queryBeforeShell,
    );
    assert.equal(before, true, 'the first list:query went out after the filter bar was drawn');
  });

  it('asks each first question once, whether the early connection or the window asks', async () => {
    await firstFrame();
    await new Promise((r) => setTimeout(r, 1_500));
    const count = (c: string) => asked.filter((a) => a === c).length;
    assert.deepEqual(
      { info: count('app:info'), settings: count('settings:get'), list: count('list:query') },
      { info: 1, settings: 1, list: 1 },
      asked.join(', '),
    );
  });

  it('draws the rows that fit first, and the rows beyond the viewport after that frame', async () => {
    const first = await firstFrame();
    assert.ok(first.rows > 5, `only ${first.rows} rows in the first frame`);
    assert.equal(first.below, 0, `${first.below} of ${first.rows} rows beyond the window's height`);
    // The first frame still fills the viewport (the list is far longer than it).
    assert.ok(
      first.lastBottom >= first.viewportBottom - 8,
      `rows end at ${first.lastBottom}, the viewport at ${first.viewportBottom}`,
    );
    await waitFor(async () => ((await ui.page.evaluate(ROWS_BELOW)) as number) > 3, {
      timeoutMs: 5_000,
      message: 'rows drawn below the viewport after the first frame',
    });
  });

  it('fetches the other views only after the list is drawn, then in idle time', async () => {
    const first = await firstFrame();
    const early = first.chunks.filter((c) => LATER_VIEWS.test(c));
    assert.deepEqual(early, [], 'views fetched before the first rows were drawn');
    await waitFor(
      async () => {
        const names = await ui.page.evaluate(() =>
          performance.getEntriesByType('resource').map((e) => e.name.split('/').pop() ?? ''),
        );
        return names.filter((n) => LATER_VIEWS.test(n)).length >= 5;
      },
      { timeoutMs: 10_000, message: 'the other views loaded in idle time' },
    );
    // And they work: each view shows its own content.
    await ui.page.locator('button[data-view=silences]').click();
    await ui.page.getByLabel('Search silences').waitFor({ timeout: 10_000 });
    assert.deepEqual(ui.problems, []);
  });

  it('says when a view cannot be loaded instead of showing nothing', async () => {
    const context = await browser.newContext({ viewport: { width: 960, height: 680 } });
    try {
      await context.route(/\/assets\/TimelineView-[^/]+\.js$/, (r) => r.abort());
      const page = await context.newPage();
      await page.goto(ui.shell.url);
      await page.getByTestId('alert-row').first().waitFor();
      await page.locator('button[data-view=timeline]').click();
      const alert = page.getByRole('alert').filter({ hasText: 'Could not load' });
      await alert.waitFor({ timeout: 10_000 });
      assert.ok(await alert.getByRole('button', { name: 'Reload' }).isVisible());
    } finally {
      await context.close();
    }
  });
});
