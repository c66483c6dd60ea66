// An HA pair shown as one cluster: one group per route (not one per peer), the cluster name on
// the badge, the silence form targeting the cluster, and the silence written once.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { GettableSilence } from '../../main/core/api/types.ts';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  startCluster,
  waitFor,
  type AmCluster,
} from '../support/alertmanager.ts';
import { launchBrowser, openUi, testInstance, testSettings, type Ui } from './support/ui.ts';

describe('HA cluster', { skip: amSkipReason() }, () => {
  let cluster: AmCluster;
  let browser: Browser;
  let ui: Ui;
  let page: Page;

  before(async () => {
    cluster = await startCluster(2);
    await postAlerts(cluster.urls, [
      makeAlert({ alertname: 'PairAlert', severity: 'warning', instance: 'x' }),
    ]);
    browser = await launchBrowser();
    ui = await openUi(
      browser,
      testSettings(
        cluster.urls.map((u, i) => testInstance(`peer${i + 1}`, u, { cluster: 'prod-ha' })),
      ),
    );
    page = ui.page;
  });

  after(async () => {
    await ui?.close();
    await browser?.close();
    await cluster?.stop();
  });

  it('shows one group for the pair, badged with the cluster', async () => {
    const group = page.locator('[data-testid=group-row]', { hasText: 'PairAlert' });
    await group.first().waitFor({ timeout: 30_000 });
    await waitFor(async () => (await page.locator('[data-testid=alert-row]').count()) === 1);
    assert.equal(await group.count(), 1);
    assert.match((await group.textContent()) ?? '', /prod-ha/);
  });

  it('silences through the cluster once', async () => {
    await page.locator('[data-testid=alert-row]', { hasText: 'PairAlert' }).click();
    await page.keyboard.press('s');
    const dialog = page.locator('[data-testid=silence-dialog]');
    await dialog.waitFor();
    const option = await dialog.locator('#silence-cluster option:checked').textContent();
    assert.match(option ?? '', /prod-ha \(2 instances\)/);
    await dialog.locator('[data-testid=preview-count]').waitFor({ timeout: 20_000 });
    await dialog.locator('#silence-comment').fill('pair maintenance');
    await dialog.locator('[data-testid=silence-submit]').click();
    const id = ((await dialog.locator('[data-testid=silence-id]').textContent()) ?? '').trim();
    // Gossip brings it to both peers; there is exactly one such silence on each.
    for (const url of cluster.urls) {
      await waitFor(async () => {
        const res = await fetch(`${url}/api/v2/silences`);
        const all = (await res.json()) as GettableSilence[];
        const mine = all.filter((s) => s.comment === 'pair maintenance');
        return mine.length === 1 && mine[0]!.id === id;
      });
    }
    await page
      .locator('[data-testid=alert-state]', { hasText: 'silenced by' })
      .waitFor({ timeout: 20_000 });
    assert.deepEqual(ui.problems, []);
  });
});
