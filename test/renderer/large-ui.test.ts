// 10,000 alerts in 1,000 groups from a real Alertmanager: the window stays responsive because
// the list is windowed (only the visible rows are in the DOM) and filtering is cheap.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { PostableAlert } from '../../main/core/api/types.ts';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  startAlertmanager,
  waitFor,
  type AmProcess,
} from '../support/alertmanager.ts';
import { launchBrowser, openUi, testInstance, testSettings, type Ui } from './support/ui.ts';

const GROUPS = 1000;
const PER_GROUP = 10;
const SEVERITIES = ['critical', 'warning', 'info', 'page-me-maybe'];

interface CountLog {
  __counts?: string[];
}

/**
 * Runs in the page before it loads: logs each new text of the alert count, every frame. Plain
 * JavaScript text: tsx would wrap a TypeScript function's inner functions in a helper the page
 * does not have.
 */
const recordCounts = `
  const log = (globalThis.__counts = []);
  const tick = () => {
    const t = document.querySelector('[data-testid=alert-count]')?.textContent?.trim();
    if (t && log.at(-1) !== t) log.push(t);
    if (!t || !t.startsWith('10000 of 10000')) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
`;

describe('10,000 alerts', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  let browser: Browser;
  let ui: Ui;
  let page: Page;

  before(async () => {
    am = await startAlertmanager();
    const alerts: PostableAlert[] = [];
    for (let g = 0; g < GROUPS; g++) {
      for (let i = 0; i < PER_GROUP; i++) {
        alerts.push(
          makeAlert(
            {
              alertname: `Alert${String(g).padStart(4, '0')}`,
              severity: SEVERITIES[(g + i) % SEVERITIES.length]!,
              instance: `host-${i}:9100`,
              job: `job-${g % 17}`,
            },
            { annotations: { summary: `Alert ${g}/${i} summary text` } },
          ),
        );
      }
    }
    for (let i = 0; i < alerts.length; i += 2000)
      await postAlerts(am.url, alerts.slice(i, i + 2000));
    browser = await launchBrowser();
    // A slow poll: every poll of 10k alerts costs the shared machine about two seconds.
    ui = await openUi(
      browser,
      testSettings([testInstance('big', am.url, { pollIntervalSec: 30, timeoutSec: 60 })]),
      // Every text the count shows, from the page's first frame: it must never claim a count
      // ("0 of 0") before it knows one.
      { onPage: (p) => p.addInitScript({ content: recordCounts }) },
    );
    page = ui.page;
  });

  after(async () => {
    await ui?.close();
    await browser?.close();
    await am?.stop();
  });

  it('says loading until it knows, never "0 of 0"', async () => {
    const count = page.locator('[data-testid=alert-count]');
    await waitFor(
      async () => (await count.textContent().catch(() => ''))?.startsWith('10000 of 10000'),
      { timeoutMs: 150_000, intervalMs: 500 },
    );
    const seen = await page.evaluate(() => (globalThis as unknown as CountLog).__counts ?? []);
    assert.ok(seen.length > 0);
    assert.match(seen[0]!, /^loading/, seen.join(' | '));
    for (const t of seen) assert.ok(!/^0 of 0/.test(t), seen.join(' | '));
  });

  it('shows every alert while keeping only the visible rows in the DOM', async () => {
    const count = page.locator('[data-testid=alert-count]');
    await waitFor(
      async () => (await count.textContent().catch(() => ''))?.startsWith('10000 of 10000'),
      {
        timeoutMs: 150_000,
        intervalMs: 500,
      },
    );
    const rows = await page.locator('[data-testid=alert-row], [data-testid=group-row]').count();
    assert.ok(rows > 10 && rows < 150, `${rows} rows in the DOM`);
    // Unknown severities are still listed (after the known ones).
    await page.keyboard.press('End');
    await page.locator('[data-testid=alert-row]', { hasText: 'page-me-maybe' }).last().waitFor();
  });

  it('filters and scrolls quickly', async () => {
    const count = page.locator('[data-testid=alert-count]');
    const t0 = Date.now();
    await page.fill(
      '[data-testid=filter-input]',
      'alertname="Alert0999", instance=~"host-[0-4]:9100"',
    );
    await waitFor(async () => (await count.textContent())?.startsWith('5 of 10000'), {
      intervalMs: 20,
    });
    const filterMs = Date.now() - t0;
    assert.ok(filterMs < 3000, `filter took ${filterMs} ms`);

    await page.fill('[data-testid=filter-input]', '');
    await waitFor(async () => (await count.textContent())?.startsWith('10000 of'), {
      intervalMs: 20,
    });
    const scrollMs = await page.evaluate(async () => {
      const g = globalThis as unknown as {
        document: { querySelector(s: string): { scrollTop: number; scrollHeight: number } | null };
        requestAnimationFrame(fn: () => void): void;
        performance: { now(): number };
      };
      const vp = g.document.querySelector('.viewport');
      if (!vp) return -1;
      const start = g.performance.now();
      for (let i = 1; i <= 20; i++) {
        vp.scrollTop = (vp.scrollHeight * i) / 20;
        await new Promise<void>((r) => g.requestAnimationFrame(() => r()));
      }
      return g.performance.now() - start;
    });
    assert.ok(scrollMs >= 0 && scrollMs < 5000, `20 scroll frames took ${scrollMs} ms`);
    const rows = await page.locator('[data-testid=alert-row], [data-testid=group-row]').count();
    assert.ok(rows < 150, `${rows} rows in the DOM after scrolling`);
    assert.deepEqual(ui.problems, []);
  });
});
