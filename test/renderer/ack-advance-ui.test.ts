// Acknowledging the last alert of a group moves the cursor to the next alert, not to the next
// group's header. A walk-through acknowledged the last row of one group, the cursor landed on
// the header of the next ("9 firing"), and its next `a` (after the double-tap guard) took all
// nine; the toast said only the group's name. Now the cursor lands on that group's first alert,
// and an ack of a header says how many alerts it took. Real Alertmanager, real core, browser
// shell, Chromium at 960×680, the product's default state toggles.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert, waitFor } from '../support/alertmanager.ts';
import { dismissToasts, productSettings, testInstance, useAlertmanagerUi } from './support/ui.ts';

describe('the cursor after an ack lands on an alert', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [
      makeAlert({ alertname: 'AdvFirst', severity: 'critical', instance: 'f1' }),
      makeAlert({ alertname: 'AdvFirst', severity: 'critical', instance: 'f2' }),
      ...['n1', 'n2', 'n3'].map((instance) =>
        makeAlert({ alertname: 'AdvNext', severity: 'warning', instance }),
      ),
    ],
    settings: (am) => Promise.resolve(productSettings([testInstance('am1', am.url)])),
    viewport: { width: 960, height: 680 },
    ready: (page) =>
      page.locator('[data-testid=alert-count]', { hasText: '5 of 5' }).waitFor({ timeout: 30_000 }),
  });
  let page: Page;
  before(() => ({ page } = t));

  const acked = (instance: string) =>
    Object.values(t.ui.shell.core.snapshot().alerts).some(
      (a) => a.labels['instance'] === instance && a.state === 'suppressed',
    );
  const cursor = () =>
    page.locator('[data-testid=group-row].selected, [data-testid=alert-row].selected');

  it("the last alert of a group acknowledged: the cursor is on the next group's first alert", async () => {
    await dismissToasts(page);
    // The last alert of AdvFirst (sorted: f1, f2 or f2, f1): acknowledge one, then the other.
    for (let i = 0; i < 2; i++) {
      const row = page.locator('[data-testid=alert-row]', { hasText: 'AdvFirst' }).last();
      await row.locator('.age').click();
      await page.keyboard.press('Escape');
      await page.waitForTimeout(1_000); // past the double-tap guard
      await page.keyboard.press('a');
      await waitFor(
        async () =>
          (await page.locator('[data-testid=alert-row]', { hasText: 'AdvFirst' }).count()) ===
          1 - i,
        { timeoutMs: 20_000, message: 'the acknowledged alert left' },
      );
    }
    await waitFor(async () => (await cursor().count()) === 1, { message: 'a cursor row' });
    assert.equal(
      await cursor().getAttribute('data-testid'),
      'alert-row',
      'on an alert, not a header',
    );
    assert.match((await cursor().textContent())?.replace(/\s+/g, '') ?? '', /instance=n\d/);
    // The next `a`, after looking, takes that one alert only.
    await page.waitForTimeout(1_000);
    await page.keyboard.press('a');
    await waitFor(
      async () => {
        await t.ui.shell.core.refresh();
        return ['n1', 'n2', 'n3'].filter(acked).length === 1;
      },
      { timeoutMs: 20_000, message: 'one alert of AdvNext acknowledged' },
    );
    await page.waitForTimeout(1_500);
    await t.ui.shell.core.refresh();
    assert.equal(['n1', 'n2', 'n3'].filter(acked).length, 1, 'not the group');
    // Three acks in a row: only the newest toast wraps, the older ones are a line each (five
    // of them took ~150 px of the 680 px window).
    const heights = await page
      .locator('[data-testid=toast]')
      .evaluateAll((ts) => ts.map((x) => x.getBoundingClientRect().height));
    assert.ok(heights.length >= 2, `toasts: ${heights.join(', ')}`);
    for (const h of heights.slice(1)) assert.ok(h <= 30, `an older toast ${h} px high`);
  });

  it('`a` on a group header says how many alerts it took', async () => {
    await dismissToasts(page);
    await page
      .locator('[data-testid=group-row]', { hasText: 'AdvNext' })
      .locator('.sev-dot')
      .click();
    await page.keyboard.press('Escape');
    await page.waitForTimeout(1_000);
    await page.keyboard.press('a');
    await page
      .locator('[data-testid=toast]', { hasText: /AdvNext \(2 alerts\) on am1/ })
      .waitFor({ timeout: 20_000 });
    assert.deepEqual(t.ui.problems, []);
  });
});
