// An HA pair shown as one cluster: one group per route (not one per peer), the cluster name on
// the badge, the silence form targeting the cluster, and the silence written once. With one peer
// killed, the Instances view says what it last said is only that (not "ready, 2 peers, up 5m"
// as if current), and how many of the pair answer.
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

  it('a dead peer shows its last status as such, and the pair how many answer', async () => {
    await page.keyboard.press('Escape'); // the silence form's saved step
    await page.locator('[data-testid=silence-dialog]').waitFor({ state: 'detached' });
    // One alert only peer2 got (Prometheus could not reach peer1): peers do not share alerts.
    await postAlerts(cluster.urls[1]!, [
      makeAlert({ alertname: 'OnlyOnPeer2', severity: 'critical', instance: 'y' }),
    ]);
    await page
      .locator('[data-testid=alert-row]', { hasText: 'OnlyOnPeer2' })
      .waitFor({ timeout: 30_000 });
    await page.keyboard.press('3');
    const row = (name: string) => page.locator('[data-testid=instance-row]', { hasText: name });
    const status = (name: string) => row(name).getByTestId('instance-cluster-status');
    await waitFor(async () => (await status('peer2').textContent())?.trim() === 'ready', {
      timeoutMs: 30_000,
      message: 'peer2 ready',
    });
    assert.equal(await page.getByTestId('cluster-answering').count(), 0, 'both answer');

    await cluster.peers[1]!.kill();
    await waitFor(
      async () =>
        ((await row('peer2').getByTestId('instance-health').textContent()) ?? '').includes(
          'unreachable',
        ),
      { timeoutMs: 30_000, message: 'peer2 unreachable' },
    );
    assert.equal((await status('peer2').textContent())?.trim(), 'last: ready');
    // A peer down while its cluster answers: the banner stays amber (not "no data").
    const banner = page.locator('[data-testid=stale-banner]');
    await banner.waitFor();
    assert.match((await banner.textContent()) ?? '', /degraded; its other peers still answer/);
    assert.doesNotMatch((await banner.getAttribute('class')) ?? '', /blind/);
    assert.match(
      (await status('peer2').getAttribute('title')) ?? '',
      /^Last known at .*does not answer/,
    );
    assert.match(
      (await row('peer2').getByTestId('instance-peers').getAttribute('class')) ?? '',
      /last-known/,
    );
    assert.equal((await row('peer2').getByTestId('instance-uptime').textContent())?.trim(), '—');
    // peer1 still answers: its own status is current.
    assert.equal((await status('peer1').textContent())?.trim(), 'ready');
    assert.notEqual((await row('peer1').getByTestId('instance-uptime').textContent())?.trim(), '—');
    for (const name of ['peer1', 'peer2'])
      assert.equal(
        (await row(name).getByTestId('cluster-answering').textContent())?.trim(),
        '1 of 2 answering',
      );
    // The silence form says it too, where it names the pair the silence goes to.
    await page.keyboard.press('1');
    await page.locator('[data-testid=alert-row]', { hasText: 'PairAlert' }).click();
    await page.keyboard.press('s');
    const dialog = page.locator('[data-testid=silence-dialog]');
    await dialog.locator('#silence-cluster').waitFor();
    assert.match(
      (await dialog.locator('#silence-cluster option:checked').textContent()) ?? '',
      /prod-ha \(2 instances, 1 of 2 answering\)/,
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // peer2's own alert is still listed, as its last known state: not gone as "resolved".
    const only = page.locator('[data-testid=alert-row]', { hasText: 'OnlyOnPeer2' });
    assert.equal(await only.count(), 1, "the dead peer's own alert is kept");
    assert.match((await only.getAttribute('class')) ?? '', /\bstale\b/);
    await only.click();
    const badge = page.getByTestId('stale-badge');
    await badge.waitFor();
    assert.match(
      (await badge.getAttribute('title')) ?? '',
      /^Last known from peer2, not answering/,
    );
  });
});
