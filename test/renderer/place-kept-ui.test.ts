// Going to another view and back (`2` to check a silence, then `1`) keeps the place in the alert
// list: the cursor row (shown, with focus, so Enter and j act from it), the groups collapsed,
// the detail pane closed or open. It started again at the top with everything expanded
// (walk-through). Real Alertmanager, real core, browser shell, Chromium at 960×680.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert, waitFor } from '../support/alertmanager.ts';
import { useAlertmanagerUi } from './support/ui.ts';

describe('the place in the alert list survives another view', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [
      ...Array.from({ length: 30 }, (_, i) =>
        makeAlert({ alertname: 'FirstBig', severity: 'critical', instance: `f${i}` }),
      ),
      makeAlert({ alertname: 'Folded', severity: 'warning', instance: 'x1' }),
      makeAlert({ alertname: 'Folded', severity: 'warning', instance: 'x2' }),
      ...Array.from({ length: 30 }, (_, i) =>
        makeAlert({ alertname: 'LastBig', severity: 'info', instance: `l${i}` }),
      ),
    ],
    viewport: { width: 960, height: 680 },
    ready: (page) =>
      page
        .locator('[data-testid=alert-count]', { hasText: '62 of 62' })
        .waitFor({ timeout: 30_000 }),
  });
  let page: Page;
  before(() => ({ page } = t));

  const cursorText = async () =>
    (
      await page
        .locator('[data-testid=alert-row].selected, [data-testid=group-row].selected')
        .allTextContents()
    ).join(' ');

  it('cursor, folds and the closed pane are as they were', async () => {
    for (let i = 0; i < 10 && (await page.locator('[data-testid=toast]').count()) > 0; i++)
      await page.keyboard.press('Escape');
    // Fold "Folded", then go to the end of the list, onto an alert of the last group.
    const folded = page.locator('[data-testid=group-row]', { hasText: 'Folded' });
    await folded.locator('.sev-dot').click();
    await page.keyboard.press('ArrowLeft');
    await waitFor(
      async () =>
        (await page.locator('[data-testid=alert-row]', { hasText: 'instance=x1' }).count()) === 0,
      { message: 'Folded is collapsed' },
    );
    await page.keyboard.press('Escape');
    await page.keyboard.press('End');
    await page.keyboard.press('k');
    await page.keyboard.press('k');
    const was = await waitFor(async () => {
      const t = await cursorText();
      return /instance=l\d+/.test(t) ? t : false;
    });
    await page.getByTestId('detail-pane').waitFor({ state: 'detached' });

    await page.keyboard.press('2');
    await page.locator('section[aria-label="Silences"]').waitFor();
    await page.keyboard.press('1');

    await waitFor(async () => (await cursorText()) === was, {
      timeoutMs: 10_000,
      message: `the cursor is back on ${was}`,
    });
    const row = page.locator('[data-testid=alert-row].selected');
    const box = await row.boundingBox();
    assert.ok(box && box.y > 0 && box.y + box.height <= 680, `shown: ${JSON.stringify(box)}`);
    assert.equal(
      await page.locator('[data-testid=alert-row]', { hasText: 'instance=x1' }).count(),
      0,
      'Folded is still collapsed',
    );
    assert.equal(await page.getByTestId('detail-pane').count(), 0, 'the pane stays closed');
    // Focus came with it: j moves on from there.
    await page.keyboard.press('j');
    await waitFor(async () => {
      const now = await cursorText();
      return now !== was && /instance=l\d+/.test(now);
    });
  });
});
