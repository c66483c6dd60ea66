// The Timeline's statistics tables draw a bounded number of rows: 1,200 alerts in as many
// groups open with 100 rows per table and no main-thread task over 200 ms, and "Show more"
// adds 100 at a time. Real Alertmanager, real core with a history file, browser shell,
// headless Chromium.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  startAlertmanager,
  waitFor,
  type AmProcess,
} from '../support/alertmanager.ts';
import { longTasks, watchLongTasks } from './support/long-tasks.ts';
import { openUi, useBrowser, testInstance, testSettings, type Ui } from './support/ui.ts';

const chromium = useBrowser();
const N = 1_200;

describe('timeline with many alerts', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  let ui: Ui;
  let page: Page;
  let dir: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'amtray-timeline-bounded-'));
    am = await startAlertmanager();
    await postAlerts(
      am.url,
      Array.from({ length: N }, (_, i) => makeAlert({ alertname: `Bulk${i}`, severity: 'info' })),
    );
    ui = await openUi(chromium.browser, testSettings([testInstance('am1', am.url)]), {
      historyPath: join(dir, 'history.sqlite'),
    });
    page = ui.page;
    await waitFor(() => Object.keys(ui.shell.core.snapshot().alerts).length === N, {
      timeoutMs: 60_000,
    });
    await page.locator('[data-testid=alert-row]').first().waitFor({ timeout: 30_000 });
    // From a small view: what is measured is the Timeline, not the alert list's teardown.
    await page.locator('button[data-view=instances]').click();
    await page.locator('[data-testid=instance-row]').first().waitFor();
    await page.waitForTimeout(1000);
  });

  after(async () => {
    await ui?.close();
    await am?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('opens with 100 rows per table and no task over 200 ms; Show more adds 100', async (t) => {
    await watchLongTasks(page);
    await page.locator('button[data-view=timeline]').click();
    await page.locator('tr.alert-row').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1000);
    const tasks = await longTasks(page);
    t.diagnostic(`long tasks: ${tasks.map(Math.round).join(', ')}`);
    assert.equal(await page.locator('tr.group-row').count(), 100);
    assert.equal(await page.locator('tr.alert-row').count(), 100);
    assert.ok(
      tasks.every((d) => d <= 200),
      `opening: ${tasks.join(', ')} ms`,
    );
    await watchLongTasks(page);
    await page.locator('[data-testid=more-groups]').click();
    await waitFor(async () => (await page.locator('tr.group-row').count()) === 200);
    const more = await longTasks(page);
    assert.ok(
      more.every((d) => d <= 200),
      `Show more: ${more.join(', ')} ms`,
    );
    assert.match(
      (await page.locator('[data-testid=more-groups]').textContent()) ?? '',
      /1,000 not shown/,
    );
  });
});
