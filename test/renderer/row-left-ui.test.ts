// The cursor row that leaves the list on its own says why. Its detail closes (the pane never
// switches alerts under the reader's eyes), and before this the pane and the cursor just
// vanished: a walk-through's TargetDown resolved while the engineer read it, and nothing said
// so. Now a toast names it and why (resolved, silenced by someone else), and j goes on from
// its place; the user's own acknowledgement says only what it did. Real Alertmanager, real
// core, browser shell, Chromium at 960×680, the product's default state toggles.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert, postAlerts, waitFor } from '../support/alertmanager.ts';
import { postSilence } from '../support/post-silence.ts';
import { dismissToasts, productSettings, testInstance, useAlertmanagerUi } from './support/ui.ts';

describe('the cursor row that leaves on its own says why', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [
      makeAlert({ alertname: 'LeftMine', severity: 'critical', instance: 'm1' }),
      makeAlert({ alertname: 'LeftResolves', severity: 'warning', instance: 'r1' }),
      makeAlert({ alertname: 'LeftSilenced', severity: 'warning', instance: 's1' }),
      makeAlert({ alertname: 'LeftStays', severity: 'info', instance: 'z1' }),
    ],
    settings: (am) => Promise.resolve(productSettings([testInstance('am1', am.url)])),
    viewport: { width: 960, height: 680 },
    ready: (page) =>
      page.locator('[data-testid=alert-count]', { hasText: '4 of 4' }).waitFor({ timeout: 30_000 }),
  });
  let page: Page;
  before(() => ({ page } = t));

  const row = (name: string) => page.locator('[data-testid=alert-row]', { hasText: name });
  const toast = (text: string | RegExp) => page.locator('[data-testid=toast]', { hasText: text });
  const pane = () => page.locator('[data-testid=alert-detail]');

  it('resolved under the cursor: the toast says so, and j goes on from its place', async () => {
    await dismissToasts(page);
    await row('r1').locator('.age').click();
    await pane().waitFor();
    await postAlerts(t.am.url, [
      makeAlert(
        { alertname: 'LeftResolves', severity: 'warning', instance: 'r1' },
        { endsAt: new Date(Date.now() - 60_000).toISOString() },
      ),
    ]);
    // Which one, and where: its telling labels and its Alertmanager, as the ack toasts say.
    await toast(/Resolved: LeftResolves \(instance=r1\b.*\) on am1/).waitFor({
      timeout: 20_000,
    });
    assert.match(
      (await toast('LeftResolves').textContent()) ?? '',
      /It left the list\. j goes on from its place\./,
    );
    // Why first: a toast is one line, and the reason at its end was cut off.
    assert.match(
      (await toast('LeftResolves').locator('.title').textContent()) ?? '',
      /^Resolved: /,
    );
    await pane().waitFor({ state: 'detached' });
    await page.keyboard.press('j');
    await page
      .locator('[data-testid=alert-row].selected', { hasText: 'LeftSilenced' })
      .waitFor({ timeout: 5_000 });
  });

  it('silenced by someone else: the toast says silenced', async () => {
    await dismissToasts(page);
    await postSilence(t.am.url, [
      { name: 'alertname', value: 'LeftSilenced', isRegex: false, isEqual: true },
    ]);
    // By whom, until when, and why.
    await toast(
      /Silenced by someone until .+: LeftSilenced \(instance=s1\b.*\) on am1\s*"posted by a test"/,
    ).waitFor({ timeout: 20_000 });
  });

  it('acknowledged here: only what the ack did, not "left the list"', async () => {
    await dismissToasts(page);
    await row('m1').locator('.age').click();
    await page.keyboard.press('Escape');
    await page.keyboard.press('a');
    await toast('Acknowledged').waitFor({ timeout: 20_000 });
    await row('m1').waitFor({ state: 'detached', timeout: 20_000 });
    // A poll later, still nothing about it having left.
    await page.waitForTimeout(3_000);
    await waitFor(
      async () => (await toast(/(Resolved|Silenced|Left the list): LeftMine/).count()) === 0,
    );
    assert.deepEqual(t.ui.problems, []);
  });
});
