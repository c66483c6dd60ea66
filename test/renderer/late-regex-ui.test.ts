// Opening the window does not wait for the RE2 engine (issue 29): re2js (~150 kB, ~200 ms of a
// fresh page's opening here) is fetched after the list is drawn, and whatever reads matchers
// before it has come waits for it instead of answering wrongly: a saved filter's hint, a bad
// regex typed at once, a label added by a click. The age's clock-time title (Intl's first
// date format costs 20-80 ms on a fresh page) is made when the pointer comes. Real
// Alertmanager, real core, browser shell, headless Chromium.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert, waitFor } from '../support/alertmanager.ts';
import { useAlertmanagerUi } from './support/ui.ts';

/** Init script: the page time at which the first alert row was in the DOM (`__firstRowAt`). */
const FIRST_ROW = `(() => {
  const g = globalThis;
  const seen = () => {
    if (g.__firstRowAt === undefined && document.querySelector('[data-testid=alert-row]')) {
      g.__firstRowAt = performance.now();
    }
  };
  document.addEventListener('DOMContentLoaded', () =>
    new MutationObserver(seen).observe(document.body, { childList: true, subtree: true }));
})()`;

/** When the page started fetching re2js's chunk (page time), or null. */
const engineFetchedAt = (page: Page) =>
  page.evaluate(() => {
    const entries = performance.getEntriesByType('resource');
    const e = entries.find((r) => /\/re2js-[^/]*\.js$/.test(r.name));
    return e ? e.startTime : null;
  });

describe('the RE2 engine comes after the list', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [
      makeAlert({ alertname: 'KeepMe', severity: 'critical', team: 'db' }),
      makeAlert({ alertname: 'Other', severity: 'warning', team: 'web' }),
    ],
    viewport: { width: 960, height: 680 },
    onPage: (page) => page.addInitScript(FIRST_ROW),
  });

  it('is fetched after the first row is drawn, and soon after', async () => {
    await waitFor(async () => (await engineFetchedAt(t.page)) !== null, {
      message: 're2js fetched once the window has drawn its list',
      timeoutMs: 10_000,
    });
    const fetchedAt = await engineFetchedAt(t.page);
    const firstRowAt = await t.page.evaluate(
      () => (globalThis as unknown as { __firstRowAt?: number }).__firstRowAt ?? null,
    );
    assert.ok(firstRowAt !== null && fetchedAt !== null);
    assert.ok(fetchedAt > firstRowAt, `re2js at ${fetchedAt} ms, first row at ${firstRowAt} ms`);
  });

  it("the age's title says the local clock time once the pointer is on it", async () => {
    const age = t.page.locator('[data-testid=alert-row] .age').first();
    await age.hover();
    await waitFor(async () => /^since \S/.test((await age.getAttribute('title')) ?? ''), {
      message: 'title set on hover',
    });
  });

  it('a bad regex typed as the window opens gets its RE2 error', async () => {
    const page = await t.ui.context.newPage();
    await page.setViewportSize({ width: 960, height: 680 });
    await page.goto(t.ui.shell.url);
    await page.locator('[data-testid=alert-row]').first().waitFor();
    // Typed at once: the engine is usually not there yet (fetched after a second of idle).
    const early = (await engineFetchedAt(page)) === null;
    await page.locator('[data-testid=filter-input]').fill('team=~"[b"');
    await page
      .locator('[data-testid=filter-error]')
      .filter({ hasText: 'missing closing ]' })
      .waitFor({ timeout: 10_000 });
    assert.equal(
      await page.locator('[data-testid=filter-error]').filter({ hasText: 'still loading' }).count(),
      0,
    );
    // A label added by a click reads the text too: `team="db"` replaces nothing and is added.
    await page.locator('[data-testid=filter-input]').fill('team=~"d.*"');
    await page.locator('[data-testid=alert-count]').filter({ hasText: '1 of 2' }).waitFor();
    await page.close();
    // Not an assertion (the timing is the browser's): says which path the test took.
    if (!early) console.log('# the engine was already there when the regex was typed');
  });

  it("a saved filter's matchers are read once the engine comes (hint shown)", async () => {
    const page = await t.ui.context.newPage();
    await page.goto(t.ui.shell.url);
    await page.locator('[data-testid=alert-row]').first().waitFor();
    await page.locator('[data-testid=filter-input]').fill('tema=~"d.*"');
    await waitFor(() => t.ui.shell.core.getSettings().ui.filter.text === 'tema=~"d.*"', {
      message: 'the filter saved',
      timeoutMs: 5_000,
    });
    await page.close();
    const next = await t.ui.context.newPage();
    await next.goto(t.ui.shell.url);
    await next
      .locator('[data-testid=filter-hint]')
      .filter({ hasText: 'No alert has label tema' })
      .waitFor({ timeout: 10_000 });
    assert.equal(await next.locator('[data-testid=filter-error]').count(), 0);
    await next.close();
  });
});
