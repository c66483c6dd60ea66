// Opening an alert (a notification, the tray, the Timeline) that the list does not show: it is
// hidden by the filter or the state toggles, or no longer listed. A walk-through filtered to one
// team, a critical fired elsewhere, and clicking its notification in the bell did nothing. Now
// the list says so, focused, and Enter shows it (the filter cleared, every state shown).
// Real Alertmanager, real core, browser shell, Chromium at 960×680.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert, postAlerts, waitFor } from '../support/alertmanager.ts';
import { useAlertmanagerUi } from './support/ui.ts';

describe('an opened alert the filter hides', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [
      makeAlert({ alertname: 'PayLatency', severity: 'warning', team: 'payments' }),
      makeAlert({ alertname: 'PayErrors', severity: 'warning', team: 'payments' }),
    ],
    viewport: { width: 960, height: 680 },
    ready: (page) =>
      page.locator('[data-testid=alert-count]', { hasText: '2 of 2' }).waitFor({ timeout: 30_000 }),
  });
  let page: Page;
  before(() => ({ page } = t));

  const selected = (name: string) =>
    page.locator('[data-testid=group-row].selected, [data-testid=alert-row].selected', {
      hasText: name,
    });

  /** The focused element is (inside) the cursor row that names `name`. */
  const focusOnSelectedRow = (name: string) =>
    page.evaluate((n) => {
      type El = { closest(s: string): { textContent: string | null } | null };
      const d = (globalThis as unknown as { document: { activeElement: El | null } }).document;
      const row = d.activeElement?.closest('.selected');
      return !!row && (row.textContent ?? '').includes(n);
    }, name);

  it('a notification for a hidden critical says so, and Enter shows it', async () => {
    await page.fill('[data-testid=filter-input]', 'team="payments"');
    await page.locator('[data-testid=alert-count]', { hasText: '2 of 2' }).waitFor();
    await postAlerts(t.am.url, [
      makeAlert({ alertname: 'KubeAPIDown', severity: 'critical', team: 'platform' }),
    ]);
    await page
      .locator('[data-testid=toast]', { hasText: 'KubeAPIDown' })
      .waitFor({ timeout: 30_000 });
    await page.locator('[data-testid=alert-count]', { hasText: '2 of 3' }).waitFor();
    await page.locator('[data-testid=notifications-button]').click();
    await page.locator('[data-testid=notification-item]', { hasText: 'KubeAPIDown' }).click();

    const notice = page.locator('[data-testid=target-hidden]');
    await notice.waitFor();
    assert.match(await notice.innerText(), /hidden by the filter or the state toggles/);
    // Focused: Enter shows it.
    await waitFor(
      () =>
        page.evaluate(() => {
          const d = (
            globalThis as unknown as { document: { activeElement: { textContent: string } | null } }
          ).document;
          return /Show it/.test(d.activeElement?.textContent ?? '');
        }),
      { message: 'the notice has focus' },
    );
    await page.keyboard.press('Enter');
    await selected('KubeAPIDown').first().waitFor();
    await page.locator('[data-testid=alert-count]', { hasText: '3 of 3' }).waitFor();
    assert.equal(await page.inputValue('[data-testid=filter-input]'), '');
    assert.equal(await notice.count(), 0, 'the notice is gone once it shows');
    // Focus went with it to the row shown (it fell to the page: the next Tab was "Expand all").
    await waitFor(() => focusOnSelectedRow('KubeAPIDown'), { message: 'the shown row has focus' });
  });

  it('opened from the tray: the filter can be kept, or cleared to show it', async () => {
    const group = Object.values(t.ui.shell.core.snapshot().groups).find(
      (g) => g.labels['alertname'] === 'PayErrors',
    );
    assert.ok(group);
    await page.fill('[data-testid=filter-input]', 'alertname!="PayErrors"');
    await page.locator('[data-testid=alert-count]', { hasText: '2 of 3' }).waitFor();
    t.ui.shell.navigate.emit({ view: 'alerts', groupKey: group.key });
    await page.locator('[data-testid=target-hidden]').waitFor();
    await page.getByRole('button', { name: 'Keep the filter' }).click();
    assert.equal(await page.locator('[data-testid=target-hidden]').count(), 0);
    await waitFor(() => focusOnSelectedRow('KubeAPIDown'), {
      message: 'focus back on the cursor row, not dropped to the page',
    });
    assert.equal(await page.inputValue('[data-testid=filter-input]'), 'alertname!="PayErrors"');
    t.ui.shell.navigate.emit({ view: 'alerts', groupKey: group.key });
    await page.getByRole('button', { name: /Show it/ }).click();
    await selected('PayErrors').first().waitFor();
  });

  it('one no longer listed says so instead of doing nothing', async () => {
    await page.fill('[data-testid=filter-input]', '');
    t.ui.shell.navigate.emit({ view: 'alerts', fingerprint: 'ffffffffffffffff' });
    const notice = page.locator('[data-testid=target-hidden]');
    await notice.waitFor();
    assert.match(await notice.innerText(), /no longer listed/);
  });
});
