// Acknowledge, stale-silence hygiene and the test alert in the window, on a real Alertmanager:
// an acknowledged alert looks acknowledged (not silenced) and its silence says it is an ack;
// a silence's detail lists the alerts it silences now; a long-running silence is found by
// "Needs attention"; an alert's detail lists the expired silences that matched it; a test
// alert reports its groups, receivers and whether it would notify. Real core, browser shell,
// headless Chromium.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert } from '../support/alertmanager.ts';
import { waitFor } from '../support/wait.ts';
import { useAlertmanagerUi } from './support/ui.ts';

async function silence(url: string, name: string, ms: number, comment: string): Promise<string> {
  const res = await fetch(`${url}/api/v2/silences`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      matchers: [{ name: 'alertname', value: name, isRegex: false, isEqual: true }],
      startsAt: new Date().toISOString(),
      endsAt: new Date(Date.now() + ms).toISOString(),
      createdBy: 'colleague',
      comment,
    }),
  });
  return ((await res.json()) as { silenceID: string }).silenceID;
}

describe('acknowledge, hygiene and test alert in the window', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [
      makeAlert({ alertname: 'UiAckMe', severity: 'critical', instance: 'db-1' }),
      makeAlert({ alertname: 'UiLongSilenced', severity: 'warning', instance: 'db-2' }),
      makeAlert({ alertname: 'UiHadSilence', severity: 'warning', instance: 'db-3' }),
    ],
    viewport: { width: 960, height: 680 },
  });
  let page: Page;
  before(() => ({ page } = t));

  it('an acknowledged alert looks acknowledged, and its silence says so', async () => {
    const row = page.locator('[data-testid=alert-row]', { hasText: 'UiAckMe' });
    await row.locator('.age').click();
    await page.locator('[data-testid=ack-alert]').click();
    const state = row.locator('[data-testid=alert-state]');
    await waitFor(async () => /acknowledged by/.test((await state.textContent()) ?? ''), {
      timeoutMs: 20_000,
      message: 'acknowledged',
    });
    assert.match((await state.getAttribute('class')) ?? '', /\back\b/, 'not the silenced look');
    await page.locator('[data-testid=toast]', { hasText: 'Acknowledged' }).waitFor();

    await page.locator('button[data-view=silences]').click();
    const srow = page.locator('[data-testid=silence-row]', { hasText: 'ACK!' });
    await srow.waitFor({ timeout: 20_000 });
    await srow.locator('.badge.ack', { hasText: 'acknowledged by' }).waitFor();
    await srow.click();
    const detail = page.locator('[data-testid=silence-detail]');
    await detail.locator('text=This app renews it').waitFor();
    await detail
      .locator('[data-testid=silenced-alerts]', { hasText: 'UiAckMe' })
      .waitFor({ timeout: 20_000 });
  });

  it('"Needs attention" finds a silence set to run for weeks', async () => {
    await silence(t.am.url, 'UiLongSilenced', 10 * 86_400_000, 'forever and ever');
    await page.locator('button[data-view=silences]').click();
    const long = page.locator('[data-testid=silence-row]', { hasText: 'forever and ever' });
    await long.waitFor({ timeout: 20_000 });
    await page.locator('[data-testid=needs-attention]').check();
    await waitFor(async () => (await page.locator('[data-testid=silence-row]').count()) === 1, {
      message: 'only the long-running silence is listed',
    });
    assert.match(
      (await long.locator('[data-testid=attention]').textContent()) ?? '',
      /runs 10 days/,
    );
    await page.locator('[data-testid=needs-attention]').uncheck();
  });

  it("an alert's detail lists the expired silences that matched it", async () => {
    const id = await silence(t.am.url, 'UiHadSilence', 3_600_000, 'maintenance window');
    await fetch(`${t.am.url}/api/v2/silence/${id}`, { method: 'DELETE' });
    await page.locator('button[data-view=alerts]').click();
    const row = page.locator('[data-testid=alert-row]', { hasText: 'UiHadSilence' });
    await row.waitFor({ timeout: 20_000 });
    await row.locator('.age').click();
    await page
      .locator('[data-testid=expired-silences]', { hasText: 'maintenance window' })
      .waitFor({ timeout: 20_000 });
  });

  it('a test alert reports where it landed and whether it would notify', async () => {
    await page.locator('button[data-view=instances]').click();
    await page.locator('[data-testid=instance-row][data-instance=am1] button.name').click();
    const box = page.locator('[data-testid=test-alert]');
    await box
      .getByLabel('Test alert labels')
      .fill('alertname="UiTestAlert", severity="critical", team="b"');
    await box.locator('button', { hasText: 'Send test alert' }).click();
    const report = page.locator('[data-testid=test-alert-report]');
    await report.waitFor({ timeout: 30_000 });
    assert.match(
      (await report.locator('[data-testid=test-alert-visible]').textContent()) ?? '',
      /after \d+ ms/,
    );
    const groups = await report.locator('[data-testid=test-alert-group]').allTextContents();
    assert.deepEqual(groups.map((g) => /receiver (\S+)/.exec(g)?.[1]).sort(), ['pager', 'team-b']);
    assert.match(
      (await report.locator('[data-testid=test-alert-notify]').textContent()) ?? '',
      /would notify you/,
    );
    assert.deepEqual(t.ui.problems, []);
  });
});
