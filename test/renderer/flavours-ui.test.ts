// The window on every server flavour at once, each emulated from its upstream shapes
// (test/support/flavours.ts): Grafana-managed, Grafana Mimir (a configured tenant and one
// without configuration) and Alertmanager 0.34. Each instance shows healthy with its version
// or a clear reason; their alerts and groups are listed; a muted alert says which time
// interval mutes it; silences are created (Grafana's 202) and a 0.34 silence's annotations
// are shown. Real core, browser shell, headless Chromium.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  startAlertmanager034,
  startGrafana,
  startMimir,
  type FlavourServer,
} from '../support/flavours.ts';
import { waitFor } from '../support/wait.ts';
import { chromiumSkipReason } from '../support/chromium.ts';
import { launchBrowser, openUi, testInstance, testSettings, type Ui } from './support/ui.ts';

describe('every server flavour in the window', { skip: chromiumSkipReason() }, () => {
  let grafana: FlavourServer;
  let mimir: FlavourServer;
  let am034: FlavourServer;
  let browser: Browser;
  let ui: Ui;
  let page: Page;

  before(async () => {
    grafana = await startGrafana({
      alerts: [{ labels: { alertname: 'GrafanaCPU', severity: 'critical' } }],
    });
    mimir = await startMimir({
      alerts: [{ labels: { alertname: 'MimirIngester', severity: 'warning' } }],
      tenant: 'team-a',
      configuredTenants: ['team-a'],
    });
    am034 = await startAlertmanager034({
      alerts: [
        { labels: { alertname: 'BackupLate', severity: 'warning' }, mutedBy: ['weekends'] },
        { labels: { alertname: 'NewDisk', severity: 'critical' } },
      ],
    });
    browser = await launchBrowser();
    ui = await openUi(
      browser,
      testSettings([
        testInstance('grafana', grafana.baseUrl),
        testInstance('mimir', mimir.baseUrl, { headers: mimir.headers }),
        testInstance('mimir-b', mimir.baseUrl, { headers: { 'X-Scope-OrgID': 'team-b' } }),
        testInstance('am034', am034.baseUrl),
      ]),
      { viewport: { width: 1280, height: 800 } },
    );
    page = ui.page;
    await page.locator('[data-testid=alert-row]').first().waitFor({ timeout: 30_000 });
  });
  after(async () => {
    await ui?.close();
    await browser?.close();
    await Promise.all([grafana?.close(), mimir?.close(), am034?.close()]);
  });

  it('instances: healthy with a version or the reason there is none; the unconfigured tenant says so', async () => {
    await page.locator('button[data-view=instances]').click();
    const row = (id: string) => page.locator(`[data-testid=instance-row][data-instance=${id}]`);
    const text = async (id: string) => (await row(id).textContent()) ?? '';
    await waitFor(async () => /Grafana Mimir 2\.14\.0/.test(await text('mimir')), {
      timeoutMs: 20_000,
      message: 'Mimir version from buildinfo',
    });
    assert.match(await text('grafana'), /unknown \(not reported by Grafana-managed/);
    assert.match(await text('am034'), /0\.34\.0/);
    for (const id of ['grafana', 'mimir', 'am034']) {
      assert.equal(await row(id).locator('[data-testid=instance-health]').textContent(), 'ok', id);
    }
    assert.notEqual(
      await row('mimir-b').locator('[data-testid=instance-health]').textContent(),
      'ok',
    );
    assert.match(await text('mimir-b'), /no Alertmanager configuration for this tenant/);

    await row('grafana').locator('button.name').click();
    const detail = page.locator('[data-testid=instance-detail]');
    assert.match((await detail.textContent()) ?? '', /grafana-default-email \(from its groups/);
  });

  it('alerts and groups of every flavour; a muted alert says which time interval mutes it', async () => {
    await page.locator('button[data-view=alerts]').click();
    for (const name of ['GrafanaCPU', 'MimirIngester', 'NewDisk', 'BackupLate']) {
      await page.locator('[data-testid=group-row]', { hasText: name }).waitFor({ timeout: 20_000 });
    }
    const muted = page.locator('[data-testid=alert-row]', { hasText: 'BackupLate' });
    assert.equal(
      await muted.locator('[data-testid=alert-state]').textContent(),
      'muted by time interval weekends',
    );
    await muted.click();
    await page.locator('[data-testid=muted-by]', { hasText: 'weekends' }).waitFor();
    // 0.34's route labels in the group detail.
    await page.locator('[data-testid=group-row]', { hasText: 'NewDisk' }).click();
    const group = page.locator('[data-testid=group-detail]');
    await group.locator('text=Route labels').waitFor();
  });

  it('silences: an ack on Grafana (202) silences its alert; 0.34 annotations are shown', async () => {
    await page.locator('[data-testid=group-row]', { hasText: 'GrafanaCPU' }).click();
    await page.locator('[data-testid=ack-group]').click();
    const row = page.locator('[data-testid=alert-row]', { hasText: 'GrafanaCPU' });
    await waitFor(
      async () =>
        /acknowledged by/.test(
          (await row.locator('[data-testid=alert-state]').textContent()) ?? '',
        ),
      { timeoutMs: 20_000, message: 'acked on Grafana' },
    );
    assert.equal(grafana.silences().length, 1);
    assert.match(grafana.silences()[0]!.comment, /^ACK! /);

    // A silence with annotations on the 0.34 server, made elsewhere (another client).
    const res = await fetch(`${am034.baseUrl}/api/v2/silences`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        matchers: [{ name: 'alertname', value: 'NewDisk', isRegex: false, isEqual: true }],
        startsAt: new Date().toISOString(),
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
        createdBy: 'someone',
        comment: 'replacing the disk',
        annotations: { ticket: 'OPS-77' },
      }),
    });
    assert.equal(res.status, 200);
    await page.locator('button[data-view=silences]').click();
    const srow = page.locator('[data-testid=silence-row]', { hasText: 'replacing the disk' });
    await srow.waitFor({ timeout: 20_000 });
    await srow.click();
    const ann = page.locator('[data-testid=silence-annotations]');
    await ann.waitFor();
    assert.match((await ann.textContent()) ?? '', /ticket: OPS-77/);
    // And the detail lists the alert it silences now.
    await page
      .locator('[data-testid=silenced-alerts]', { hasText: 'NewDisk' })
      .waitFor({ timeout: 20_000 });
    assert.deepEqual(ui.problems, []);
  });
});
