// Criticals scrolled out of view above say so: "↑ 1 critical above" at the top of the list, and
// a click (or Home) goes there. A walk-through scrolled 92 px down while acknowledging, a new
// critical sorted to the top, its toast went, and nothing on screen showed it. Real
// Alertmanager, real core, browser shell, Chromium at 960×680.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert, postAlerts, waitFor } from '../support/alertmanager.ts';
import { productSettings, testInstance, useAlertmanagerUi } from './support/ui.ts';

describe('criticals above the viewport', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: Array.from({ length: 40 }, (_, i) =>
      makeAlert({ alertname: 'AboveWarn', severity: 'warning', instance: `w${i}` }),
    ),
    settings: (am) => Promise.resolve(productSettings([testInstance('am1', am.url)])),
    viewport: { width: 960, height: 680 },
    ready: (page) =>
      page
        .locator('[data-testid=alert-count]', { hasText: '40 of 40' })
        .waitFor({ timeout: 30_000 }),
  });
  let page: Page;
  before(() => ({ page } = t));

  const notice = () => page.getByTestId('firing-above');
  const scrollList = (y: number) =>
    page.locator('.vlist .viewport').evaluate((el, top) => {
      el.scrollTop = top;
      el.dispatchEvent(new Event('scroll'));
    }, y);

  it('none while nothing critical is above', async () => {
    await scrollList(200);
    await page.waitForTimeout(300);
    assert.equal(await notice().count(), 0);
  });

  /** The first row in the list's viewport: its text and how far below the viewport's top. */
  const firstInView = () =>
    page.locator('.vlist .viewport').evaluate((vp) => {
      const box = vp.getBoundingClientRect();
      for (const r of vp.querySelectorAll('[data-testid=alert-row], [data-testid=group-row]')) {
        const b = r.getBoundingClientRect();
        if (b.bottom > box.top + 1) return { text: r.textContent ?? '', at: b.top - box.top };
      }
      return { text: '', at: 0 };
    });

  it('a critical that comes at the top while the list is scrolled: "↑ 1 critical above"', async () => {
    // What the engineer reads stays put: the new critical's rows go above it, out of view
    // (they pushed a walk-through's cursor row off the screen), and the notice says so.
    await scrollList(200);
    await page.waitForTimeout(500);
    const before = await firstInView();
    await postAlerts(t.am.url, [
      makeAlert({ alertname: 'AboveCrit', severity: 'critical', instance: 'c1' }),
    ]);
    await page
      .locator('[data-testid=alert-count]', { hasText: '41 of 41' })
      .waitFor({ timeout: 20_000 });
    await notice().waitFor();
    const after = await firstInView();
    assert.equal(after.text, before.text, 'the same row first in view');
    assert.ok(Math.abs(after.at - before.at) <= 2, `moved ${after.at - before.at} px`);
    await waitFor(async () => (await notice().textContent())?.trim() === '↑ 1 critical above', {
      message: 'the notice counts the critical above',
    });
    // Scrolled back to show it: the notice goes.
    await scrollList(0);
    await notice().waitFor({ state: 'detached' });
    await scrollList(200);
    await notice().waitFor();
  });

  it('a click goes to the top, on the critical', async () => {
    await notice().click();
    await page
      .locator('[data-testid=alert-row].selected, [data-testid=group-row].selected', {
        hasText: 'AboveCrit',
      })
      .waitFor({ timeout: 5_000 });
    await notice().waitFor({ state: 'detached' });
    assert.deepEqual(t.ui.problems, []);
  });
});
