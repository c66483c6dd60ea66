// The line of labels every alert shares ("All:") says how many it could not show: short of room
// its chips wrap out of sight, and beside the detail pane it was a bare "All:" (walk-through).
// "+N" counts them and the title lists them all. Real Alertmanager, browser shell, Chromium.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert, waitFor } from '../support/alertmanager.ts';
import { useAlertmanagerUi } from './support/ui.ts';

const SHARED = {
  cluster: 'prod-eu-west-1-primary',
  namespace: 'checkout-production',
  job: 'kubernetes-service-endpoints',
  prometheus: 'monitoring/k8s-prometheus',
  service: 'checkout-api-server-main',
  team: 'payments-platform',
};

describe('the shared labels line says what it cannot show', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: ['a1', 'a2', 'a3'].map((i) =>
      makeAlert({ alertname: `Shared${i}`, severity: 'warning', instance: i, ...SHARED }),
    ),
    viewport: { width: 960, height: 680 },
    ready: (page) =>
      page.locator('[data-testid=alert-count]', { hasText: '3 of 3' }).waitFor({ timeout: 30_000 }),
  });
  let page: Page;
  before(() => ({ page } = t));

  const facts = () =>
    page.locator('[data-testid=common-labels]').evaluate((line) => {
      const top = line.getBoundingClientRect().top;
      const chips = [...line.querySelectorAll('.chip')];
      const shown = chips.filter((c) => c.getBoundingClientRect().top < top + 8).length;
      const more = line.parentElement?.querySelector('[data-testid=common-more]');
      return {
        all: chips.length,
        shown,
        more: more?.textContent?.trim() ?? '',
        title: line.getAttribute('title') ?? '',
      };
    });

  it('"+N" for the chips out of sight, at 960 and beside the detail pane', async () => {
    for (const pane of [false, true]) {
      if (pane) {
        await page.locator('[data-testid=alert-row]').first().locator('.age').click();
        await page.getByTestId('detail-pane').waitFor();
      }
      const f = await waitFor(async () => {
        const x = await facts();
        return x.all - x.shown === 0 ? (x.more === '' ? x : false) : x.more !== '' ? x : false;
      });
      assert.equal(f.all, 7, 'severity and the six shared labels');
      if (f.shown < f.all) assert.equal(f.more, `+${f.all - f.shown}`, JSON.stringify(f));
      if (pane)
        assert.ok(f.shown < f.all, `beside the pane some are out of sight: ${JSON.stringify(f)}`);
      for (const [k, v] of Object.entries(SHARED)) assert.ok(f.title.includes(`${k}=${v}`), k);
      // A chip shown keeps its name whole ("cluster=prod…"), never a stub ("cl…"): one that
      // does not fit so leaves the line and "+N" counts it.
      const stubs = await page.locator('[data-testid=common-labels]').evaluate((line) => {
        const top = line.getBoundingClientRect().top;
        return [...line.querySelectorAll('.chip')]
          .filter((c) => c.getBoundingClientRect().top < top + 8)
          .filter((c) => {
            const k = c.querySelector('.k');
            return !k || k.getBoundingClientRect().right > c.getBoundingClientRect().right + 0.5;
          })
          .map((c) => c.textContent);
      });
      assert.deepEqual(stubs, [], `chips cut to a stub (pane ${pane})`);
    }
  });
});
