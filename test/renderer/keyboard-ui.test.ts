// Keyboard and small things: Esc closes the detail pane, `?` opens the shortcuts sheet, `r`
// shows that it refreshes, instance rows select on a click anywhere, command-line instances are
// marked "not saved" with no Remove, and the bell says what it lists. Real Alertmanager, real
// core, browser shell, headless Chromium.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert, waitFor } from '../support/alertmanager.ts';
import { testInstance, testSettings, useAlertmanagerUi } from './support/ui.ts';

describe('keyboard and small things', { skip: amSkipReason() }, () => {
  let silent: Server | undefined;
  const t = useAlertmanagerUi({
    alerts: [makeAlert({ alertname: 'KeyTest', severity: 'warning' })],
    settings: async (am) => {
      // Accepts connections and never answers: a refresh then takes the instance's timeout.
      const server = createServer(() => {});
      silent = server;
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const port = (server.address() as { port: number }).port;
      return testSettings([
        testInstance('am1', am.url),
        // A silent one makes a refresh take a moment (its timeout), so progress can be seen.
        testInstance('cli-1', `http://127.0.0.1:${port}`, { name: 'from-cli', timeoutSec: 2 }),
      ]);
    },
    viewport: { width: 1280, height: 800 },
    cleanup: () => silent?.close(),
  });
  let page: Page;
  before(() => ({ page } = t));

  it('Esc closes the detail pane', async () => {
    // Esc dismisses the newest toast first (by design): the start-up toasts go before the test.
    await page.locator('[data-testid=alert-row]').first().waitFor();
    // The silent instance's "not answering" toast comes after its first timeout: wait for it
    // (it raced the loop below on a loaded machine), then clear every toast.
    await waitFor(
      () => {
        const h = t.ui.shell.core.snapshot().instances['cli-1']?.health;
        return h !== undefined && h !== 'unknown';
      },
      { timeoutMs: 30_000 },
    );
    await page.waitForTimeout(500);
    for (let i = 0; i < 20 && (await page.locator('[data-testid=toast]').count()) > 0; i++)
      await page.keyboard.press('Escape');
    await page.locator('[data-testid=alert-row] .age').first().click();
    await page.locator('[data-testid=alert-detail]').waitFor();
    // A toast that came meanwhile takes the first Esc (toasts-ui tests that); none may be left.
    for (let i = 0; i < 20 && (await page.locator('[data-testid=toast]').count()) > 0; i++)
      await page.keyboard.press('Escape');
    assert.equal(await page.locator('[data-testid=alert-detail]').count(), 1);
    await page.keyboard.press('Escape');
    await waitFor(async () => (await page.locator('[data-testid=alert-detail]').count()) === 0);
  });

  it('? opens the shortcuts sheet, Esc closes it', async () => {
    await page.keyboard.press('?');
    const sheet = page.locator('[data-testid=shortcuts-sheet]');
    await sheet.waitFor();
    assert.match((await sheet.textContent()) ?? '', /Focus the filter/);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
  });

  it('at 960×680 the shortcuts sheet shows every key without scrolling', async () => {
    await page.setViewportSize({ width: 960, height: 680 });
    try {
      await page.keyboard.press('?');
      const sheet = page.locator('[data-testid=shortcuts-sheet]');
      await sheet.waitFor();
      // Every element in the sheet that could scroll holds all it has.
      const overflow = await sheet.evaluate((el) =>
        [el, ...Array.from(el.querySelectorAll('*'))]
          .filter((e) => e.scrollHeight - e.clientHeight > 1 || e.scrollWidth - e.clientWidth > 1)
          .map(
            (e) =>
              `${e.tagName} ${e.scrollWidth}x${e.scrollHeight} in ${e.clientWidth}x${e.clientHeight}`,
          ),
      );
      assert.deepEqual(overflow, [], 'nothing in the sheet scrolls');
      const last = sheet.locator('dd').last();
      assert.ok(await last.isVisible(), 'the last shortcut is visible');
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'detached' });
    } finally {
      if (await page.locator('[data-testid=shortcuts-sheet]').count()) {
        await page.keyboard.press('Escape');
      }
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('r shows that every instance is being refreshed', async () => {
    await page.keyboard.press('r');
    await page.locator('[data-testid=refresh-status]').waitFor({ timeout: 2000 });
    await page
      .locator('[data-testid=refresh-status]')
      .waitFor({ state: 'detached', timeout: 15_000 });
  });

  it('the bell says what it lists, and where firing alerts are', async () => {
    await page.locator('[data-testid=notifications-button]').click();
    const menu = page.getByRole('dialog', { name: 'Recent notifications' });
    await menu.waitFor();
    assert.match((await menu.textContent()) ?? '', /shown while this window was open/);
    await page.keyboard.press('Escape');
  });

  it('an instance row selects on a click anywhere; command-line instances are not saved', async () => {
    await page.locator('button[data-view=instances]').click();
    const row = page.locator('[data-testid=instance-row][data-instance=am1]');
    await row.locator('td').nth(2).click();
    await waitFor(async () => ((await row.getAttribute('class')) ?? '').includes('selected'));
    const cli = page.locator('[data-testid=instance-row][data-instance=from-cli]');
    assert.match((await cli.textContent()) ?? '', /not saved/);
    await page.locator('button[data-view=settings]').click();
    const entry = page.locator('[data-testid=settings-instance][data-instance=from-cli]');
    await entry.waitFor();
    assert.equal(await entry.locator('[data-testid=cli-instance]').count(), 1);
    assert.equal(await entry.getByRole('button', { name: /Remove/ }).count(), 0);
  });
});
