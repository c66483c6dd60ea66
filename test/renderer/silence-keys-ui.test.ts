// The Silences view's single keys on the selected silence: `+` extends it by an hour, `e` edits
// it, Delete asks to expire it and Enter confirms. A walk-through reached Expire with Enter and
// four Tabs, and extended with Enter and a Tab. Real Alertmanager (its silences read back from
// its API), real core, browser shell, Chromium at 960×680.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { GettableSilence } from '../../main/core/api/types.ts';
import { amSkipReason, makeAlert, waitFor } from '../support/alertmanager.ts';
import { postSilence } from '../support/post-silence.ts';
import { testInstance, testSettings, useAlertmanagerUi } from './support/ui.ts';

describe('single keys on a selected silence', { skip: amSkipReason() }, () => {
  let id = '';
  const t = useAlertmanagerUi({
    alerts: [makeAlert({ alertname: 'KeyedSilence', severity: 'warning', instance: 'k1' })],
    settings: async (am) => {
      id = await postSilence(
        am.url,
        [{ name: 'alertname', value: 'KeyedSilence', isRegex: false, isEqual: true }],
        'network maintenance',
      );
      return testSettings([testInstance('am1', am.url)]);
    },
    viewport: { width: 960, height: 680 },
    ready: (page) =>
      page.locator('[data-testid=alert-count]', { hasText: '1 of 1' }).waitFor({ timeout: 30_000 }),
  });
  let page: Page;
  before(() => ({ page } = t));

  const onServer = async (): Promise<GettableSilence> => {
    const res = await fetch(`${t.am.url}/api/v2/silence/${id}`);
    return (await res.json()) as GettableSilence;
  };

  it('`+` extends the selected silence by an hour', async () => {
    const before = Date.parse((await onServer()).endsAt);
    await page.keyboard.press('2');
    await page.locator('[data-testid=silence-row]', { hasText: 'network maintenance' }).waitFor();
    await page.keyboard.press('j');
    await page.getByTestId('silence-detail').waitFor();
    await page.keyboard.press('+');
    await waitFor(async () => Date.parse((await onServer()).endsAt) >= before + 3_550_000, {
      message: 'the silence ends an hour later on the server',
    });
    // The extend is done in the window too (its buttons busy until the core answered: a key
    // pressed meanwhile is not taken, as a click is not).
    await waitFor(
      async () => (await page.getByTestId('silence-edit').getAttribute('aria-disabled')) !== 'true',
      { message: 'the actions are no longer busy' },
    );
  });

  it('`e` opens the selected silence in the silence form', async () => {
    await page.keyboard.press('e');
    const dialog = page.locator('[data-testid=silence-dialog]');
    await dialog.waitFor();
    assert.equal(await dialog.locator('#silence-comment').inputValue(), 'network maintenance');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('Delete asks to expire it; Enter confirms', async () => {
    await page.keyboard.press('Delete');
    const confirm = page.getByTestId('expire-confirm');
    await confirm.waitFor();
    assert.equal(
      await confirm.evaluate(
        (el) => el === (el.ownerDocument as { activeElement: unknown }).activeElement,
      ),
      true,
      'the confirmation has focus',
    );
    assert.equal((await onServer()).status.state, 'active', 'nothing expired before Enter');
    await page.keyboard.press('Enter');
    await waitFor(async () => (await onServer()).status.state === 'expired', {
      message: 'expired on the server',
    });
  });
});
