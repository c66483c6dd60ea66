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
    // Its closing quote gone: a matcher being typed again, not an error.
    await input().fill('alertname="KeepMe');
    await t.page.getByTestId('filter-in-progress').waitFor({ timeout: 5_000 });
    await t.page.getByTestId('filter-list-behind').waitFor();
    assert.equal(await t.page.locator('[data-testid=filter-error]').count(), 0);
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

describe('a matcher being typed', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [
      makeAlert({ alertname: 'EuDown', severity: 'critical', cluster: 'prod-eu-west-1' }),
      makeAlert({ alertname: 'UsDown', severity: 'critical', cluster: 'prod-us-east-1' }),
      makeAlert({ alertname: 'NoNs', severity: 'warning', cluster: 'prod-eu-west-1' }),
      makeAlert({
        alertname: 'InNs',
        severity: 'warning',
        cluster: 'prod-us-east-1',
        namespace: 'checkout',
      }),
    ],
    viewport: { width: 960, height: 680 },
  });
  const input = () => t.page.locator('[data-testid=filter-input]');
  const countText = async () =>
    ((await t.page.locator('[data-testid=alert-count]').textContent()) ?? '').trim();

  it('never empties the list or falls back to "no such label" while its value is typed', async () => {
    const { page } = t;
    await page.locator('[data-testid=alert-count]', { hasText: '4 of 4' }).waitFor();
    await input().click();
    // Key by key, as a paged engineer types it, reading the count after each key.
    const seen: string[] = [];
    for (const ch of 'cluster="prod-eu') {
      await page.keyboard.type(ch);
      await new Promise((r) => setTimeout(r, 120));
      seen.push(await countText());
    }
    for (const c of seen) assert.doesNotMatch(c, /^0 of/, `while typing: ${seen.join(' | ')}`);
    // What the list shows is said at once, not after a pause.
    await page.getByTestId('filter-in-progress').waitFor({ timeout: 1_000 });
    assert.equal(await page.locator('[data-testid=filter-error]').count(), 0);
    // Complete: it filters.
    await page.keyboard.type('-west-1"');
    await page.locator('[data-testid=alert-count]', { hasText: '2 of 4' }).waitFor();
    assert.equal(await page.getByTestId('filter-in-progress').count(), 0);

    // `namespace=` alone is not "no namespace" while it is typed; the message says how to ask.
    await input().fill('');
    await page.locator('[data-testid=alert-count]', { hasText: '4 of 4' }).waitFor();
    await input().fill('namespace=');
    const msg = page.getByTestId('filter-in-progress');
    await msg.waitFor();
    assert.match((await msg.textContent()) ?? '', /namespace=""/);
    assert.equal(await countText(), '4 of 4');
    await input().fill('namespace=""');
    await page.locator('[data-testid=alert-count]', { hasText: '3 of 4' }).waitFor();
    await input().fill('');
  });
});
