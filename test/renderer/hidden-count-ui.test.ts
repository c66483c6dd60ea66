// A count that differs because of something the app hides says why, with a way to show it:
// "2 of 3 · 1 dead-man's switch hidden · show" (Watchdog, hidden from the list by design,
// $core/list/watchdog-hide.ts) and "my team only · show all" (issue 32's team filter, on an
// emulated Alertmanager 0.34 with receiver labels, test/support/flavours.ts). "show" brings
// the Watchdog into the list; "show all" turns "my team" off. Before, the count read "2 of 3"
// and nothing said where the third alert went. Real Alertmanager, browser shell, Chromium.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { amSkipReason, makeAlert, waitFor } from '../support/alertmanager.ts';
import { startAlertmanager034, type FlavourServer } from '../support/flavours.ts';
import { launchBrowser, openUi, testInstance, testSettings, type Ui } from './support/ui.ts';
import { useAlertmanagerUi } from './support/ui.ts';

const count = async (page: Page) =>
  ((await page.getByTestId('alert-count').textContent()) ?? '').trim();

describe(
  'the count says what the app hides: the dead-man’s switch',
  { skip: amSkipReason() },
  () => {
    const t = useAlertmanagerUi({
      alerts: [
        makeAlert({ alertname: 'Watchdog', severity: 'none' }),
        makeAlert({ alertname: 'HiddenDiskFull', severity: 'critical', instance: 'n1' }),
        makeAlert({ alertname: 'HiddenCpuHigh', severity: 'warning', instance: 'n2' }),
      ],
      viewport: { width: 960, height: 680 },
    });

    it('says "1 dead-man’s switch hidden" beside "2 of 3", and "show" lists it', async () => {
      const page = t.page;
      await waitFor(async () => (await count(page)) === '2 of 3', { message: '2 of 3' });
      const note = page.getByTestId('hidden-watchdog');
      assert.match(
        ((await note.textContent()) ?? '').replace(/\s+/g, ' '),
        /1 dead-man’s switch hidden show/,
      );
      // On the count's line, whole (not cut) at 960.
      const box = (await note.boundingBox())!;
      const countBox = (await page.getByTestId('alert-count').boundingBox())!;
      assert.ok(Math.abs(box.y - countBox.y) < 8, 'beside the count');
      assert.ok(box.x + box.width <= 960, 'whole');
      await note.getByRole('button', { name: 'show' }).click();
      await waitFor(async () => (await count(page)) === '1 of 3', {
        message: 'the watchdog alone',
      });
      assert.equal(await page.getByTestId('filter-input').inputValue(), 'alertname="Watchdog"');
      assert.equal(await note.count(), 0, 'no longer hidden');
      assert.equal(
        await page.locator('[data-testid=group-row]', { hasText: 'Watchdog' }).count(),
        1,
      );
    });
  },
);

describe('the count says what the app hides: my team', () => {
  let am034: FlavourServer;
  let browser: Browser;
  let ui: Ui;
  let page: Page;

  before(async () => {
    am034 = await startAlertmanager034({
      alerts: [
        { labels: { alertname: 'CardDeclines', severity: 'critical' }, receiver: 'payments' },
        { labels: { alertname: 'DiskFull', severity: 'critical' }, receiver: 'storage' },
      ],
      receivers: [
        { name: 'payments', labels: { team: 'payments' } },
        { name: 'storage', labels: { team: 'storage' } },
      ],
    });
    browser = await launchBrowser();
    const settings = testSettings([testInstance('am034', am034.baseUrl)]);
    settings.notifications.team = 'team="payments"';
    settings.ui.filter = { ...settings.ui.filter, myTeam: true };
    ui = await openUi(browser, settings, { viewport: { width: 960, height: 680 } });
    page = ui.page;
  });
  after(async () => {
    await ui?.close();
    await browser?.close();
    await am034?.close();
  });

  it('says "my team only" beside "1 of 2", and "show all" turns it off', async () => {
    await waitFor(async () => (await count(page)) === '1 of 2', { timeoutMs: 30_000 });
    const note = page.getByTestId('hidden-my-team');
    assert.match(((await note.textContent()) ?? '').replace(/\s+/g, ' '), /my team only show all/);
    await note.getByRole('button', { name: 'show all' }).click();
    await waitFor(async () => (await count(page)) === '2 of 2', { message: 'everyone' });
    assert.equal(await note.count(), 0);
    assert.equal(await page.getByTestId('my-team').isChecked(), false);
  });
});
