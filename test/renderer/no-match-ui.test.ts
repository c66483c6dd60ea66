// The list empty while alerts exist says what hides them and offers the way back: an
// acknowledged alert is a silenced one, hidden by default, and a walk-through that acknowledged
// one could not find it again ("hidden by the filter or the state toggles", and the toggles
// have no key). Keyboard: Tab from the filter reaches the buttons. Real Alertmanager, real core,
// browser shell, Chromium at 960×680.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert } from '../support/alertmanager.ts';
import { testInstance, testSettings, useAlertmanagerUi } from './support/ui.ts';

describe('an empty list while alerts exist', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [makeAlert({ alertname: 'AckedDisk', severity: 'critical', team: 'storage' })],
    viewport: { width: 960, height: 680 },
    // The product's default: silenced (acknowledged) and inhibited alerts are not shown.
    settings: (am) => {
      const s = testSettings([testInstance('am1', am.url)]);
      s.ui.filter = { ...s.ui.filter, showSilenced: false, showInhibited: false };
      return s;
    },
    ready: (page) =>
      page.locator('[data-testid=alert-count]', { hasText: '1 of 1' }).waitFor({ timeout: 30_000 }),
  });
  let page: Page;
  before(() => ({ page } = t));

  it('an acknowledged alert: says acknowledged alerts are not shown, and one key shows it', async () => {
    const a = Object.values(t.ui.shell.core.snapshot().alerts)[0]!;
    await t.ui.shell.core.silences.acknowledge({ fingerprint: a.fingerprint });
    const empty = page.getByTestId('alerts-empty');
    await empty.waitFor({ timeout: 30_000 });
    assert.match(
      (await empty.innerText()).replace(/\s+/g, ' '),
      /No alert matches the filter 1 alert is hidden: acknowledged\/silenced and inhibited alerts are not shown\./,
    );
    assert.equal(await page.getByTestId('clear-filter-empty').count(), 0, 'no filter to clear');
    // Beside the count too, where it shows while other alerts are listed.
    assert.match(
      (await page.getByTestId('hidden-suppressed').innerText()).replace(/\s+/g, ' '),
      /^1 acked, silenced or inhibited show$/,
    );
    // From the filter, Tab reaches the way back (the pickers come first), and Enter takes it.
    await page.getByTestId('filter-input').focus();
    let reached = false;
    for (let i = 0; i < 12 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page
        .getByTestId('show-states')
        .evaluate((b) => b === b.ownerDocument.activeElement);
    }
    assert.ok(reached, 'Tab from the filter reaches "Show acknowledged/silenced and inhibited"');
    await page.keyboard.press('Enter');
    await page
      .locator('[data-testid=alert-row], [data-testid=group-row]', { hasText: 'AckedDisk' })
      .first()
      .waitFor();
    assert.equal(await empty.count(), 0);
  });

  it('a filter too: says both, and each way back is offered', async () => {
    await page.getByTestId('filter-input').fill('team="nobody"');
    const empty = page.getByTestId('alerts-empty');
    await empty.waitFor();
    assert.match(
      (await empty.innerText()).replace(/\s+/g, ' '),
      /1 alert is hidden by the filter\./,
    );
    await page.getByTestId('clear-filter-empty').click();
    await page
      .locator('[data-testid=alert-row], [data-testid=group-row]', { hasText: 'AckedDisk' })
      .first()
      .waitFor();
    assert.equal(await page.inputValue('[data-testid=filter-input]'), '');
  });
});
