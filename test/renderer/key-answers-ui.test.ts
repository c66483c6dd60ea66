// No single-key shortcut is a silent no-op (keys of lib/app/keys.ts, App.svelte and the views'
// onKeydown): a key that cannot act says why in a toast, without taking focus. `t` with no
// silence template says so and focuses the way to make one (Enter opens the silence form with
// "Save as template"), from any view; `o`, `a`, `c`, `C`, `x` with nothing selected say
// "select an alert first"; the alert list's keys pressed in another view say where they work.
// Real Alertmanager, browser shell, Chromium. Before, each of these did nothing at all.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert } from '../support/alertmanager.ts';
import { waitFor } from '../support/wait.ts';
import { useAlertmanagerUi } from './support/ui.ts';

describe('keys that cannot act say so', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [makeAlert({ alertname: 'KeyAnswerDisk', severity: 'critical', instance: 'n1' })],
    viewport: { width: 960, height: 680 },
  });
  let page: Page;
  const toasts = () => page.locator('[data-testid=toast]');

  async function clearToasts(): Promise<void> {
    await page.locator('body').focus();
    for (let i = 0; i < 30 && (await toasts().count()) > 0; i++)
      await page.keyboard.press('Shift+Escape');
  }

  /** Presses `key` on the page and returns the toast it raised. */
  async function answerTo(key: string): Promise<string> {
    await clearToasts();
    await page.keyboard.press(key);
    await toasts().first().waitFor({ timeout: 5_000 });
    return (await toasts().first().textContent()) ?? '';
  }

  before(async () => {
    page = t.page;
    // The start-up notification ("1 alert already firing") goes first.
    await page.waitForTimeout(500);
  });

  it('o, a, c, C and x with nothing selected say to select an alert first', async () => {
    await clearToasts();
    assert.equal(await page.locator('[data-testid=detail-pane]').count(), 0, 'nothing selected');
    for (const key of ['o', 'a', 'c', 'C', 'x']) {
      const text = await answerTo(key);
      assert.match(text, new RegExp(`^${key}: select an alert first`), `${key}: ${text}`);
      // Said, not focused: focus stays where it was (the page).
      assert.equal(await page.evaluate('document.activeElement?.tagName'), 'BODY');
    }
  });

  it('t with no template says so, from Alerts, and focuses the way to make one', async () => {
    const text = await answerTo('t');
    assert.match(text, /no silence template yet/);
    assert.match(text, /Save as template/);
    const tab = page.locator('button[data-view=silences]');
    await waitFor(async () => (await tab.getAttribute('aria-current')) === 'page', {
      message: 'in Silences',
    });
    await page.locator('[data-testid=templates-bar]').waitFor();
    const make = page.locator('[data-testid=template-make]');
    assert.equal(
      await page.evaluate("document.activeElement?.getAttribute('data-testid')"),
      'template-make',
      'the way to make one has focus',
    );
    assert.match((await make.textContent()) ?? '', /make one/);
    await page.keyboard.press('Enter');
    const dialog = page.locator('dialog[open]');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: /save as template/i }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it("the alert list's keys in another view say where they work", async () => {
    await page.locator('[data-testid=templates-bar]').waitFor();
    for (const key of ['s', 'o', 'e']) {
      const text = await answerTo(key);
      assert.match(text, new RegExp(`^${key} works in Alerts`), `${key}: ${text}`);
      assert.match(text, /press 1/);
    }
    await clearToasts();
  });
});
