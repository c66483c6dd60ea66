// The alert list is one Tab stop, its cursor row: Tab from a row reaches the detail pane's
// actions, Shift+Tab comes back to the row. The label chips, links, Un-ack and a group
// header's buttons inside rows were each a stop, so a keyboard user walked every chip of every
// row drawn before the pane's "Silence…" (the chips still filter on click; the pane has them
// as stops). Real Alertmanager, real core, browser shell, Chromium at 960×680.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert, waitFor } from '../support/alertmanager.ts';
import { useAlertmanagerUi } from './support/ui.ts';

const RUNBOOK = { runbook_url: 'https://runbooks.example.com/disk' };

describe('the alert list is one Tab stop', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [
      ...Array.from({ length: 6 }, (_, i) =>
        makeAlert(
          {
            alertname: 'TabDiskFull',
            severity: 'critical',
            cluster: `c${i % 2}`,
            namespace: 'db',
            instance: `node-${i}`,
          },
          { annotations: { summary: 'disk almost full', ...RUNBOOK } },
        ),
      ),
      makeAlert({ alertname: 'TabOther', severity: 'warning', instance: 'x1', pod: 'p-1' }),
    ],
    viewport: { width: 960, height: 680 },
    ready: (page) =>
      page.locator('[data-testid=alert-count]', { hasText: '7 of 7' }).waitFor({ timeout: 30_000 }),
  });
  let page: Page;
  before(() => ({ page } = t));

  /** Where focus is: the cursor row, the list, the detail pane, or elsewhere. */
  const focusAt = () =>
    page.evaluate(() => {
      interface El {
        textContent: string | null;
        tagName: string;
        contains(other: El): boolean;
        getAttribute(n: string): string | null;
      }
      const d = (
        globalThis as unknown as {
          document: { activeElement: El | null; body: El; querySelector(s: string): El | null };
        }
      ).document;
      const a = d.activeElement;
      if (!a || a === d.body) return 'page';
      const cursor = d.querySelector('section[aria-label="Alert groups"] .selected');
      if (cursor && (cursor === a || cursor.contains(a))) return 'cursor';
      if (d.querySelector('.vlist')?.contains(a)) return `list:${a.tagName}`;
      if (d.querySelector('[data-testid=detail-pane]')?.contains(a))
        return `pane:${a.textContent?.trim().slice(0, 40) ?? ''}`;
      return `elsewhere:${a.tagName}:${a.getAttribute('data-testid') ?? ''}`;
    });

  /** What Tab stops on inside the list's rows (tabindex ≥ 0, enabled, rendered). */
  const stopsInRows = () =>
    page.evaluate(() => {
      interface El {
        tabIndex: number;
        hasAttribute(n: string): boolean;
        getClientRects(): { length: number };
        className: string;
        tagName: string;
      }
      const d = (
        globalThis as unknown as {
          document: {
            querySelector(s: string): { querySelectorAll(s: string): Iterable<El> } | null;
          };
        }
      ).document;
      const all = [...(d.querySelector('.vlist')?.querySelectorAll('*') ?? [])];
      return all
        .filter(
          (e) => e.tabIndex >= 0 && !e.hasAttribute('disabled') && e.getClientRects().length > 0,
        )
        .map((e) => `${e.tagName}.${e.className.split(' ')[0]}`);
    });

  it('no control inside the rows is a stop; only the cursor row', async () => {
    for (let i = 0; i < 10 && (await page.locator('[data-testid=toast]').count()) > 0; i++)
      await page.keyboard.press('Escape');
    // Rows drawn with chips, links and a group's buttons: none is a stop before a row is chosen.
    await page.locator('[data-testid=alert-row]', { hasText: 'node-0' }).waitFor();
    assert.ok((await page.locator('.vlist [data-testid=row-link-runbook]').count()) > 0);
    assert.ok((await page.locator('.vlist .chip-filter').count()) > 10);
    assert.deepEqual(await stopsInRows(), []);

    await page.locator('[data-testid=alert-row]', { hasText: 'node-0' }).click();
    const stops = await stopsInRows();
    assert.equal(stops.length, 1, `one stop: ${stops.join(', ')}`);
    assert.equal(await focusAt(), 'cursor');
  });

  it('Tab from the cursor row reaches the detail pane; Shift+Tab comes back', async () => {
    await page.locator('[data-testid=alert-row]', { hasText: 'node-1' }).click();
    await page.locator('[data-testid=detail-pane]').waitFor();
    assert.equal(await focusAt(), 'cursor');
    await page.keyboard.press('Tab');
    assert.match(await focusAt(), /^pane:/);
    // A few more Tabs reach the pane's Silence action without leaving it.
    let reached = false;
    for (let i = 0; i < 6 && !reached; i++) {
      const at = await focusAt();
      assert.match(at, /^pane:/, `Tab ${i + 1} stays in the pane`);
      reached = /Silence/.test(at);
      if (!reached) await page.keyboard.press('Tab');
    }
    assert.ok(reached, 'the pane’s Silence action within a few Tabs');
    // Back: Shift+Tab through the pane's stops lands on the cursor row, not on a chip.
    for (let i = 0; i < 8 && (await focusAt()).startsWith('pane:'); i++)
      await page.keyboard.press('Shift+Tab');
    assert.equal(await focusAt(), 'cursor');
  });

  it('the stop moves with the cursor (j) and works on a group header', async () => {
    await page.locator('[data-testid=alert-row]', { hasText: 'node-2' }).click();
    await page.keyboard.press('j');
    await waitFor(async () => (await focusAt()) === 'cursor', { message: 'focus follows j' });
    assert.equal((await stopsInRows()).length, 1);
    // A group header (clicked on its counts, not a chip): its main part is the stop, its Silence/Ack/chevron are not.
    await page
      .locator('[data-testid=group-row]', { hasText: 'TabDiskFull' })
      .first()
      .locator('[data-testid=group-counts]')
      .click();
    await waitFor(async () => (await stopsInRows()).length === 1, {
      message: 'one stop on a header',
    });
    assert.equal(await focusAt(), 'cursor');
    await page.keyboard.press('Tab');
    assert.match(await focusAt(), /^pane:/);
  });
});
