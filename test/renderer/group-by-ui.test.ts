// Group by a label, as sections (karma's multi-grid): one section per value, each holding the
// groups' alerts with that value, alerts without the label last; the choice is remembered
// across a reload and kept by a saved view. Real Alertmanager (DEFAULT_CONFIG groups by
// alertname only, so one group spans both clusters), real core, browser shell, Chromium.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert, waitFor } from '../support/alertmanager.ts';
import { useAlertmanagerUi } from './support/ui.ts';

const alerts = [
  ...['prod-eu', 'prod-us'].flatMap((cluster) =>
    ['db-1', 'db-2'].map((instance) =>
      makeAlert({ alertname: 'DiskFull', severity: 'warning', cluster, instance }),
    ),
  ),
  makeAlert({ alertname: 'ApiDown', severity: 'critical', cluster: 'prod-us', instance: 'api' }),
  makeAlert({ alertname: 'Orphan', severity: 'info', instance: 'nowhere' }),
];

interface Listed {
  kind: 'section' | 'group' | 'alert';
  text: string;
}

async function listed(page: Page): Promise<Listed[]> {
  return page
    .locator('[data-testid=section-row], [data-testid=group-row], [data-testid=alert-row]')
    .evaluateAll((els) =>
      els.map((e) => {
        const el = e as unknown as { dataset: { testid: string }; textContent: string };
        const kind = el.dataset.testid.replace('-row', '') as Listed['kind'];
        return { kind, text: el.textContent.replace(/[▾▸]/g, '').replace(/\s+/g, ' ').trim() };
      }),
    );
}

describe('group by a label, as sections', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({ alerts, viewport: { width: 960, height: 680 } });
  let page: Page;
  before(() => {
    page = t.page;
  });

  async function groupBy(label: string) {
    const select = page.locator('[data-testid=group-by]');
    await select.focus();
    await select.selectOption(label);
  }

  it('cuts the groups into one section per value, worst first, no label last', async () => {
    await page.getByText('6 of 6').waitFor();
    await groupBy('cluster');
    await page.locator('[data-testid=section-row]').first().waitFor();
    const rows = await listed(page);
    const sections = rows.filter((r) => r.kind === 'section').map((r) => r.text);
    assert.deepEqual(
      sections.map((s) => s.replace(/ \d+ alerts?$/, '')),
      ['cluster=prod-us', 'cluster=prod-eu', 'cluster=(none)'],
    );
    assert.match(sections[0]!, /3 alerts$/);
    // Under each section only alerts of that value: DiskFull appears in both, cut in two.
    let current = '';
    for (const r of rows) {
      if (r.kind === 'section') current = r.text;
      if (r.kind !== 'alert' || current.startsWith('cluster=(none)')) continue;
      const want = /cluster=(prod-\w+)/.exec(current)![1]!;
      assert.ok(
        !r.text.includes(want === 'prod-eu' ? 'prod-us' : 'prod-eu'),
        `${current}: ${r.text}`,
      );
    }
    assert.equal(rows.filter((r) => r.kind === 'group' && r.text.includes('DiskFull')).length, 2);
  });

  it('is remembered across a reload', async () => {
    await waitFor(() => t.ui.shell.core.getSettings().ui.filter.groupBy === 'cluster', {
      message: 'saved',
    });
    await page.reload();
    await page.locator('[data-testid=section-row]').first().waitFor();
    assert.equal(await page.locator('[data-testid=group-by]').inputValue(), 'cluster');
  });

  it('back to Alertmanager groups', async () => {
    await groupBy('');
    await page.locator('[data-testid=group-row]').first().waitFor();
    // The core answers the new grouping (list:query): the sections go when its answer comes.
    await page.locator('[data-testid=section-row]').first().waitFor({ state: 'detached' });
    assert.equal(await page.locator('[data-testid=section-row]').count(), 0);
    assert.equal(
      (await listed(page)).filter((r) => r.kind === 'group' && r.text.includes('DiskFull')).length,
      1,
    );
  });

  it('never holds the keyboard: Enter or Esc hands it back, / reaches the filter', async () => {
    const select = page.locator('[data-testid=group-by]');
    const focusedTestId = () =>
      page.evaluate(() => {
        const g = globalThis as unknown as {
          document: { activeElement: { getAttribute(n: string): string | null } | null };
        };
        return g.document.activeElement?.getAttribute('data-testid') ?? null;
      });
    await select.focus();
    await page.keyboard.press('Enter');
    assert.notEqual(await focusedTestId(), 'group-by', 'Enter leaves the picker');
    // j now moves the cursor; it does not regroup by "job" or any label starting with j.
    await page.keyboard.press('j');
    await page.locator('.selected').first().waitFor();
    assert.equal(await select.inputValue(), '');
    await select.focus();
    await page.keyboard.press('Escape');
    assert.notEqual(await focusedTestId(), 'group-by', 'Esc leaves the picker');
    await select.focus();
    await page.keyboard.press('/');
    assert.equal(await focusedTestId(), 'filter-input', '/ reaches the filter');
    assert.equal(await page.getByTestId('filter-input').inputValue(), '');
    await page.keyboard.press('Escape');
    // j and k pressed in the picker itself walk the list (a walk-through chose a grouping
    // with the arrows, pressed j, and the list was regrouped by "job"): the cursor moves, the
    // row takes focus, the grouping stays.
    await select.focus();
    const cursorText = () => page.locator('.selected').first().textContent();
    const before = await cursorText();
    await page.keyboard.press('j');
    await waitFor(async () => (await cursorText()) !== before, { message: 'j moved the cursor' });
    assert.equal(await select.inputValue(), '', 'not regrouped');
    await waitFor(
      async () =>
        page.evaluate(() => {
          const d = (
            globalThis as unknown as {
              document: { activeElement: { closest(s: string): unknown } | null };
            }
          ).document;
          return !!d.activeElement?.closest('section[aria-label="Alert groups"] .selected');
        }),
      { message: 'the cursor row has focus' },
    );
  });
});
