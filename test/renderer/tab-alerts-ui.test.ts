// Browser shell: a tab nobody clicked or typed in cannot play sound (autoplay), so a critical
// firing in a freshly opened tab made no noise and nothing said so (walk-through). A line says
// so until the tab can alert, and its button plays the critical sound once (the volume heard).
// Real Alertmanager, real core, browser shell, Chromium at 960×680.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert, waitFor } from '../support/alertmanager.ts';
import { useAlertmanagerUi } from './support/ui.ts';

describe('a tab that cannot alert says so', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [makeAlert({ alertname: 'TabSound', severity: 'critical' })],
    viewport: { width: 960, height: 680 },
  });
  let page: Page;
  before(async () => {
    ({ page } = t);
    // Notifications allowed: the line is about sound alone here (headless Chromium leaves the
    // permission 'default' and denies a request on its own, which would change its text).
    await page.context().grantPermissions(['notifications']);
  });
  const banner = () => page.locator('[data-testid=tab-alerts-banner]');

  it('says a fresh tab plays no sound; any key in it ends that', async () => {
    await page.reload();
    await banner().waitFor();
    assert.match(await banner().innerText(), /plays no sound until it is clicked or typed in/);
    // A key the list takes: the tab may play sound from now on.
    await page.keyboard.press('j');
    await waitFor(async () => (await banner().count()) === 0, { message: 'the line goes' });
  });

  it('its button plays the critical sound once, and the line goes', async () => {
    await page.reload();
    await banner().waitFor();
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/sounds/')) fetched.push(r.url());
    });
    await page.locator('[data-testid=tab-alerts-enable]').click();
    await waitFor(async () => fetched.some((u) => u.endsWith('/sounds/critical.wav')), {
      message: 'the critical sound is fetched to play',
    });
    await waitFor(async () => (await banner().count()) === 0);
  });

  it('with neither sound nor notifications, its line is whole at 960 px', async () => {
    // A walk-through read "…and desktop notifications are no…" at 960×680.
    await page.context().clearPermissions();
    await page.setViewportSize({ width: 960, height: 680 });
    try {
      await page.reload();
      await banner().waitFor();
      await waitFor(async () => /no desktop notifications/.test(await banner().innerText()), {
        message: 'the line names both',
      });
      const cut = await banner()
        .locator('.text')
        .evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      assert.equal(cut, false, `cut: ${await banner().innerText()}`);
      // "Not now" from the first look (a walk-through found it only after a key press).
      assert.ok(await page.locator('[data-testid=tab-alerts-not-now]').isVisible());
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.context().grantPermissions(['notifications']);
    }
  });

  // A walk-through could not dismiss the notifications line; beside toasts it took ~100 px.
  it('"Not now" hides the notifications line, and it stays hidden after a reload', async () => {
    await page.context().clearPermissions();
    try {
      await page.reload();
      await banner().waitFor();
      await page.keyboard.press('j'); // sound allowed: the line is about notifications alone
      await waitFor(
        async () => /notifications are off for this tab/.test(await banner().innerText()),
        {
          message: 'the notifications line',
        },
      );
      await page.locator('[data-testid=tab-alerts-not-now]').click();
      await waitFor(async () => (await banner().count()) === 0, { message: 'the line goes' });
      await page.reload();
      await banner().waitFor();
      assert.match(await banner().innerText(), /plays no sound until it is clicked or typed in/);
      await page.keyboard.press('j');
      await waitFor(async () => (await banner().count()) === 0, {
        message: 'no notifications line again',
      });
    } finally {
      await page.evaluate(() =>
        (globalThis as unknown as { localStorage: { clear(): void } }).localStorage.clear(),
      );
      await page.context().grantPermissions(['notifications']);
    }
  });
});
