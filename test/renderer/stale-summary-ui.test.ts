// With servers down in two ways at once (a standalone Alertmanager dead, one peer of an HA pair
// dead), the banner's line says which cluster gives no data and since when, and which member is
// down in a cluster that still answers. A walk-through read "2 instances not answering (1 in
// clusters that still answer)" and still did not know which, or since when. Real Alertmanager
// processes, real core, browser shell, Chromium at 960×680.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  startAlertmanager,
  startCluster,
  waitFor,
  type AmCluster,
  type AmProcess,
} from '../support/alertmanager.ts';
import { launchBrowser, openUi, testInstance, testSettings, type Ui } from './support/ui.ts';

describe('the banner names what is down, and since when', { skip: amSkipReason() }, () => {
  let cluster: AmCluster;
  let single: AmProcess;
  let browser: Browser;
  let ui: Ui;
  let page: Page;

  before(async () => {
    cluster = await startCluster(2);
    single = await startAlertmanager();
    await postAlerts(cluster.urls, [makeAlert({ alertname: 'DownProd', severity: 'warning' })]);
    await postAlerts(single.url, [makeAlert({ alertname: 'DownStaging', severity: 'critical' })]);
    browser = await launchBrowser();
    ui = await openUi(
      browser,
      testSettings([
        testInstance('prod-a', cluster.urls[0]!, { cluster: 'prod' }),
        testInstance('prod-b', cluster.urls[1]!, { cluster: 'prod' }),
        testInstance('staging', single.url),
      ]),
      { viewport: { width: 960, height: 680 } },
    );
    page = ui.page;
    await page.locator('[data-testid=alert-row]', { hasText: 'DownStaging' }).waitFor({
      timeout: 30_000,
    });
  });

  after(async () => {
    await ui?.close();
    await browser?.close();
    await cluster?.stop();
    await single?.stop();
  });

  it('"No data from staging since …; prod-b not answering since … — its cluster still answers"', async () => {
    await single.stop();
    await cluster.peers[1]!.stop();
    const summary = page.getByTestId('stale-summary');
    const time = String.raw`\d{1,2}:\d{2}(:\d{2})?( ?[AP]M)?`;
    const want = new RegExp(
      `^No data from staging since ${time} — the alerts shown are the last known; ` +
        `prod-b not answering since ${time} — its cluster still answers$`,
    );
    await waitFor(async () => want.test((await summary.textContent().catch(() => '')) ?? ''), {
      timeoutMs: 30_000,
      message: 'the summary says which and since when',
    });
    assert.match((await summary.textContent()) ?? '', want);
    // Its icon and its words apart ("⚠No data").
    assert.match(
      await page.locator('[data-testid=stale-banner] summary').innerText(),
      /^⚠ No data/,
    );
    assert.match((await page.getByTestId('stale-banner').getAttribute('class')) ?? '', /blind/);
  });
});
