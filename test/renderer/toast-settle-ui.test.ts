// A toast about an alert the user then silences or acknowledges from the window (the detail
// pane, `s`, `a`) goes: its Silence… and Ack have nothing left to ask (a walk-through silenced a
// critical from its detail and its toast still offered both). A toast about another alert stays.
// Real Alertmanager, real core, browser shell, Chromium at 960×680.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert, postAlerts, waitFor } from '../support/alertmanager.ts';
import { useAlertmanagerUi } from './support/ui.ts';

describe(
  'toasts settle when the user silences what they are about',
  { skip: amSkipReason() },
  () => {
    const t = useAlertmanagerUi({
      alerts: [makeAlert({ alertname: 'SettleBase', severity: 'warning' })],
      viewport: { width: 960, height: 680 },
      // The tab's desktop notifications, allowed and recorded: shown, and closed.
      onPage: async (page) => {
        await page.context().grantPermissions(['notifications']);
        // A function, not a class: `new` returns the real notification it wraps.
        await page.addInitScript(`(() => {
          const Real = window.Notification;
          window.__desktop = [];
          const Recorded = function (title, options) {
            const n = new Real(title, options);
            const entry = { title, closed: false };
            window.__desktop.push(entry);
            const close = n.close.bind(n);
            n.close = () => { entry.closed = true; close(); };
            return n;
          };
          Object.defineProperty(Recorded, 'permission', { get: () => Real.permission });
          Recorded.requestPermission = Real.requestPermission.bind(Real);
          window.Notification = Recorded;
        })()`);
      },
    });
    const desktop = () =>
      page.evaluate(
        () =>
          (globalThis as unknown as { __desktop: { title: string; closed: boolean }[] }).__desktop,
      );
    let page: Page;
    before(() => ({ page } = t));
    /** The alert's own toast (the one offering Silence…), not "Acknowledged" naming it. */
    const toast = (name: string) =>
      page
        .locator('[data-testid=toast]', { hasText: name })
        .filter({ has: page.getByRole('button', { name: 'Silence…' }) });

    it('silencing an alert from the list takes its toast away, not the others', async () => {
      await page.keyboard.press('j'); // the tab is used (its sound line goes)
      await postAlerts(t.am.url, [
        makeAlert({ alertname: 'SettleOne', severity: 'critical', node: 'n1' }),
        makeAlert({ alertname: 'SettleTwo', severity: 'critical', node: 'n2' }),
      ]);
      await toast('SettleOne').waitFor({ timeout: 30_000 });
      await toast('SettleTwo').waitFor({ timeout: 30_000 });
      assert.equal(await toast('SettleOne').getByRole('button', { name: 'Silence…' }).count(), 1);

      await page
        .locator('[data-testid=alert-row]', { hasText: 'SettleOne' })
        .locator('.age')
        .click();
      await page.keyboard.press('s');
      const dialog = page.locator('[data-testid=silence-dialog]');
      await dialog.locator('#silence-comment').fill('node n1 drained');
      await dialog.locator('#silence-comment').press('Control+Enter');
      await dialog.getByTestId('silence-success').waitFor();
      await waitFor(async () => (await toast('SettleOne').count()) === 0, {
        message: 'the silenced alert’s toast goes',
      });
      assert.equal(await toast('SettleTwo').count(), 1, 'the other alert’s toast stays');
      await page.keyboard.press('Escape');
    });

    it('acknowledging with `a` takes its toast away', async () => {
      await page
        .locator('[data-testid=alert-row]', { hasText: 'SettleTwo' })
        .locator('.age')
        .click();
      await page.keyboard.press('a');
      await page.locator('[data-testid=toast]', { hasText: 'Acknowledged' }).waitFor();
      await waitFor(async () => (await toast('SettleTwo').count()) === 0, {
        message: 'the acknowledged alert’s toast goes',
      });
      // Its desktop notification is withdrawn from the system's list too; the other's stays.
      const shown = await desktop();
      const what = JSON.stringify(shown);
      assert.ok(
        shown.some((d) => d.title.startsWith('SettleTwo') && d.closed),
        what,
      );
      assert.ok(
        shown.some((d) => d.title.startsWith('SettleOne') && d.closed),
        what,
      );
      assert.ok(
        shown.every((d) => !d.closed || /^Settle(One|Two)/.test(d.title)),
        `only those: ${what}`,
      );
    });

    it('expiring a silence here takes away the toast offering to expire or extend it', async () => {
      // No other toast: the new ones must not push this one out (three are shown).
      await page.keyboard.press('Shift+Escape');
      await page
        .locator('[data-testid=alert-row]', { hasText: 'SettleBase' })
        .locator('.age')
        .click();
      await page.keyboard.press('s');
      const dialog = page.locator('[data-testid=silence-dialog]');
      await dialog.locator('#silence-comment').fill('base silenced');
      await dialog.locator('#silence-comment').press('Control+Enter');
      await dialog.getByTestId('silence-success').waitFor();
      await page.keyboard.press('Escape');
      // Its toast offers Expire and Extend 1d.
      const saved = page
        .locator('[data-testid=toast]')
        .filter({ has: page.getByTestId('toast-extend') });
      await saved.first().waitFor();
      await page.keyboard.press('2');
      await page.locator('[data-testid=silence-row]', { hasText: 'base silenced' }).click();
      await page.getByTestId('silence-expire').click();
      await page.getByTestId('expire-confirm').click();
      await page.locator('[data-testid=toast]', { hasText: 'Silence expired' }).waitFor();
      assert.ok((await page.locator('[data-testid=toast]').count()) < 3, 'none pushed out');
      // At once, not when its own 15 s run out.
      await waitFor(async () => (await saved.count()) === 0, {
        timeoutMs: 2_000,
        message: 'no toast offers to expire or extend the expired silence',
      });
      await page.keyboard.press('1');
    });
  },
);
