// The matching budget in the window: a server silence `long=~"(a?)"×4000` (16 KB) over 200
// alerts with 4,000-character values. Edit… on it and the same matchers typed into a new
// silence show "too expensive to preview here; the server decides" instead of freezing core and
// window (before the budget, each preview cost the core ~7 s here, again every 5 s), and no
// main-thread task takes over 200 ms. Real Alertmanager, real core, browser shell, Chromium.
//
// The values start with 20 `a`s and go on with `b`s: the server's own RE2 (Go, same cost per
// character as re2js) stops at the first `b`, so the server answers within seconds; the core
// cannot know that from lengths alone, and 16,000 × 4,001 is far over the per-test bound.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert } from '../support/alertmanager.ts';
import { postSilence } from '../support/post-silence.ts';
import { bestTry, describeTries } from './support/long-tasks.ts';
import { useAlertmanagerUi } from './support/ui.ts';

const HUGE = '(a?)'.repeat(4000);
const BUDGET_TEXT = /too expensive to preview here.*the server decides/s;

describe('matching budget in the window', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: Array.from({ length: 200 }, (_, i) =>
      makeAlert({
        alertname: 'Costly',
        idx: String(i),
        long: 'a'.repeat(20) + 'b'.repeat(3980),
      }),
    ),
    viewport: { width: 1280, height: 800 },
  });
  let page: Page;

  /** Closes the silence dialog (Esc cancels it) and lets the window settle. */
  async function closeDialog(): Promise<void> {
    await page.keyboard.press('Escape');
    await page.locator('dialog[open]').waitFor({ state: 'detached' });
    await page.waitForTimeout(300);
  }
  let silenceId: string;

  before(async () => {
    page = t.page;
    silenceId = await postSilence(
      t.am.url,
      [
        { name: 'alertname', value: 'Costly', isRegex: false, isEqual: true },
        { name: 'long', value: HUGE, isRegex: true, isEqual: true },
      ],
      'a costly regex',
    );
  });

  it('Edit… on the server silence shows the budget message, no long task', async (ctx) => {
    await page.locator('button[data-view=silences]').click();
    const row = page.locator(`[data-testid=silence-row][data-silence-id="${silenceId}"]`);
    await row.waitFor({ timeout: 60_000 });
    const dialog = page.locator('dialog[open]');
    const note = dialog.locator('[data-testid=preview-budget]');
    const { tasks, all } = await bestTry(
      page,
      async () => {
        await row.click();
        await page.locator('[data-testid=silence-detail] [data-testid=silence-edit]').click();
        await dialog.waitFor();
        await note.waitFor({ timeout: 15_000 });
      },
      { maxTaskMs: 200, reset: closeDialog },
    );
    ctx.diagnostic(describeTries(all));
    assert.match((await note.textContent()) ?? '', BUDGET_TEXT);
    assert.match((await note.textContent()) ?? '', /200\s+alerts/);
    await closeDialog();
    assert.ok(Math.max(0, ...tasks) < 200, `long tasks: ${tasks.map(Math.round).join(', ')}`);
  });

  it('the same matchers in a new silence: the budget message, no long task', async (ctx) => {
    const dialog = page.locator('[data-testid=silence-dialog]');
    const note = dialog.locator('[data-testid=preview-budget]');
    const { tasks, all } = await bestTry(
      page,
      async () => {
        await page.getByRole('button', { name: 'New silence', exact: true }).click();
        await dialog.waitFor();
        await dialog.locator('[aria-label="Label name 1"]').fill('alertname');
        await dialog.locator('[aria-label="Value 1"]').fill('Costly');
        await dialog.getByRole('button', { name: '+ Add matcher' }).click();
        await dialog.locator('[aria-label="Label name 2"]').fill('long');
        await dialog.locator('[aria-label="Operator 2"]').selectOption('=~');
        await dialog.locator('[aria-label="Value 2"]').fill(HUGE);
        await note.waitFor({ timeout: 15_000 });
      },
      { maxTaskMs: 200, reset: closeDialog },
    );
    ctx.diagnostic(describeTries(all));
    assert.match((await note.textContent()) ?? '', BUDGET_TEXT);
    assert.equal(await dialog.locator('[data-testid=preview-count]').textContent(), '0');
    await closeDialog();
    assert.ok(Math.max(0, ...tasks) < 200, `long tasks: ${tasks.map(Math.round).join(', ')}`);
  });
});
