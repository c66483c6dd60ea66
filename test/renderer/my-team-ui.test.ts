// "My team" in the window (issue 32 item 4): an emulated Alertmanager 0.34 lists receivers with
// labels (test/support/receiver-labels.ts names the upstream file) and a real Alertmanager 0.25
// has none. With Settings' team matcher `team="payments"`, the filter bar's "My team" narrows
// the list to alerts routed to receivers labelled so; it is saved with the filter; on servers
// without receiver labels it is offered disabled, and the list is unchanged.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  startAlertmanager,
  waitFor,
  type AmProcess,
} from '../support/alertmanager.ts';
import { startAlertmanager034, type FlavourServer } from '../support/flavours.ts';
import { launchBrowser, openUi, testInstance, testSettings, type Ui } from './support/ui.ts';

async function rowTexts(page: Page): Promise<string> {
  return (await page.locator('[data-testid=alert-row]').allTextContents()).join('\n');
}

describe('window: "my team" filter from receiver labels', () => {
  let am034: FlavourServer;
  let browser: Browser;
  let ui: Ui;
  let page: Page;

  before(async () => {
    am034 = await startAlertmanager034({
      alerts: [
        { labels: { alertname: 'CardDeclines', severity: 'critical' }, receiver: 'payments' },
        { labels: { alertname: 'RefundLag', severity: 'warning' }, receiver: 'payments' },
        { labels: { alertname: 'DiskFull', severity: 'critical' }, receiver: 'storage' },
        { labels: { alertname: 'Unrouted', severity: 'warning' }, receiver: 'catch-all' },
      ],
      receivers: [
        { name: 'payments', labels: { team: 'payments' } },
        { name: 'storage', labels: { team: 'storage' } },
        { name: 'catch-all' },
      ],
    });
    browser = await launchBrowser();
    const settings = testSettings([testInstance('am034', am034.baseUrl)]);
    settings.notifications.team = 'team="payments"';
    ui = await openUi(browser, settings);
    page = ui.page;
    await waitFor(async () => (await page.locator('[data-testid=alert-row]').count()) === 4, {
      timeoutMs: 30_000,
    });
  });
  after(async () => {
    await ui?.close();
    await browser?.close();
    await am034?.close();
  });

  it('narrows the list to my team, and back', async () => {
    const toggle = page.getByTestId('my-team');
    await waitFor(async () => !(await toggle.isDisabled()), { timeoutMs: 20_000 });
    await toggle.check();
    await waitFor(async () => (await page.locator('[data-testid=alert-row]').count()) === 2);
    const text = await rowTexts(page);
    assert.match(text, /CardDeclines/);
    assert.match(text, /RefundLag/);
    assert.doesNotMatch(text, /DiskFull|Unrouted/);
    // Saved with the filter (the lead wires it as a saved view).
    await waitFor(async () => ui.shell.core.getSettings().ui.filter.myTeam === true, {
      timeoutMs: 10_000,
    });
    await toggle.uncheck();
    await waitFor(async () => (await page.locator('[data-testid=alert-row]').count()) === 4);
    assert.deepEqual(ui.problems, []);
  });
});

describe('window: "my team" on a server without receiver labels', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  let browser: Browser;
  let ui: Ui;

  before(async () => {
    am = await startAlertmanager();
    await postAlerts(am.url, [makeAlert({ alertname: 'OldServerAlert', severity: 'warning' })]);
    browser = await launchBrowser();
    const settings = testSettings([testInstance('am1', am.url)]);
    settings.notifications.team = 'team="payments"';
    ui = await openUi(browser, settings);
    await ui.page.locator('[data-testid=alert-row]').first().waitFor({ timeout: 30_000 });
  });
  after(async () => {
    await ui?.close();
    await browser?.close();
    await am?.stop();
  });

  it('is offered disabled, saying why; the list is unchanged', async () => {
    const toggle = ui.page.getByTestId('my-team');
    assert.equal(await toggle.isDisabled(), true);
    const title =
      (await ui.page.locator('label:has([data-testid=my-team])').getAttribute('title')) ?? '';
    assert.match(title, /No server reports receiver labels/);
    assert.match(await rowTexts(ui.page), /OldServerAlert/);
  });
});
