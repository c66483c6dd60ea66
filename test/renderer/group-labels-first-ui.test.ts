// A group header's own labels (what the group is: its cluster, beside its name) take the room
// before the labels its alerts share and its receivers: "cluster=prod-e…" was cut at 960 and
// even at 1280 while the shared labels beside it were whole (walk-through). Real Alertmanager
// grouping by alertname and cluster, browser shell, Chromium.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, DEFAULT_CONFIG, makeAlert, waitFor } from '../support/alertmanager.ts';
import { useAlertmanagerUi } from './support/ui.ts';

const SHARED = {
  namespace: 'checkout-production',
  job: 'kube-state-metrics',
  service: 'kube-state-metrics-main',
  container: 'checkout-api-server',
};

describe("a group header's own labels come first", { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    amConfig: DEFAULT_CONFIG.replace('group_by: [alertname]', 'group_by: [alertname, cluster]'),
    alerts: ['x2k4p', 'q8r7z', 'm3n9w'].flatMap((pod) =>
      ['prod-eu-west-1', 'prod-us-east-1'].map((cluster) =>
        makeAlert({
          alertname: 'KubePodCrashLooping',
          severity: 'warning',
          cluster,
          // Shared by a group's alerts, not by every alert in view: said on its header.
          ...Object.fromEntries(Object.entries(SHARED).map(([k, v]) => [k, `${v}-${cluster}`])),
          pod: `checkout-api-7d9f8c6b5-${pod}`,
        }),
      ),
    ),
    viewport: { width: 1280, height: 800 },
    ready: (page) =>
      page.locator('[data-testid=alert-count]', { hasText: '6 of 6' }).waitFor({ timeout: 30_000 }),
  });
  let page: Page;
  before(() => ({ page } = t));

  /** Each header's cluster chip: drawn on the line, and not cut. */
  const clusterChips = () =>
    page
      .locator('[data-testid=group-row] .glabels > .chip[data-label=cluster]')
      .evaluateAll((chips) =>
        chips.map((c) => {
          const line = c.closest('.glabels')!.getBoundingClientRect();
          const b = c.getBoundingClientRect();
          return {
            text: c.textContent ?? '',
            onLine: b.top < line.top + 10 && b.width > 0,
            cut: [c, ...c.querySelectorAll('*')].some((e) => e.scrollWidth > e.clientWidth + 1),
          };
        }),
      );

  for (const width of [1280, 960]) {
    it(`at ${width} px the cluster is whole beside the shared labels`, async () => {
      await page.setViewportSize({ width, height: 800 });
      await new Promise((r) => setTimeout(r, 300));
      const chips = await clusterChips();
      assert.equal(chips.length, 2, 'one header per cluster');
      for (const c of chips) {
        assert.ok(c.onLine, `shown: ${c.text}`);
        assert.equal(c.cut, false, `whole at ${width}: ${c.text}`);
      }
      // What the alerts share is still said (it gives way first, not instead).
      assert.ok((await page.locator('[data-testid=group-shared]').count()) > 0);
    });
  }

  it('under a filter that hides some of its alerts, a header says how many it shows', async () => {
    await page.setViewportSize({ width: 960, height: 800 });
    const shown = page.locator('[data-testid=group-row] [data-testid=group-shown]');
    assert.equal(await shown.count(), 0, 'nothing hidden: no "shown"');
    await page.locator('[data-testid=filter-input]').fill('pod=~".*x2k4p"');
    await page.locator('[data-testid=alert-count]', { hasText: '2 of 6' }).waitFor();
    await shown.first().waitFor();
    assert.deepEqual(
      (await page.locator('[data-testid=group-counts]').allInnerTexts()).map((t) =>
        t.replace(/\s+/g, ' ').trim(),
      ),
      ['3 firing 1 shown', '3 firing 1 shown'],
    );
    await page.locator('[data-testid=filter-input]').fill('');
    await page.locator('[data-testid=alert-count]', { hasText: '6 of 6' }).waitFor();
    assert.equal(await shown.count(), 0);
  });

  it('a row shows the label a free word matched, first, beside the detail pane', async () => {
    await page.setViewportSize({ width: 960, height: 680 });
    // In every pod's name (each differs, so none is said once above the list instead).
    await page.locator('[data-testid=filter-input]').fill('7d9f8c6b5');
    await page.locator('[data-testid=alert-row]').first().locator('.age').click();
    await page.getByTestId('detail-pane').waitFor();
    const facts = () =>
      page.locator('[data-testid=alert-row]').evaluateAll((rows) =>
        rows.map((r) => {
          const line = r.querySelector('.lchips')!.getBoundingClientRect();
          const chip = r.querySelector('.firsts .chip');
          const b = chip?.getBoundingClientRect();
          return {
            first: chip?.getAttribute('data-label') ?? '',
            shown: !!b && b.width > 0 && b.top < line.top + 10 && b.right <= line.right + 1,
          };
        }),
      );
    // Once the list has the filter (the rows are the same: every pod holds the word).
    const firsts = await waitFor(async () => {
      const f = await facts();
      return f.length === 6 && f.every((x) => x.first === 'pod') ? f : false;
    }).catch(() => facts());
    assert.equal(firsts.length, 6);
    for (const f of firsts) assert.deepEqual(f, { first: 'pod', shown: true });
    await page.keyboard.press('Escape');
    await page.locator('[data-testid=filter-input]').fill('');
    await page.locator('[data-testid=alert-count]', { hasText: '6 of 6' }).waitFor();
  });
});
