// `n`/`p` move the cursor to the next or previous group header: in an incident with a big group
// first, j took a dozen presses (or hundreds) to reach the next alert name. The next header may
// lie far outside the rows the window holds (the core finds it). Real Alertmanager, real core,
// browser shell, Chromium at 960×680.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert, waitFor } from '../support/alertmanager.ts';
import { useAlertmanagerUi } from './support/ui.ts';

// More rows than one answer holds (MAX_ROWS, 400): the next header is found by the core.
const BIG = 600;

describe('n and p jump between groups', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [
      ...Array.from({ length: BIG }, (_, i) =>
        makeAlert({ alertname: 'BigFirst', severity: 'critical', instance: `b${i}` }),
      ),
      makeAlert({ alertname: 'MidSecond', severity: 'warning', instance: 'm1' }),
      makeAlert({ alertname: 'MidSecond', severity: 'warning', instance: 'm2' }),
      makeAlert({ alertname: 'LowThird', severity: 'info', instance: 'l1' }),
      makeAlert({ alertname: 'LowThird', severity: 'info', instance: 'l2' }),
    ],
    viewport: { width: 960, height: 680 },
    ready: (page) =>
      page
        .locator('[data-testid=alert-count]', { hasText: `${BIG + 4} of ${BIG + 4}` })
        .waitFor({ timeout: 30_000 }),
  });
  let page: Page;
  before(() => ({ page } = t));

  /** The cursor row: "group BigFirst", or "alert" for an alert row. */
  const cursor = async () => {
    const row = page
      .locator('[data-testid=alert-row].selected, [data-testid=group-row].selected')
      .first();
    if ((await row.count()) === 0) return '';
    if ((await row.getAttribute('data-testid')) !== 'group-row') return 'alert';
    return `group ${/BigFirst|MidSecond|LowThird/.exec((await row.textContent()) ?? '')?.[0]}`;
  };
  const until = (want: string) =>
    waitFor(async () => ((await cursor()) === want ? true : false), {
      timeoutMs: 10_000,
      message: `cursor on ${want}`,
    });

  it('n goes to the next header, past hundreds of alert rows, and shows it', async () => {
    for (let i = 0; i < 10 && (await page.locator('[data-testid=toast]').count()) > 0; i++)
      await page.keyboard.press('Escape');
    await page.keyboard.press('Home');
    await until('group BigFirst');
    await page.keyboard.press('n');
    await until('group MidSecond');
    // Drawn where it can be read, and focus came with it (Enter acts on it).
    const header = page.locator('[data-testid=group-row].selected');
    assert.ok(await header.isVisible());
    const box = await header.boundingBox();
    assert.ok(box && box.y >= 0 && box.y + box.height <= 680, JSON.stringify(box));
    await page.keyboard.press('n');
    await until('group LowThird');
    // The last group: n stays.
    await page.keyboard.press('n');
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(await cursor(), 'group LowThird');
  });

  it('p goes back, from an alert row to its own header first', async () => {
    await page.keyboard.press('p');
    await until('group MidSecond');
    await page.keyboard.press('p');
    await until('group BigFirst');
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await until('alert');
    await page.keyboard.press('p');
    await until('group BigFirst');
    await page.keyboard.press('p');
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(await cursor(), 'group BigFirst', 'nothing before the first');
  });

  it('the sheet of shortcuts lists them', async () => {
    await page.keyboard.press('?');
    const sheet = page.getByTestId('shortcuts-sheet');
    await sheet.waitFor();
    assert.match((await sheet.textContent()) ?? '', /n p\s*Next \/ previous group/);
    await page.keyboard.press('Escape');
  });
});
