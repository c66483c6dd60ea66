// "Alerting pipeline silent" in the window (issue 32): a real Prometheus sends its always-firing
// Watchdog to a real Alertmanager; the window behind the browser shell shows nothing special
// while it is listed, and when the rule is removed (Alertmanager still answering) the title,
// the banner and the favicon say the pipeline is silent; with the rule back they clear.
// A critical alert meanwhile beats the pipeline state in the favicon, not in the banner.
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
import {
  NO_RULES,
  promSkipReason,
  startPrometheus,
  WATCHDOG_RULES,
  type PromProcess,
} from '../support/prometheus.ts';
import { launchBrowser, openUi, testInstance, testSettings, type Ui } from './support/ui.ts';

describe('window: alerting pipeline silent', { skip: amSkipReason() || promSkipReason() }, () => {
  let am: AmProcess;
  let prom: PromProcess;
  let browser: Browser;
  let ui: Ui;
  let page: Page;
  const favicon = () => page.locator('link[rel=icon]').getAttribute('data-state');
  const banner = () => page.locator('[data-testid=pipeline-banner]');

  before(async () => {
    am = await startAlertmanager();
    prom = await startPrometheus({ rules: WATCHDOG_RULES, alertmanagerUrls: [am.url] });
    browser = await launchBrowser();
    const settings = testSettings([testInstance('am1', am.url, { cluster: 'prod' })]);
    settings.notifications.watchdogSilentMin = 0.1;
    ui = await openUi(browser, settings);
    page = ui.page;
  });
  after(async () => {
    await ui?.close();
    await browser?.close();
    await prom?.stop();
    await am?.stop();
  });

  it('with the Watchdog listed: ok favicon, no banner, nothing firing, the list clear', async () => {
    // Hidden from the list (it fires by design) but there: typing its matcher shows it.
    const empty = page.getByTestId('alerts-empty');
    await waitFor(
      async () =>
        /dead-man’s switch alertname="Watchdog"/.test(
          (await empty.textContent().catch(() => '')) ?? '',
        ),
      { timeoutMs: 30_000 },
    );
    assert.equal(await page.locator('[data-testid=alert-row]').count(), 0);
    await waitFor(async () => (await favicon()) === 'ok', { timeoutMs: 20_000 });
    assert.equal(await banner().count(), 0);
    assert.equal(await page.title(), 'Alertmanager Tray');
    const input = page.getByTestId('filter-input');
    await input.fill('alertname="Watchdog"');
    await page.locator('[data-testid=alert-row]').first().waitFor({ timeout: 10_000 });
    await input.fill('');
  });

  it('rule removed: title, banner and favicon say the pipeline is silent on prod', async () => {
    await prom.setRules(NO_RULES);
    await banner().waitFor({ timeout: 40_000 });
    assert.match(
      (await banner().textContent()) ?? '',
      /Alerting pipeline silent on prod\s*— alertname="Watchdog" not listed for 0\.1 min/,
    );
    assert.equal(await page.title(), 'alerting pipeline silent on prod — Alertmanager Tray');
    assert.equal(await favicon(), 'pipeline-silent');
    const href = (await page.locator('link[rel=icon]').getAttribute('href')) ?? '';
    assert.ok(href.startsWith('data:image/png') || href.includes('.png'), href.slice(0, 40));
    assert.deepEqual(ui.problems, []);
  });

  it('a critical alert beats it in the favicon; the banner stays', async () => {
    await postAlerts(am.url, [makeAlert({ alertname: 'DiskFull', severity: 'critical' })]);
    await waitFor(async () => (await favicon()) === 'critical', { timeoutMs: 20_000 });
    assert.equal(await banner().count(), 1);
    assert.match(await page.title(), /^1 critical · alerting pipeline silent on prod/);
  });

  it('rule back: the banner clears', async () => {
    await prom.setRules(WATCHDOG_RULES);
    await banner().waitFor({ state: 'detached', timeout: 40_000 });
    assert.match(await page.title(), /^1 critical — Alertmanager Tray$/);
  });
});
