// `n` to a group already in view does not scroll (a walk-through pressed n from the top, and each
// press moved a group in plain sight to the top of the list, pushing the criticals above it out of
// view: "↑ 2 critical above"); a group partly below scrolls only as far as its alerts need.
// Another grouping starts the list at its top. Real Alertmanager, real core, browser shell,
// Chromium at 960×680.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { amSkipReason, makeAlert, waitFor } from '../support/alertmanager.ts';
import { useAlertmanagerUi } from './support/ui.ts';

const NAMES = ['NextA', 'NextB', 'NextC', 'NextD', 'NextE', 'NextF', 'NextG', 'NextH'];

describe('n keeps what is in view', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: NAMES.flatMap((alertname, g) =>
      ['x1', 'x2'].map((instance, i) =>
        makeAlert(
          { alertname, severity: 'warning', instance },
          // Older groups later: the list is in NAMES order (severity, then newest first).
          { startsAt: new Date(Date.now() - (g * 10 + i + 1) * 60_000).toISOString() },
        ),
      ),
    ),
    viewport: { width: 960, height: 680 },
    ready: (page) =>
      page
        .locator('[data-testid=alert-count]', { hasText: '16 of 16' })
        .waitFor({ timeout: 30_000 }),
  });

  const scrollTop = () =>
    t.page.evaluate(() => {
      const d = (
        globalThis as unknown as {
          document: { querySelector(s: string): { scrollTop: number } | null };
        }
      ).document;
      return d.querySelector('section[aria-label="Alert groups"] .viewport')?.scrollTop ?? -1;
    });
  const cursorOn = (name: string) =>
    waitFor(
      async () =>
        ((await t.page.locator('[data-testid=group-row].selected').textContent()) ?? '').includes(
          name,
        ),
      { timeoutMs: 10_000, message: `cursor on ${name}` },
    );

  it('does not scroll to a group in view, and scrolls just enough to one partly below', async () => {
    const page = t.page;
    for (let i = 0; i < 10 && (await page.locator('[data-testid=toast]').count()) > 0; i++)
      await page.keyboard.press('Escape');
    await page.keyboard.press('Home');
    await cursorOn('NextA');
    await page.keyboard.press('Escape'); // the pane closed: the list at its whole width
    for (const name of ['NextB', 'NextC', 'NextD']) {
      await page.keyboard.press('n');
      await cursorOn(name);
    }
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(await scrollTop(), 0, 'groups in view: the list did not move');
    // Further down, a group whose alerts reach below the list's bottom edge.
    const viewport = page.locator('section[aria-label="Alert groups"] .viewport');
    const bottom = await viewport.evaluate((v) => v.getBoundingClientRect().bottom);
    for (const name of ['NextE', 'NextF', 'NextG']) {
      await page.keyboard.press('n');
      await cursorOn(name);
      await new Promise((r) => setTimeout(r, 150));
      const header = page.locator('[data-testid=group-row].selected');
      const box = (await header.boundingBox())!;
      const last = page.locator('[data-testid=alert-row]', { hasText: name }).last();
      const lastBox = (await last.boundingBox())!;
      assert.ok(lastBox.y + lastBox.height <= bottom + 1, `${name}: its alerts are in view`);
      // Not moved to the top when less would do.
      const top = await viewport.evaluate((v) => v.getBoundingClientRect().top);
      assert.ok(box.y > top + 1, `${name} scrolled to the top`);
    }
    assert.ok((await scrollTop()) > 0, 'the list scrolled for groups below');
  });

  // Every row moves when the grouping changes: the list starts at its top (a walk-through
  // grouped by Alertmanager and landed mid-list, "↑ 1 critical above" the only sign).
  it('another grouping starts the list at its top', async () => {
    assert.ok((await scrollTop()) > 0, 'scrolled down before');
    const select = t.page.locator('[data-testid=group-by]');
    await select.focus();
    await select.selectOption({ label: 'Alertmanager' });
    await t.page.locator('[data-testid=section-row]').first().waitFor();
    await waitFor(async () => (await scrollTop()) === 0, { message: 'at the top' });
    await select.selectOption('');
    await t.page.locator('[data-testid=section-row]').first().waitFor({ state: 'detached' });
  });
});
