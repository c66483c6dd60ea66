// A filter typed just before the window closes is remembered. Filter changes are saved after a
// pause (600 ms) so typing does not write settings per letter; a window closed within that
// pause lost the change. It is saved when the page is hidden or goes away. Real Alertmanager,
// real core, browser shell, headless Chromium.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { amSkipReason, makeAlert, waitFor } from '../support/alertmanager.ts';
import { useAlertmanagerUi } from './support/ui.ts';

describe('a filter typed right before the window closes', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [
      makeAlert({ alertname: 'KeepMe', severity: 'critical', team: 'db' }),
      makeAlert({ alertname: 'Other', severity: 'warning', team: 'web' }),
    ],
    viewport: { width: 960, height: 680 },
  });

  it('is saved when the page goes away within the save pause', async () => {
    const page = await t.ui.context.newPage();
    await page.goto(t.ui.shell.url);
    const input = page.locator('[data-testid=filter-input]');
    await page.locator('[data-testid=alert-row]').first().waitFor();
    await input.fill('team="db"');
    await input.press('Enter');
    await page.locator('[data-testid=alert-count]').filter({ hasText: '1 of 2' }).waitFor();
    // Closed at once: well inside the save's pause.
    await page.close({ runBeforeUnload: true });
    await waitFor(() => t.ui.shell.core.getSettings().ui.filter.text === 'team="db"', {
      message: 'the filter remembered',
      timeoutMs: 5_000,
    });
    // And the next window opens with it.
    const next = await t.ui.context.newPage();
    await next.goto(t.ui.shell.url);
    await waitFor(
      async () => (await next.locator('[data-testid=filter-input]').inputValue()) === 'team="db"',
    );
    assert.equal(await next.locator('[data-testid=filter-input]').inputValue(), 'team="db"');
    await next.close();
  });
});
