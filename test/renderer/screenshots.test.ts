// Screenshots of every view in light and dark (assets/screenshots/<view>-<theme>.png), taken
// from the real app against a real Alertmanager with a realistic set of alerts and silences.
// The theme is "system" and the browser's prefers-color-scheme picks it, so this also checks
// that path. The images are committed and reviewed by eye.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { PostableSilence } from '../../main/core/api/types.ts';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  startAlertmanager,
  waitFor,
  type AmProcess,
} from '../support/alertmanager.ts';
import {
  cspViolations,
  launchBrowser,
  openUi,
  testInstance,
  testSettings,
  type Ui,
} from './support/ui.ts';

// The committed images change only on purpose: `UPDATE_SCREENSHOTS=1 node test/run-tests.mjs
// screenshots` writes them; a normal test run renders every view into a temp dir instead.
const OUT = process.env.UPDATE_SCREENSHOTS
  ? fileURLToPath(new URL('../../assets/screenshots/', import.meta.url))
  : `${mkdtempSync(join(tmpdir(), 'amtray-screenshots-'))}/`;
const THEMES = ['light', 'dark'] as const;

function ago(min: number): string {
  return new Date(Date.now() - min * 60_000).toISOString();
}

async function postSilence(am: AmProcess, s: PostableSilence): Promise<string> {
  const res = await fetch(`${am.url}/api/v2/silences`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(s),
  });
  assert.equal(res.status, 200, await res.clone().text());
  return ((await res.json()) as { silenceID: string }).silenceID;
}

const m = (name: string, value: string, isRegex = false) => ({
  name,
  value,
  isRegex,
  isEqual: true,
});

describe('screenshots', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  let browser: Browser;

  before(async () => {
    mkdirSync(OUT, { recursive: true });
    am = await startAlertmanager();
    const rb = 'https://runbooks.example.com';
    await postAlerts(am.url, [
      makeAlert(
        {
          alertname: 'KubePodCrashLooping',
          severity: 'critical',
          namespace: 'payments',
          pod: 'api-7d9f-x2k',
          team: 'b',
        },
        {
          startsAt: ago(12),
          annotations: {
            summary: 'Pod payments/api-7d9f-x2k is crash looping',
            description: 'Pod payments/api-7d9f-x2k (api) is restarting 2.1 times / 10 minutes.',
            runbook_url: `${rb}/KubePodCrashLooping`,
            dashboard: 'https://grafana.example.com/d/pods',
          },
          generatorURL: 'https://prometheus.example.com/graph?g0.expr=rate',
        },
      ),
      makeAlert(
        { alertname: 'HighErrorRate', severity: 'critical', service: 'checkout', cluster: 'eu-1' },
        {
          startsAt: ago(34),
          annotations: {
            summary: '5xx ratio 7.2% on checkout (threshold 5%)',
            runbook_url: `${rb}/HighErrorRate`,
          },
        },
      ),
      makeAlert(
        {
          alertname: 'HighErrorRate',
          severity: 'warning',
          service: 'checkout',
          cluster: 'eu-1',
          path: '/cart',
        },
        { startsAt: ago(30), annotations: { summary: '5xx ratio 2.1% on /cart' } },
      ),
      ...['node-a', 'node-b', 'node-c'].map((n, i) =>
        makeAlert(
          {
            alertname: 'NodeFilesystemAlmostFull',
            severity: 'warning',
            instance: `${n}:9100`,
            mountpoint: '/var',
          },
          {
            startsAt: ago(95 + i * 40),
            annotations: {
              summary: `/var on ${n} is ${88 + i}% full`,
              runbook_url: `${rb}/NodeFilesystemAlmostFull`,
            },
          },
        ),
      ),
      makeAlert(
        { alertname: 'CertificateExpiringSoon', severity: 'info', domain: 'api.example.com' },
        {
          startsAt: ago(60 * 26),
          annotations: { summary: 'TLS certificate for api.example.com expires in 13 days' },
        },
      ),
      makeAlert(
        { alertname: 'BackupJobFailed', severity: 'error', job: 'pg-backup', team: 'b' },
        {
          startsAt: ago(180),
          annotations: {
            summary: 'Nightly backup of orders-db failed',
            description: 'pg_dump exited with status 1: connection reset by peer',
          },
        },
      ),
      makeAlert(
        { alertname: 'Watchdog', severity: 'none' },
        { startsAt: ago(60 * 24 * 3), annotations: { summary: 'Alerting pipeline is alive' } },
      ),
      makeAlert(
        { alertname: 'ReplicationLag', severity: 'warning', instance: 'db-2:9187' },
        { startsAt: ago(8), annotations: { summary: 'Replica db-2 is 42s behind' } },
      ),
    ]);
    const now = Date.now();
    await postSilence(am, {
      matchers: [m('alertname', 'ReplicationLag'), m('instance', 'db-2:9187')],
      startsAt: new Date(now).toISOString(),
      endsAt: new Date(now + 3 * 3_600_000).toISOString(),
      createdBy: 'alice',
      comment: 'Reindexing orders table, lag expected (OPS-1432)',
    });
    await postSilence(am, {
      matchers: [m('alertname', 'NodeFilesystemAlmostFull'), m('instance', 'node-c:9100')],
      startsAt: new Date(now).toISOString(),
      endsAt: new Date(now + 50 * 60_000).toISOString(),
      createdBy: 'bob',
      comment: 'Log rotation fix rolling out',
    });
    await postSilence(am, {
      matchers: [m('cluster', 'eu-2'), m('severity', 'warning|info', true)],
      startsAt: new Date(now + 20 * 3_600_000).toISOString(),
      endsAt: new Date(now + 24 * 3_600_000).toISOString(),
      createdBy: 'carol',
      comment: 'Planned maintenance window eu-2',
    });
    const old = await postSilence(am, {
      matchers: [m('alertname', 'KubeJobFailed')],
      startsAt: new Date(now).toISOString(),
      endsAt: new Date(now + 3_600_000).toISOString(),
      createdBy: 'alice',
      comment: 'Migration job retried',
    });
    await fetch(`${am.url}/api/v2/silence/${old}`, { method: 'DELETE' });
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await am?.stop();
    if (!process.env.UPDATE_SCREENSHOTS) rmSync(OUT, { recursive: true, force: true });
  });

  for (const theme of THEMES) {
    it(`captures every view (${theme})`, async () => {
      const settings = testSettings([
        testInstance('prod-eu', am.url),
        testInstance('prod-us', 'http://127.0.0.1:1', { timeoutSec: 1 }),
      ]);
      // Label colours as a team would set them: a colour per team, chosen ones for severity.
      settings.ui.labelColours = {
        team: {},
        severity: { critical: 'red', error: 'orange', warning: 'yellow', info: 'blue' },
      };
      const ui: Ui = await openUi(browser, settings, {
        colorScheme: theme,
        viewport: { width: 1280, height: 800 },
      });
      const page: Page = ui.page;
      try {
        const shot = (name: string) => page.screenshot({ path: `${OUT}${name}-${theme}.png` });
        await page.locator('[data-testid=stale-banner]').waitFor({ timeout: 60_000 });
        // Every alert posted but the Watchdog (the dead-man's switch hides it from the list).
        await waitFor(async () => (await page.locator('[data-testid=alert-row]').count()) >= 9, {
          timeoutMs: 30_000,
        });
        await page.locator('[data-testid=alert-row]').first().click();
        await shot('alerts');
        // A common laptop size, the Electron window's default and minimum sizes.
        for (const [name, size] of [
          ['alerts-1280', { width: 1280, height: 800 }],
          ['alerts-960', { width: 960, height: 680 }],
          ['alerts-narrow', { width: 480, height: 640 }],
        ] as const) {
          await page.setViewportSize(size);
          if (name !== 'alerts-1280') await shot(name);
          // Five tabs and five severity counts: the top bar fits, Refresh whole and in view.
          const bar = await page.evaluate(() => {
            const g = globalThis as unknown as {
              document: {
                querySelector(s: string): { scrollWidth: number; clientWidth: number } | null;
              };
            };
            const el = g.document.querySelector('header.topbar');
            return el ? { scroll: el.scrollWidth, client: el.clientWidth } : null;
          });
          assert.ok(bar && bar.scroll <= bar.client, `top bar fits at ${size.width}`);
          const refresh = await page.getByRole('button', { name: 'Refresh now' }).boundingBox();
          assert.ok(refresh && refresh.x + refresh.width <= size.width, `Refresh at ${size.width}`);
        }
        await page.setViewportSize({ width: 1280, height: 800 });

        await page.keyboard.press('s');
        const dialog = page.locator('[data-testid=silence-dialog]');
        await dialog.locator('[data-testid=preview-count]').waitFor({ timeout: 20_000 });
        await dialog.locator('#silence-comment').fill('Rolling back release 2024.11.3 (INC-2291)');
        await shot('silence-form');
        // The form at Electron's default window size: the comment is the first field.
        await page.setViewportSize({ width: 960, height: 680 });
        await shot('silence-form-960');
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });

        await page.locator('button[data-view=silences]').click();
        await page.locator('[data-testid=silence-row]').first().click();
        await shot('silences');

        await page.locator('button[data-view=instances]').click();
        await page.locator('[data-testid=instance-row][data-instance=prod-eu] button.name').click();
        await page.locator('button', { hasText: 'Show configuration' }).click();
        await page.locator('[data-testid=instance-config]').waitFor();
        await shot('instances');

        await page.locator('button[data-view=settings]').click();
        await page.locator('[data-testid=settings-instance]').first().waitFor();
        await shot('settings');
        assert.deepEqual(ui.problems, []);
        assert.deepEqual(await cspViolations(page), []);
      } finally {
        await ui.close();
      }

      const setup = await openUi(browser, testSettings([]), {
        colorScheme: theme,
        viewport: { width: 1280, height: 800 },
      });
      try {
        await setup.page.locator('[data-testid=setup-screen]').waitFor({ timeout: 20_000 });
        await setup.page.screenshot({ path: `${OUT}setup-${theme}.png` });
      } finally {
        await setup.close();
      }
    });
  }
});
