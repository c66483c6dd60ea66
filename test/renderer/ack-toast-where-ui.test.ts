// The acknowledgement toast says where the ack went, as the silence form's toast does ("… on
// am1"): with two Alertmanagers, `a` on a group or an alert names its Alertmanager, and a
// multi-selection acknowledged across both names both. Found by an on-call walk-through: the
// ack toast named the alert but not where, so with several Alertmanagers the engineer could not
// tell which one now held the ack. Two real Alertmanagers, real core, browser shell, Chromium.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  startAlertmanager,
  type AmProcess,
} from '../support/alertmanager.ts';
import { testInstance, testSettings, useAlertmanagerUi } from './support/ui.ts';

describe('the ack toast names the Alertmanager', { skip: amSkipReason() }, () => {
  let am2: AmProcess | undefined;
  const t = useAlertmanagerUi({
    alerts: [
      makeAlert({ alertname: 'WhereGroupOne', severity: 'critical', instance: 'a1' }),
      makeAlert({ alertname: 'WhereGroupOne', severity: 'critical', instance: 'a2' }),
      makeAlert({ alertname: 'WhereBoth', severity: 'warning', instance: 'b1' }),
    ],
    settings: async (am) => {
      am2 = await startAlertmanager();
      await postAlerts(am2.url, [
        makeAlert({ alertname: 'WhereAlertTwo', severity: 'warning', instance: 'c1' }),
        makeAlert({ alertname: 'WhereAlertTwo', severity: 'warning', instance: 'c2' }),
        makeAlert({ alertname: 'WhereBoth', severity: 'warning', instance: 'b2' }),
      ]);
      return testSettings([testInstance('am1', am.url), testInstance('am2', am2.url)]);
    },
    cleanup: () => am2?.stop(),
    viewport: { width: 960, height: 680 },
    ready: (page) =>
      page
        .locator('[data-testid=alert-row]', { hasText: 'c2' })
        .first()
        .waitFor({ timeout: 30_000 }),
  });
  let page: Page;
  before(() => ({ page } = t));

  const toast = (title: string) =>
    page.locator('[data-testid=toast]').filter({ hasText: title }).first();
  const group = (name: string) =>
    page.locator('[data-testid=group-row]').filter({ hasText: name }).first();

  async function dismissAll(): Promise<void> {
    for (let i = 0; i < 20 && (await page.locator('[data-testid=toast]').count()) > 0; i++)
      await page.keyboard.press('Escape');
  }

  it('`a` on a group says which group and on which Alertmanager', async () => {
    await dismissAll();
    await group('WhereGroupOne').locator('.sev-dot').click();
    await page.keyboard.press('a');
    const body = toast('Acknowledged').getByTestId('toast-body');
    await body.waitFor({ timeout: 15_000 });
    // A group says how many alerts the ack took.
    assert.match(
      (await body.textContent()) ?? '',
      /WhereGroupOne \(2 alerts\) on am1: silenced until/,
    );
  });

  it('`a` on an alert says which alert and on which Alertmanager', async () => {
    await dismissAll();
    await page.keyboard.press('Escape');
    await page.locator('[data-testid=alert-row]', { hasText: 'c1' }).locator('.age').click();
    await page.keyboard.press('a');
    const body = toast('Acknowledged').getByTestId('toast-body');
    await body.waitFor({ timeout: 15_000 });
    assert.match((await body.textContent()) ?? '', /WhereAlertTwo \(instance=c1\) on am2:/);
  });

  it('a selection acknowledged on both names both', async () => {
    await dismissAll();
    await page.keyboard.press('Escape');
    for (const i of ['b1', 'b2'])
      await page
        .locator('[data-testid=alert-row]', { hasText: i })
        .locator('.age')
        .click({ modifiers: ['Control'] });
    await page.getByTestId('selection-ack').click();
    const body = toast('Acknowledged').getByTestId('toast-body');
    await body.waitFor({ timeout: 15_000 });
    assert.match((await body.textContent()) ?? '', /Acknowledged 2 on am1 and am2:/);
  });
});
