// Beside the detail pane at 960×680 a group header shows its name whole when the header has the
// room: the name was capped at 70 % of its part, which also kept room for the group's labels
// (too narrow there to be shown at all), so "BlackboxProbeFailed" read "BlackboxPro…" beside a
// gap while the Alertmanager's long name stood whole (walk-through). Real Alertmanager grouping
// by alertname and cluster, real core, browser shell, Chromium.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert } from '../support/alertmanager.ts';
import { testInstance, testSettings, useAlertmanagerUi } from './support/ui.ts';

const CONFIG = `route:
  receiver: default
  group_by: [alertname, cluster]
  group_wait: 1s
receivers:
  - name: default
`;

const NAMES = ['BlackboxProbeFailed', 'PaymentGatewayLatencyHigh', 'NodeFilesystemAlmostFull'];

describe('group names beside the detail pane', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    amConfig: CONFIG,
    alerts: NAMES.map((alertname, i) =>
      makeAlert(
        { alertname, severity: 'critical', cluster: `prod-eu-west-${i + 1}`, job: 'probe' },
        { annotations: { summary: `${alertname} on prod-eu-west-${i + 1}` } },
      ),
    ),
    // An HA pair named after its members is about this long.
    settings: (am) => testSettings([testInstance('127.0.0.1:19093, 127.0.0.1:19095', am.url)]),
    viewport: { width: 960, height: 680 },
    ready: (page) =>
      page.locator('[data-testid=alert-count]', { hasText: '3 of 3' }).waitFor({ timeout: 30_000 }),
  });
  let page: Page;
  before(() => ({ page } = t));

  it('keeps each name whole, and where it fires', async () => {
    await page.locator('[data-testid=alert-row]').first().locator('.age').click();
    await page.getByTestId('detail-pane').waitFor();
    for (const name of NAMES) {
      const header = page.locator('[data-testid=group-row]', { hasText: name });
      const fit = await header
        .locator('.gname .chip')
        .evaluate((e) => ({ shown: e.clientWidth, whole: e.scrollWidth }));
      assert.ok(fit.whole <= fit.shown, `${name}: ${JSON.stringify(fit)}`);
      const where = await header
        .getByTestId('group-where')
        .evaluate((e) => ({ shown: e.clientWidth, whole: e.scrollWidth }));
      assert.ok(where.whole <= where.shown, `${name} where: ${JSON.stringify(where)}`);
      const over = await header.evaluate((r) => r.scrollWidth - r.clientWidth);
      assert.ok(over <= 0, `${name}: ${over} px past the header`);
    }
  });
});
