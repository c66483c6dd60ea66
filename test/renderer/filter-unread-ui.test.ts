// While the filter text does not read (a matcher half typed, a bad regex) the list keeps the
// last filter that did, and the message says so: the core leaves out a segment it cannot read,
// so `alertname="KeepMe` half typed showed every alert, and a mistake kept showing everything
// while its message waited for a pause in typing. Real Alertmanager, real core, browser shell.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { amSkipReason, makeAlert } from '../support/alertmanager.ts';
import { useAlertmanagerUi } from './support/ui.ts';

describe('a filter that does not read', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [
      makeAlert({ alertname: 'KeepMe', severity: 'critical', team: 'db' }),
      makeAlert({ alertname: 'Other', severity: 'warning', team: 'web' }),
    ],
    viewport: { width: 960, height: 680 },
  });
  const input = () => t.page.locator('[data-testid=filter-input]');
  const count = (text: string) =>
    t.page.locator('[data-testid=alert-count]').filter({ hasText: text }).waitFor();

  it('keeps the list of the last filter that read, and says so', async () => {
    await input().fill('alertname="KeepMe"');
    await count('1 of 2');
    await input().fill('alertname="KeepMe');
    await t.page.locator('[data-testid=filter-error]').waitFor({ timeout: 5_000 });
    await t.page.getByTestId('filter-list-behind').waitFor();
    assert.equal(
      (await t.page.locator('[data-testid=alert-count]').textContent())?.trim(),
      '1 of 2',
    );
    assert.equal(await t.page.locator('[data-testid=alert-row]', { hasText: 'Other' }).count(), 0);
    // A bad regex after a good matcher: the same.
    await input().fill('alertname="KeepMe", team=~"[d"');
    await t.page.locator('[data-testid=filter-error]').waitFor({ timeout: 5_000 });
    assert.equal(
      (await t.page.locator('[data-testid=alert-count]').textContent())?.trim(),
      '1 of 2',
    );
    // Read again: the list follows the text.
    await input().fill('alertname="Other"');
    await count('1 of 2');
    await t.page.locator('[data-testid=alert-row]', { hasText: 'Other' }).waitFor();
    assert.equal(await t.page.getByTestId('filter-list-behind').count(), 0);
    await input().fill('');
    await count('2 of 2');
  });
});
