// The Timeline's statistics tables draw a bounded number of rows: 1,200 alerts in as many
// groups open (events first, then the tables' toggle) with 50 rows per table and no main-thread task over 200 ms, and "Show more"
// adds 50 at a time. Real Alertmanager, real core with a history file, browser shell,
// headless Chromium.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert, postAlerts, waitFor } from '../support/alertmanager.ts';
import { bestTry, describeTries, longTasks, watchLongTasks } from './support/long-tasks.ts';
import { useAlertmanagerUi } from './support/ui.ts';

const N = 1_200;
const dir = mkdtempSync(join(tmpdir(), 'amtray-timeline-bounded-'));

describe('timeline with many alerts', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: Array.from({ length: N }, (_, i) =>
      makeAlert({ alertname: `Bulk${i}`, severity: 'info' }),
    ),
    historyPath: join(dir, 'history.sqlite'),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  });
  let page: Page;

  before(async () => {
    page = t.page;
    await waitFor(() => Object.keys(t.ui.shell.core.snapshot().alerts).length === N, {
      timeoutMs: 60_000,
    });
    // From a small view: what is measured is the Timeline, not the alert list's teardown.
    await page.locator('button[data-view=instances]').click();
    await page.locator('[data-testid=instance-row]').first().waitFor();
    await page.waitForTimeout(1000);
  });

  it('opens with 50 rows per table and no task over 200 ms; Show more adds 50', async (t) => {
    const { tasks, all } = await bestTry(
      page,
      async () => {
        await page.locator('button[data-view=timeline]').click();
        // The events come first (a page of 100 lines); the tables are behind a toggle.
        await page
          .locator('section[aria-label=Events] li.record')
          .first()
          .waitFor({ timeout: 30_000 });
        if ((await page.locator('tr.alert-row').count()) === 0) {
          await page.getByTestId('timeline-tables-toggle').click();
        }
        await page.locator('tr.alert-row').first().waitFor({ timeout: 30_000 });
        await page.waitForTimeout(1000);
      },
      {
        maxTaskMs: 200,
        reset: async () => {
          await page.locator('button[data-view=instances]').click();
          await page.locator('[data-testid=instance-row]').first().waitFor();
          await page.waitForTimeout(1000);
        },
      },
    );
    t.diagnostic(describeTries(all));
    assert.equal(await page.locator('tr.group-row').count(), 50);
    assert.equal(await page.locator('tr.alert-row').count(), 50);
    assert.ok(
      tasks.every((d) => d <= 200),
      `opening: ${tasks.join(', ')} ms`,
    );
    await watchLongTasks(page);
    await page.locator('[data-testid=more-groups]').click();
    await waitFor(async () => (await page.locator('tr.group-row').count()) === 100);
    const more = await longTasks(page);
    assert.ok(
      more.every((d) => d <= 200),
      `Show more: ${more.join(', ')} ms`,
    );
    const moreButton = page.locator('[data-testid=more-groups]');
    assert.match((await moreButton.textContent()) ?? '', /1,100 not shown/);
  });

  it('a live refresh of the same range keeps what Show more opened', async () => {
    // A new alert: the core records it and the Timeline reloads the same range live.
    await postAlerts(t.am.url, [makeAlert({ alertname: 'BulkLate', severity: 'info' })]);
    const moreButton = page.locator('[data-testid=more-groups]');
    await waitFor(async () => /1,101 not shown/.test((await moreButton.textContent()) ?? ''), {
      timeoutMs: 30_000,
      message: 'the refreshed summary (1,201 groups) with 100 rows still shown',
    });
    assert.equal(await page.locator('tr.group-row').count(), 100);
  });
});
