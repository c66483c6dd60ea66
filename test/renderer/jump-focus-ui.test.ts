// Focus through jumps that redraw the list (End, Home, a scroll): the list holds only the rows
// around the viewport, so End takes the focused row out of the DOM. Focus fell to the page then
// (Tab started again at the top bar, a screen reader lost its place), and Chromium charged
// 27-60 ms for taking out the focused row (the first End at 100,000 alerts was a 200 ms task).
// Now the list's viewport holds focus while its rows change and gives it to the cursor row
// once that is drawn. Real Alertmanager, real core, browser shell, Chromium at 960×680.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert, waitFor } from '../support/alertmanager.ts';
import { useAlertmanagerUi } from './support/ui.ts';

describe(
  'focus follows the cursor through jumps that redraw the list',
  { skip: amSkipReason() },
  () => {
    const t = useAlertmanagerUi({
      alerts: [
        ...Array.from({ length: 60 }, (_, i) =>
          makeAlert({ alertname: 'JumpTop', severity: 'critical', instance: `t${i}` }),
        ),
        ...Array.from({ length: 60 }, (_, i) =>
          makeAlert({ alertname: 'JumpEnd', severity: 'info', instance: `e${i}` }),
        ),
      ],
      viewport: { width: 960, height: 680 },
      ready: (page) =>
        page
          .locator('[data-testid=alert-count]', { hasText: '120 of 120' })
          .waitFor({ timeout: 30_000 }),
    });
    let page: Page;
    before(() => ({ page } = t));

    /** Where focus is: in the cursor row, elsewhere in the list, on the page, or elsewhere. */
    const focusAt = () =>
      page.evaluate(() => {
        interface El {
          isConnected: boolean;
          textContent: string | null;
          tagName: string;
          contains(other: El): boolean;
        }
        const g = globalThis as unknown as {
          document: { activeElement: El | null; body: El; querySelector(s: string): El | null };
        };
        const d = g.document;
        const a = d.activeElement;
        if (!a || a === d.body || !a.isConnected) return 'page';
        const cursor = d.querySelector('section[aria-label="Alert groups"] .selected');
        if (cursor && (cursor === a || cursor.contains(a))) return `cursor:${cursor.textContent}`;
        if (d.querySelector('section[aria-label="Alert groups"]')?.contains(a)) return 'list';
        return `elsewhere:${a.tagName}`;
      });
    const rowDrawn = (text: string) =>
      page.locator('[data-testid=alert-row]', { hasText: text }).count();

    it('End, Home and back: focus lands on the cursor row each time', async () => {
      for (let i = 0; i < 10 && (await page.locator('[data-testid=toast]').count()) > 0; i++)
        await page.keyboard.press('Escape');
      await page.locator('[data-testid=alert-row]', { hasText: 'instance=t0' }).click();
      assert.match(await focusAt(), /^cursor:.*instance=t0/);

      await page.keyboard.press('End');
      // The first row is no longer drawn: the jump took it (and its focus) out of the DOM.
      await waitFor(async () => (await rowDrawn('instance=t0')) === 0, {
        message: 'the top rows are redrawn away',
      });
      await waitFor(async () => /^cursor:.*instance=e\d+/.test(await focusAt()), {
        message: 'focus after End',
      });

      await page.keyboard.press('Home');
      await waitFor(async () => /^cursor:.*JumpTop/.test(await focusAt()), {
        message: 'focus after Home',
      });
      // The keyboard acts from there: j moves on and focus follows.
      const at = await focusAt();
      await page.keyboard.press('j');
      await waitFor(
        async () => (await focusAt()) !== at && (await focusAt()).startsWith('cursor:'),
        {
          message: 'focus after j',
        },
      );
    });

    it('a scroll that takes the focused row away keeps focus in the list', async () => {
      await page.locator('[data-testid=alert-row]', { hasText: 'instance=t1' }).first().click();
      assert.match(await focusAt(), /^cursor:/);
      const list = page.locator('section[aria-label="Alert groups"] [role=list]');
      await list.evaluate((el) => {
        el.scrollTop = el.scrollHeight;
      });
      await waitFor(async () => (await rowDrawn('instance=t1')) === 0, {
        message: 'the focused row is scrolled out of the rows drawn',
      });
      // Not dropped to the page: Tab and the keys still start from the list.
      assert.equal(await focusAt(), 'list');
      // j brings the cursor (and focus) back into view.
      await page.keyboard.press('j');
      await waitFor(async () => (await focusAt()).startsWith('cursor:'), {
        message: 'focus after j',
      });
    });
  },
);
