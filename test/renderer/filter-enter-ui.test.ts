// Enter in the filter bar with nothing typed where a label name goes (an emptied field, after
// a comma) goes to the list: it took the first label name offered (`instance=`), which
// matches only alerts without that label, and the list went empty at the moment a paged
// engineer wanted it. A name or value being typed is still completed by Enter or Tab, and an
// arrow key still chooses any suggestion. Real Alertmanager, real core, browser shell.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { amSkipReason, makeAlert, waitFor } from '../support/alertmanager.ts';
import { useAlertmanagerUi } from './support/ui.ts';

describe('Enter in the filter bar', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: ['a', 'b', 'c'].map((i) =>
      makeAlert({ alertname: 'EnterKey', severity: 'critical', instance: i }),
    ),
    viewport: { width: 960, height: 680 },
  });
  const input = () => t.page.locator('[data-testid=filter-input]');
  const suggestions = () => t.page.locator('#filter-suggestions');
  const inputFocused = () =>
    t.page.evaluate(() => {
      const d = (globalThis as unknown as { document: { activeElement: { dataset?: object } } })
        .document;
      return (
        (d.activeElement.dataset as { testid?: string } | undefined)?.testid === 'filter-input'
      );
    });

  it('in an emptied field keeps the list and leaves for it', async () => {
    await input().fill('');
    await input().click();
    await input().pressSequentially('x');
    await input().press('Backspace');
    await suggestions().waitFor();
    await input().press('Enter');
    assert.equal(await input().inputValue(), '');
    await t.page.locator('[data-testid=alert-count]').filter({ hasText: '3 of 3' }).waitFor();
    await waitFor(async () => !(await inputFocused()), { message: 'focus left for the list' });
  });

  it('after a comma adds nothing', async () => {
    await input().fill('');
    await input().click();
    await input().pressSequentially('severity="critical", ');
    await suggestions().waitFor();
    await input().press('Enter');
    assert.equal(await input().inputValue(), 'severity="critical", ');
    await t.page.locator('[data-testid=alert-count]').filter({ hasText: '3 of 3' }).waitFor();
  });

  it('completes a label name being typed, and takes a suggestion chosen with the arrows', async () => {
    await input().fill('');
    await input().click();
    await input().pressSequentially('inst');
    // The name being typed has its first suggestion highlighted: that is what Enter takes.
    await t.page.locator('#filter-suggestions button.active', { hasText: 'instance' }).waitFor();
    await input().press('Enter');
    assert.equal(await input().inputValue(), 'instance=');
    await input().fill('');
    await input().click();
    await input().pressSequentially('x');
    await input().press('Backspace');
    await suggestions().waitFor();
    await input().press('ArrowDown');
    await t.page.locator('#filter-suggestions button.active').waitFor();
    await input().press('Enter');
    assert.match(await input().inputValue(), /^[a-z_]+=$/);
    await input().fill('');
  });
});
