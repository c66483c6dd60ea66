// A double tap of `a` acknowledged two criticals: the acknowledged row left, the cursor moved to
// the next one, and the second press took that one (a third would have taken a whole group).
// A press of `a` or `s` just after the list moved the cursor itself is held once and says so;
// pressing again acts. And `u` goes back one step per press: after two acks, the second `u`
// said "nothing to undo" while the first ack's toast still offered Undo. Real Alertmanager,
// real core, browser shell, Chromium at 960×680.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert, waitFor } from '../support/alertmanager.ts';
import { testInstance, testSettings, useAlertmanagerUi } from './support/ui.ts';

describe('a double tap of a', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [
      makeAlert({ alertname: 'TapFirst', severity: 'critical', instance: 'a1' }),
      makeAlert({ alertname: 'TapSecond', severity: 'critical', instance: 'b1' }),
    ],
    viewport: { width: 960, height: 680 },
    // The product's default: acknowledged (silenced) alerts leave the list.
    settings: (am) => {
      const s = testSettings([testInstance('am1', am.url)]);
      s.ui.filter = { ...s.ui.filter, showSilenced: false, showInhibited: false };
      return s;
    },
    ready: (page) =>
      page.locator('[data-testid=alert-count]', { hasText: '2 of 2' }).waitFor({ timeout: 30_000 }),
  });
  let page: Page;
  before(() => ({ page } = t));

  const acked = (name: string) =>
    Object.values(t.ui.shell.core.snapshot().alerts).some(
      (a) => a.labels['alertname'] === name && a.state === 'suppressed',
    );
  const selectedText = () =>
    page
      .locator('[data-testid=group-row].selected, [data-testid=alert-row].selected')
      .first()
      .innerText()
      .catch(() => '');

  it('the press after the cursor moved is held and said; the next one acts', async () => {
    await page.keyboard.press('j');
    await waitFor(async () => (await selectedText()).length > 0, { message: 'a row selected' });
    const first = /TapFirst/.test(await selectedText()) ? 'TapFirst' : 'TapSecond';
    const second = first === 'TapFirst' ? 'TapSecond' : 'TapFirst';
    await page.keyboard.press('a');
    // The acknowledged row leaves and the cursor moves to the other one.
    await waitFor(async () => new RegExp(second).test(await selectedText()), {
      message: 'the cursor moved on',
    });
    await page.keyboard.press('a');
    await page
      .locator('[data-testid=toast]', { hasText: `the cursor had just moved to ${second}` })
      .waitFor();
    await page.waitForTimeout(1000);
    await t.ui.shell.core.refresh();
    assert.ok(acked(first), `${first} acknowledged`);
    assert.ok(!acked(second), `${second} not acknowledged by the second tap`);
    await page.keyboard.press('a');
    await waitFor(
      async () => {
        await t.ui.shell.core.refresh();
        return acked(second);
      },
      { message: 'pressed again: acknowledged' },
    );
    // The window's answer (its toast, with Undo) may come after the server has it.
    await waitFor(
      async () =>
        (await page.locator('[data-testid=toast]', { hasText: /^Acknowledged/ }).count()) === 2,
      { message: 'both acknowledgements said' },
    );
  });

  it('u goes back one step per press', async () => {
    await page.keyboard.press('u');
    await page.keyboard.press('u');
    await waitFor(
      async () => {
        await t.ui.shell.core.refresh();
        return !acked('TapFirst') && !acked('TapSecond');
      },
      { message: 'both acknowledgements undone' },
    );
    assert.equal(
      await page.locator('[data-testid=toast]', { hasText: 'nothing to undo' }).count(),
      0,
    );
  });

  it('an ended ack reads ended in Silences: no green badge, no "renews it"', async () => {
    await page.keyboard.press('2');
    await page.locator('button[role=tab][data-tab=expired]').click();
    const row = page.locator('[data-testid=silence-row]', { hasText: 'TapFirst' }).first();
    await row.waitFor({ timeout: 20_000 });
    assert.match(await row.innerText(), /acknowledged by \S+, ended/);
    assert.equal(await row.locator('.badge.ack').count(), 0);
    await row.click();
    const state = page.getByTestId('ack-state');
    await state.waitFor();
    assert.match(await state.innerText(), /^acknowledged by \S+; it has ended\.$/);
    await page.keyboard.press('1');
  });
});
