// The bell's list says what became of each notification's alerts, and works from the keyboard.
// A walk-through found it a list of what was said then ("BellDisk (critical) fires"), with no
// key to reach it: after a night of notifications the engineer had to open each one to learn
// whether it still needed them. Now `b` opens it on its newest item, each item says "still
// firing", "acknowledged by you" or "not firing now" (asked of the core when it opens), ↓ ↑
// move, Enter opens one and Esc goes back to the row the engineer was on. Real Alertmanager,
// real core, browser shell, Chromium at 960×680.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert, postAlerts, waitFor } from '../support/alertmanager.ts';
import { dismissToasts, useAlertmanagerUi } from './support/ui.ts';

describe('the bell says what became of each notification', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [makeAlert({ alertname: 'BellBase', severity: 'warning', instance: 'base-1' })],
    viewport: { width: 960, height: 680 },
    ready: (page) =>
      page.locator('[data-testid=alert-row]', { hasText: 'base-1' }).waitFor({ timeout: 30_000 }),
  });
  let page: Page;
  before(() => ({ page } = t));

  const item = (name: string) =>
    page.locator('[data-testid=notification-item]', { hasText: name }).first();
  const stateOf = (name: string) => item(name).getByTestId('notification-state');
  const focusedTestId = () =>
    page.evaluate<string | null>(
      "document.activeElement && document.activeElement.getAttribute('data-testid')",
    );

  it('`b` opens it on the newest; each says the alert still fires; Esc goes back', async () => {
    await postAlerts(t.am.url, [
      makeAlert(
        { alertname: 'BellDisk', severity: 'critical', instance: 'db-1' },
        { annotations: { summary: 'Disk /var is 97% full' } },
      ),
      makeAlert({ alertname: 'BellNet', severity: 'critical', instance: 'lb-1' }),
    ]);
    for (const name of ['BellDisk', 'BellNet'])
      await page.locator('[data-testid=toast]', { hasText: name }).waitFor({ timeout: 30_000 });
    await dismissToasts(page);
    // On a row of the list, as the engineer is.
    await page.locator('[data-testid=alert-row]', { hasText: 'base-1' }).locator('.age').click();
    await page.keyboard.press('Escape');
    await page.keyboard.press('b');
    await item('BellDisk').waitFor();
    assert.equal(await focusedTestId(), 'notification-item', 'focus on an item');
    // Its lines as the core wrote them (the summary, then where), not run together.
    assert.match(await item('BellDisk').locator('.body').innerText(), /Disk \/var is 97% full\n/);
    for (const name of ['BellDisk', 'BellNet'])
      await waitFor(async () => (await stateOf(name).textContent()) === 'still firing', {
        message: `${name} said to be still firing`,
      });
    // The list behind does not move with the menu's keys.
    const cursorBefore = await page.locator('.selected').first().textContent();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('j');
    assert.equal(await focusedTestId(), 'notification-item');
    assert.equal(await page.locator('.selected').first().textContent(), cursorBefore);
    await page.keyboard.press('Escape');
    await page.locator('[role=dialog][aria-label="Recent notifications"]').waitFor({
      state: 'detached',
    });
    const onRow = await page.evaluate<boolean>(
      "!!document.activeElement?.closest('[data-testid=alert-row]')",
    );
    assert.ok(onRow, 'focus is back on the row');
  });

  it('one acknowledged and one resolved since: each says so', async () => {
    // Acknowledged from the list; resolved at the server.
    await page.locator('[data-testid=alert-row]', { hasText: 'db-1' }).locator('.age').click();
    await page.keyboard.press('Escape');
    await page.keyboard.press('a');
    await page
      .locator('[data-testid=alert-row]', { hasText: 'db-1' })
      .getByTestId('alert-state')
      .filter({ hasText: 'acknowledged by you' })
      .waitFor({ timeout: 20_000 });
    await postAlerts(t.am.url, [
      makeAlert(
        { alertname: 'BellNet', severity: 'critical', instance: 'lb-1' },
        { endsAt: new Date(Date.now() - 60_000).toISOString() },
      ),
    ]);
    await page
      .locator('[data-testid=alert-row]', { hasText: 'lb-1' })
      .waitFor({ state: 'detached', timeout: 20_000 });
    await dismissToasts(page);
    await page.keyboard.press('b');
    await waitFor(async () => (await stateOf('BellDisk').textContent()) === 'acknowledged by you', {
      message: 'BellDisk said to be acknowledged',
    });
    await waitFor(async () => (await stateOf('BellNet').textContent()) === 'not firing now', {
      message: 'BellNet said to be no longer firing',
    });
    // Enter on an item opens it (the menu closes, the alert is selected).
    await item('BellDisk').focus();
    await page.keyboard.press('Enter');
    await page.locator('[role=dialog][aria-label="Recent notifications"]').waitFor({
      state: 'detached',
    });
    assert.deepEqual(t.ui.problems, []);
  });
});
