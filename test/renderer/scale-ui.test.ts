// 100,000 alerts over 20 instances, the window opened after the core already holds them all
// (issue 29: the window is a view). Every count is right, no message either way is over 1 MB
// (the window holds the rows around what it shows, never the alerts), and scrolling to the end
// and filtering take no task over 100 ms. Generated payloads (support/generated-fleet.ts): 20
// real Alertmanagers holding 5,000 alerts each are too slow to fill on a 2-core machine.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { chromiumSkipReason } from '../support/chromium.ts';
import { startGeneratedFleet, type GeneratedFleet } from '../support/generated-fleet.ts';
import { waitFor } from '../support/wait.ts';
import { launchBrowser, openUi, testInstance, testSettings, type Ui } from './support/ui.ts';
import { bestTry, describeTries, longTasks, watchLongTasks } from './support/long-tasks.ts';

const INSTANCES = 20;
const PER_INSTANCE = 5_000;
const TOTAL = INSTANCES * PER_INSTANCE;

describe('100,000 alerts over 20 instances', { skip: chromiumSkipReason() }, () => {
  let fleet: GeneratedFleet;
  let browser: Browser;
  let ui: Ui;
  const messages: string[] = [];
  /** The largest frame each way (characters of JSON: the payloads are ASCII). */
  const largest = { received: 0, sent: 0 };

  before(async () => {
    fleet = await startGeneratedFleet({ instances: INSTANCES, alertsPerInstance: PER_INSTANCE });
    browser = await launchBrowser();
    ui = await openUi(
      browser,
      testSettings(
        fleet.urls.map((url, k) =>
          testInstance(`am${k}`, url, { pollIntervalSec: 300, timeoutSec: 60 }),
        ),
      ),
      {
        // The core polls every instance first; only then does the window open.
        beforeOpen: async (shell) => {
          await waitFor(
            () => {
              const s = shell.core.snapshot();
              return s.summary.firing === TOTAL && Object.keys(s.alerts).length === TOTAL;
            },
            { timeoutMs: 240_000, intervalMs: 250, message: 'core holds 100,000 alerts' },
          );
        },
        onPage: (page) =>
          page.on('websocket', (ws) => {
            ws.on('framesent', (f) => {
              largest.sent = Math.max(largest.sent, f.payload.length);
            });
            ws.on('framereceived', (f) => {
              const text = typeof f.payload === 'string' ? f.payload : f.payload.toString();
              largest.received = Math.max(largest.received, text.length);
              messages.push(text.length > 200 ? `${text.slice(0, 120)}…(${text.length})` : text);
            });
          }),
      },
    );
  });

  after(async () => {
    await ui?.close();
    await browser?.close();
    await fleet?.stop();
  });

  it('shows every count right, each message under 1 MB', async () => {
    const page = ui.page;
    const count = page.locator('[data-testid=alert-count]');
    // Until the core's first answer the count says "loading", never a complete-looking N of N.
    await waitFor(
      async () => (await count.textContent().catch(() => ''))?.trim() === `${TOTAL} of ${TOTAL}`,
      { timeoutMs: 120_000, intervalMs: 200, message: 'all 100,000 alerts in the window' },
    );
    const expected = fleet.expected();
    for (const [severity, n] of Object.entries(expected.bySeverity)) {
      const button = page.locator(`.summary button[data-severity="${severity}"]`);
      const text = (await button.textContent())?.trim() ?? '';
      assert.equal(text.split(/\s+/)[0], String(n), `${severity} count: ${text}`);
    }
    // Group headers are in the list (windowed: only what is visible is in the DOM).
    const rows = await page.locator('[data-testid=group-row]').count();
    assert.ok(rows > 0 && rows < 150, `${rows} group rows in the DOM`);
    // The window holds no alerts: no frame is near the 85 MB a full view is; no reconnect.
    assert.ok(largest.received <= 1024 * 1024, `largest frame received ${largest.received}`);
    assert.ok(largest.sent <= 1024 * 1024, `largest frame sent ${largest.sent}`);
    assert.ok(
      messages.filter((m) => m.includes('"type":"snapshot","snapshot"')).length === 1,
      'one snapshot (no reconnect loop)',
    );
    assert.deepEqual(ui.problems, []);
  });

  it('scrolls to the end and filters with no task over 100 ms', async (t) => {
    const page = ui.page;
    const count = page.locator('[data-testid=alert-count]');
    await page.locator('[data-testid=group-row]').first().click();
    // The first jumps to the end are the ones a paged engineer makes: each is asserted, not
    // kept as a best of three. The first cost a 110-230 ms task in about half of the full
    // runs (the focused row taken out of the DOM, the first time format, every row there
    // new); with focus handed to the list first, the formatters made at idle and the rows in
    // view drawn before the margin, it reads 54-72 ms here. Then the steady state, best of 3.
    const first: number[][] = [];
    for (let i = 0; i < 2; i++) {
      await watchLongTasks(page);
      await page.keyboard.press('End');
      await page.locator('section[aria-label="Alert groups"] .selected').last().waitFor();
      await page.waitForTimeout(300);
      first.push(await longTasks(page));
      await page.keyboard.press('Home');
      await page.waitForTimeout(300);
    }
    t.diagnostic(`End, first two presses: long tasks ${JSON.stringify(first)}`);
    assert.ok(
      Math.max(0, ...first.flat()) <= 100,
      `End, first two presses: long tasks ${JSON.stringify(first)}`,
    );
    const end = await bestTry(
      page,
      async () => {
        const started = Date.now();
        await page.keyboard.press('End');
        await page.locator('section[aria-label="Alert groups"] .selected').last().waitFor();
        return Date.now() - started;
      },
      {
        maxTaskMs: 100,
        reset: async () => {
          await page.keyboard.press('Home');
          await page.waitForTimeout(300);
        },
      },
    );
    t.diagnostic(`End: ${describeTries(end.all)}`);
    assert.ok(Math.max(0, ...end.tasks) <= 100, describeTries(end.all));
    // The last row of the whole list is selected and drawn: the list's bottom is in view.
    const atBottom = await page
      .locator('section[aria-label="Alert groups"] [role=list]')
      .evaluate((el) => Math.abs(el.scrollHeight - el.clientHeight - el.scrollTop) < 40);
    assert.ok(atBottom, 'scrolled to the end');
    await page.keyboard.press('Home');

    const critical = fleet.expected().bySeverity['critical']!;
    const input = page.getByRole('combobox', { name: /filter/i });
    const filtered = await bestTry(
      page,
      async () => {
        await input.fill('severity="critical"');
        await waitFor(
          async () => (await count.textContent())?.trim() === `${critical} of ${TOTAL}`,
          { timeoutMs: 20_000, intervalMs: 50, message: 'filtered count' },
        );
      },
      {
        maxTaskMs: 100,
        reset: async () => {
          await input.fill('');
          await waitFor(
            async () => (await count.textContent())?.trim() === `${TOTAL} of ${TOTAL}`,
            {
              timeoutMs: 20_000,
              intervalMs: 50,
              message: 'filter cleared',
            },
          );
        },
      },
    );
    t.diagnostic(`filter: ${describeTries(filtered.all)}`);
    assert.ok(Math.max(0, ...filtered.tasks) <= 100, describeTries(filtered.all));
    assert.ok(largest.received <= 1024 * 1024, `largest frame received ${largest.received}`);
    assert.deepEqual(ui.problems, []);
  });
});
