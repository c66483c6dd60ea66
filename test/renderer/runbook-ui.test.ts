// The runbook one step from the list: every row (or its group row) whose alert has a runbook
// links it, `o` opens the selection's runbook, a dashboard annotation links too, and only
// http(s) URLs become links. Real Alertmanager, real core, browser shell, headless Chromium
// at 960×680. The browser shell opens links in new tabs (support/ui.ts records and closes them).
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert } from '../support/alertmanager.ts';
import { waitFor } from '../support/wait.ts';
import { useAlertmanagerUi } from './support/ui.ts';

const RUNBOOK = 'https://runbooks.example.com/kube/KubePodCrashLooping';

describe('runbook and dashboard on the row, and the o key', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [
      ...['api-1', 'api-2', 'api-3'].map((pod) =>
        makeAlert(
          { alertname: 'KubePodCrashLooping', severity: 'warning', pod },
          {
            annotations: {
              runbook_url: RUNBOOK,
              dashboard_url: 'https://grafana.example.com/d/pods',
            },
          },
        ),
      ),
      // Another rule set's spelling.
      makeAlert(
        { alertname: 'DiskFull', severity: 'critical', instance: 'db-1' },
        { annotations: { Runbook: 'https://wiki.example.com/DiskFull' } },
      ),
      // Not a link: a javascript: URL stays text, and no link is drawn.
      makeAlert(
        { alertname: 'Sneaky', severity: 'info', instance: 'x' },
        { annotations: { runbook_url: 'javascript:alert(1)' } },
      ),
      makeAlert({ alertname: 'NoRunbook', severity: 'info', instance: 'y' }),
    ],
    viewport: { width: 960, height: 680 },
  });
  let page: Page;
  before(() => {
    page = t.page;
  });

  const rowOf = (name: string) =>
    page.locator('[data-testid=alert-row]', {
      has: page.locator('.row-name', { hasText: name }),
    });
  const groupOf = (name: string) =>
    page.locator('[data-testid=group-row]', { has: page.locator('.gname', { hasText: name }) });

  it('links the runbook on every row and group row that has one, and nothing else', async () => {
    await rowOf('NoRunbook').waitFor();
    for (const [name, url] of [
      ['KubePodCrashLooping', RUNBOOK],
      ['DiskFull', 'https://wiki.example.com/DiskFull'],
    ] as const) {
      const rows = rowOf(name);
      assert.ok((await rows.count()) >= 1);
      for (const row of await rows.all()) {
        assert.equal(await row.locator('[data-testid=row-link-runbook]').getAttribute('href'), url);
        assert.ok(
          await row.locator('[data-testid=row-link-runbook]').isVisible(),
          `${name} visible`,
        );
      }
      assert.equal(
        await groupOf(name).locator('[data-testid=row-link-runbook]').getAttribute('href'),
        url,
      );
    }
    assert.equal(
      await rowOf('KubePodCrashLooping')
        .first()
        .locator('[data-testid=row-link-dashboard]')
        .getAttribute('href'),
      'https://grafana.example.com/d/pods',
    );
    assert.equal(await rowOf('Sneaky').locator('a').count(), 0, 'javascript: is not a link');
    assert.equal(await rowOf('NoRunbook').locator('[data-testid=row-link-runbook]').count(), 0);
  });

  it('a click on the link opens it and does not select the row', async () => {
    const before = t.ui.opened.length;
    await rowOf('DiskFull').locator('[data-testid=row-link-runbook]').click();
    await waitFor(() => t.ui.opened.length === before + 1, { message: 'opened' });
    assert.equal(t.ui.opened.at(-1), 'https://wiki.example.com/DiskFull');
    assert.equal(await page.locator('[data-testid=alert-detail]').count(), 0, 'not selected');
  });

  it('o opens the runbook of the selected alert or group; a word when there is none', async () => {
    await rowOf('KubePodCrashLooping').first().locator('.age').click();
    await page.locator('body').press('o');
    await waitFor(() => t.ui.opened.at(-1) === RUNBOOK, { message: 'o on an alert' });
    // A new tab of this browser shows itself: no toast claims a browser opened elsewhere (only
    // Electron's hand-over to the system browser says so, once it took the link).
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(
      await page.locator('[data-testid=toast]', { hasText: 'Runbook opened' }).count(),
      0,
    );
    await groupOf('DiskFull').locator('.main').click();
    await page.locator('body').press('o');
    await waitFor(() => t.ui.opened.at(-1) === 'https://wiki.example.com/DiskFull', {
      message: 'o on a group',
    });
    const count = t.ui.opened.length;
    await rowOf('NoRunbook').locator('.age').click();
    await page.locator('body').press('o');
    await page.locator('[data-testid=toast]', { hasText: 'No runbook' }).waitFor();
    assert.equal(t.ui.opened.length, count);
    assert.deepEqual(t.ui.handedToShell, [], 'nothing opened where the shell runs');
  });
});
