// A silence about to end is said so where the engineer looks: in the Silences list (its row
// reads "ends in 4m", set apart, not "4m left" set like "1h 59m left") and in the detail of an
// alert it silences (the alert notifies again then). A walk-through found a silence ending in
// minutes looking like any other. Real Alertmanager, real core, browser shell, Chromium.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert, waitFor } from '../support/alertmanager.ts';
import { postSilence } from '../support/post-silence.ts';
import { testInstance, testSettings, useAlertmanagerUi } from './support/ui.ts';

describe('a silence about to end', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [
      makeAlert({ alertname: 'SoonOver', severity: 'critical', instance: 's1' }),
      makeAlert({ alertname: 'LongQuiet', severity: 'warning', instance: 'l1' }),
    ],
    settings: async (am) => {
      await postSilence(
        am.url,
        [{ name: 'alertname', value: 'SoonOver', isRegex: false, isEqual: true }],
        'maintenance window closing',
        5 * 60_000,
      );
      await postSilence(
        am.url,
        [{ name: 'alertname', value: 'LongQuiet', isRegex: false, isEqual: true }],
        'known, fixed tomorrow',
        2 * 3_600_000,
      );
      const s = testSettings([testInstance('am1', am.url)]);
      s.ui.filter = { ...s.ui.filter, showSilenced: true };
      return s;
    },
    viewport: { width: 960, height: 680 },
    ready: (page) =>
      page.locator('[data-testid=alert-count]', { hasText: '2 of 2' }).waitFor({ timeout: 30_000 }),
  });
  let page: Page;
  before(() => ({ page } = t));

  it('the Silences list sets the one ending in minutes apart', async () => {
    await page.keyboard.press('2');
    const soonRow = page.locator('[data-testid=silence-row]', {
      hasText: 'maintenance window closing',
    });
    const laterRow = page.locator('[data-testid=silence-row]', { hasText: 'fixed tomorrow' });
    await soonRow.waitFor({ timeout: 15_000 });
    await laterRow.waitFor();
    assert.match((await soonRow.getByTestId('ends-soon').textContent()) ?? '', /^ends in [1-5]m$/);
    assert.equal(await laterRow.getByTestId('ends-soon').count(), 0);
    assert.match((await laterRow.textContent()) ?? '', /1h 5\dm left/);
    // Set apart: not the plain colour of the other row's time left.
    const colours = await Promise.all(
      [soonRow.getByTestId('ends-soon'), laterRow.locator('.left')].map((l) =>
        l.evaluate(
          (el) =>
            (
              globalThis as unknown as { getComputedStyle(e: unknown): { color: string } }
            ).getComputedStyle(el).color,
        ),
      ),
    );
    assert.notEqual(colours[0], colours[1]);
    // Its detail says what happens then.
    await soonRow.click();
    await waitFor(
      async () => /notify again/.test((await page.getByTestId('time-left').textContent()) ?? ''),
      { message: 'the detail says the alerts notify again' },
    );
  });

  it("the alert's detail says its silence ends in minutes", async () => {
    await page.keyboard.press('1');
    await page.locator('[data-testid=alert-row]', { hasText: 'instance=s1' }).click();
    const soon = page.getByTestId('silence-ends-soon');
    await soon.waitFor({ timeout: 10_000 });
    assert.match((await soon.textContent()) ?? '', /^ends in [1-5]m \(/);
    await page.locator('[data-testid=alert-row]', { hasText: 'instance=l1' }).click();
    await waitFor(
      async () =>
        /LongQuiet/.test((await page.getByTestId('detail-pane').textContent()) ?? '') &&
        (await page.getByTestId('silence-ends-soon').count()) === 0,
      { message: 'the two-hour silence reads "until", not "ends in"' },
    );
    assert.match((await page.getByTestId('detail-pane').textContent()) ?? '', /until /);
  });
});
