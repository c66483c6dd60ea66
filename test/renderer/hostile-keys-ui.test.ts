// Fingerprints a plain JavaScript object already has as keys ("__proto__", "constructor",
// "toString") are alerts like any other, all the way to the window: listed and counted when
// they fire, gone when they resolve, back when they fire again. Real Alertmanager sends hex;
// this server (the 0.34 flavour of test/support/flavours.ts) sends its own. Real core, browser
// shell, headless Chromium.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  startAlertmanager034,
  type FlavourAlert,
  type FlavourServer,
} from '../support/flavours.ts';
import { waitFor } from '../support/wait.ts';
import { chromiumSkipReason } from '../support/chromium.ts';
import { launchBrowser, openUi, testInstance, testSettings, type Ui } from './support/ui.ts';

const keyed = (fingerprint: string): FlavourAlert => ({
  labels: { alertname: 'Keyed', severity: 'critical', key: `k-${fingerprint}` },
  fingerprint,
});

describe('fingerprints Object.prototype has, in the window', { skip: chromiumSkipReason() }, () => {
  const alerts: FlavourAlert[] = [
    keyed('0123456789abcdef'),
    keyed('__proto__'),
    keyed('constructor'),
    keyed('toString'),
  ];
  let am: FlavourServer;
  let browser: Browser;
  let ui: Ui;
  let page: Page;

  before(async () => {
    am = await startAlertmanager034({ alerts });
    browser = await launchBrowser();
    ui = await openUi(browser, testSettings([testInstance('am', am.baseUrl)]));
    page = ui.page;
  });
  after(async () => {
    await ui?.close();
    await browser?.close();
    await am?.close();
  });

  async function shows(n: number, keys: string[]): Promise<void> {
    await waitFor(
      async () => {
        const count = (await page.locator('[data-testid=alert-count]').textContent())?.trim();
        const rows = await page.locator('[data-testid=alert-row]').allTextContents();
        const shown = keys.filter((k) => rows.some((r) => r.includes(`k-${k}`)));
        if (count === `${n} of ${n}` && rows.length === n && shown.length === keys.length)
          return true;
        // Not yet: what the window shows is the error waitFor reports if it never is.
        throw new Error(`count "${count}", ${rows.length} rows, shown ${JSON.stringify(shown)}`);
      },
      { timeoutMs: 20_000, message: `${n} of ${n} with ${keys.join(', ')}` },
    );
  }

  it('lists and counts each, drops the resolved ones and shows one that fires again', async () => {
    await shows(4, ['0123456789abcdef', '__proto__', 'constructor', 'toString']);
    // Resolved: the server stops listing them.
    alerts.splice(1, 2);
    await shows(2, ['0123456789abcdef', 'toString']);
    alerts.push(keyed('__proto__'));
    await shows(3, ['0123456789abcdef', 'toString', '__proto__']);
    assert.deepEqual(ui.problems, []);
  });
});
