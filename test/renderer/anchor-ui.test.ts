// The cursor row stays where it is on the screen when its group moves: an alert that joins a
// group makes it the newest of its severity, and the group goes to the top of its band. A
// short walk-through kept the first row in view in place instead (another group's), and the
// row it was on moved off the screen. Real Alertmanager, real core, browser shell, Chromium at
// 960×680, the product's default state toggles.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert, postAlerts, waitFor } from '../support/alertmanager.ts';
import { productSettings, testInstance, useAlertmanagerUi } from './support/ui.ts';

const ago = (min: number) => new Date(Date.now() - min * 60_000).toISOString();

describe('the cursor row holds its place', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [
      // Newest group first within a severity: AnchorTop, AnchorMid, AnchorBig.
      makeAlert(
        { alertname: 'AnchorTop', severity: 'warning', instance: 't1' },
        { startsAt: ago(1) },
      ),
      ...['m1', 'm2', 'm3', 'm4', 'm5', 'm6'].map((instance) =>
        makeAlert({ alertname: 'AnchorMid', severity: 'warning', instance }, { startsAt: ago(10) }),
      ),
      ...Array.from({ length: 30 }, (_, i) =>
        makeAlert(
          { alertname: 'AnchorBig', severity: 'warning', instance: `b${i}` },
          { startsAt: ago(20 + i) },
        ),
      ),
    ],
    settings: (am) => Promise.resolve(productSettings([testInstance('am1', am.url)])),
    viewport: { width: 960, height: 680 },
    ready: (page) =>
      page
        .locator('[data-testid=alert-count]', { hasText: '37 of 37' })
        .waitFor({ timeout: 30_000 }),
  });
  let page: Page;
  before(() => ({ page } = t));

  /** The cursor row's text and how far below the list viewport's top it is. */
  const cursorAt = () =>
    page.locator('.vlist .viewport').evaluate((vp) => {
      const row = vp.querySelector('[data-testid=alert-row].selected');
      if (!row) return null;
      return {
        text: row.textContent ?? '',
        at: row.getBoundingClientRect().top - vp.getBoundingClientRect().top,
      };
    });

  it('an alert joins its group, which goes to the top: the cursor row does not move', async () => {
    // Scrolled down into AnchorBig (AnchorTop and AnchorMid above, out of view), the cursor on
    // one of its rows, with enough rows above where it goes for it to keep its place.
    await page.locator('.vlist .viewport').evaluate((el) => {
      el.scrollTop = 700;
      el.dispatchEvent(new Event('scroll'));
    });
    await page.waitForTimeout(500);
    await page
      .locator('[data-testid=alert-row]', { hasText: /instance=b25$|instance=b25\b/ })
      .locator('.age')
      .click();
    await page.keyboard.press('Escape');
    const before = await cursorAt();
    assert.ok(before && /b25/.test(before.text), JSON.stringify(before));
    await postAlerts(t.am.url, [
      makeAlert({ alertname: 'AnchorBig', severity: 'warning', instance: 'b-new' }),
    ]);
    await page
      .locator('[data-testid=alert-count]', { hasText: '38 of 38' })
      .waitFor({ timeout: 20_000 });
    const after = await waitFor(async () => {
      const a = await cursorAt();
      return a && /b25/.test(a.text) ? a : false;
    });
    assert.ok(Math.abs(after.at - before!.at) <= 2, `moved ${after.at - before!.at} px`);
    assert.deepEqual(t.ui.problems, []);
  });
});
