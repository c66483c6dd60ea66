// A silence expired by mistake comes back with one key: Expire in the silences view says so in
// a toast whose Undo (and `u`) makes the silence again as it was: its matchers, author, comment
// and end. Before, `u` said "nothing to undo" and Recreate gave a fixed duration under the
// name of whoever pressed it (a walk-through lost carol's 3-day silence that way). Real
// Alertmanager, real core, browser shell, Chromium at 960×680.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { GettableSilence } from '../../main/core/api/types.ts';
import { amSkipReason, makeAlert, waitFor } from '../support/alertmanager.ts';
import { testInstance, testSettings, useAlertmanagerUi } from './support/ui.ts';

const ENDS = new Date(Date.now() + 3 * 86_400_000).toISOString();
const MATCHERS = [{ name: 'team', value: 'kernel', isRegex: false, isEqual: true }];

async function silences(url: string): Promise<GettableSilence[]> {
  const res = await fetch(`${url}/api/v2/silences`);
  return (await res.json()) as GettableSilence[];
}

describe('undo an expire', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [makeAlert({ alertname: 'KernelOld', severity: 'warning', team: 'kernel' })],
    settings: async (am) => {
      const res = await fetch(`${am.url}/api/v2/silences`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          matchers: MATCHERS,
          startsAt: new Date().toISOString(),
          endsAt: ENDS,
          createdBy: 'carol',
          comment: 'kernel upgrade window, CHG-42',
        }),
      });
      assert.equal(res.status, 200, await res.clone().text());
      return testSettings([testInstance('am1', am.url)]);
    },
    viewport: { width: 960, height: 680 },
  });

  it('u after Expire makes the silence again as it was', async () => {
    const { page, am } = t;
    await page.keyboard.press('2');
    const row = page.locator('[data-testid=silence-row]', { hasText: 'carol' });
    await row.waitFor({ timeout: 20_000 });
    await row.click();
    await waitFor(
      async () => ((await page.getByTestId('silencing').textContent()) ?? '').includes('1 alert'),
      { message: 'it silences KernelOld' },
    );
    await page.getByTestId('silence-expire').click();
    await page.getByTestId('expire-confirm').click();
    const toast = (title: string) => page.locator('[data-testid=toast]').filter({ hasText: title });
    await toast('Silence expired').waitFor({ timeout: 15_000 });
    assert.match((await toast('Silence expired').textContent()) ?? '', /team="kernel"/);
    // Expired, it silences nothing, whatever the alerts said at the last poll.
    await waitFor(
      async () =>
        ((await page.getByTestId('silencing').textContent()) ?? '').includes('nothing (expired)'),
      { message: 'silences nothing once expired' },
    );
    assert.equal(await page.getByTestId('silenced-alerts').count(), 0);
    await waitFor(async () => (await silences(am.url)).every((s) => s.status.state !== 'active'), {
      message: 'expired on the server',
    });

    await page.keyboard.press('u');
    await toast('Silence restored').waitFor({ timeout: 15_000 });
    const back = await waitFor(
      async () => (await silences(am.url)).find((s) => s.status.state === 'active'),
      { message: 'active again on the server' },
    );
    assert.equal(back.createdBy, 'carol');
    assert.equal(back.comment, 'kernel upgrade window, CHG-42');
    assert.deepEqual(
      back.matchers.map((m) => [m.name, m.value, m.isRegex, m.isEqual ?? true]),
      [['team', 'kernel', false, true]],
    );
    assert.ok(Math.abs(Date.parse(back.endsAt) - Date.parse(ENDS)) < 1_000, back.endsAt);
    // Done once: the next u has nothing left to undo.
    await page.keyboard.press('u');
    await toast('nothing to undo').waitFor({ timeout: 5_000 });
  });
});
