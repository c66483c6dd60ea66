// Enter on the silence form's "Done" closes the form and nothing else: the header of the group
// the cursor was on stays as it was (a walk-through saw it collapse, hiding its alerts). And the
// saved step waits for that Enter: it closed by itself after 2.5 s, focus went back to Edit…
// in the silences view, and the Enter meant for Done opened the editor again (a walk-through
// then typed into it). Real Alertmanager, real core, browser shell, Chromium at 960×680.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { amSkipReason, makeAlert, waitFor } from '../support/alertmanager.ts';
import { useAlertmanagerUi } from './support/ui.ts';

describe('Enter on Done', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [
      ...['c1', 'c2', 'c3'].map((i) =>
        makeAlert({ alertname: 'DoneGroup', severity: 'warning', instance: i }),
      ),
      ...['k1', 'k2'].map((i) =>
        makeAlert({ alertname: 'KeepOpen', severity: 'info', instance: i }),
      ),
    ],
    viewport: { width: 960, height: 680 },
    ready: (page) =>
      waitFor(async () => (await page.locator('[data-testid=alert-row]').count()) === 5, {
        timeoutMs: 30_000,
      }),
  });

  for (const from of ['group', 'alert'] as const) {
    it(`closes the form only (silenced from the ${from})`, async () => {
      const { page } = t;
      const name = from === 'group' ? 'KeepOpen' : 'DoneGroup';
      const header = page.locator('[data-testid=group-row]', { hasText: name });
      if (from === 'group') await header.locator('.sev-dot').click();
      else
        await page
          .locator('[data-testid=alert-row]', { hasText: 'instance=c1' })
          .locator('.age')
          .click();
      await page.keyboard.press('Escape');
      const rowsOf = () =>
        page
          .locator('[data-testid=alert-row]', {
            hasText: name === 'KeepOpen' ? 'instance=k' : 'instance=c',
          })
          .count();
      const before = await rowsOf();
      await page.keyboard.press('s');
      const dialog = page.locator('[data-testid=silence-dialog]');
      await dialog.locator('#silence-comment').waitFor();
      await dialog.locator('#silence-comment').fill('enter on done');
      await page.keyboard.press('Control+Enter');
      await dialog.getByTestId('silence-success').waitFor({ timeout: 15_000 });
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await new Promise((r) => setTimeout(r, 1_500));
      // Silenced rows stay listed (Silenced is shown): none may vanish into a collapsed group.
      assert.equal(await rowsOf(), before, `${name}'s rows are all still shown`);
      assert.equal(
        await header.locator('.chev').getAttribute('aria-expanded'),
        'true',
        'the group is still expanded',
      );
    });
  }

  it('the saved step of an edit waits for Enter; nothing opens again', async () => {
    const { page } = t;
    await page.keyboard.press('2');
    const row = page.locator('[data-testid=silence-row]').first();
    await row.waitFor({ timeout: 15_000 });
    await row.click();
    await page.getByTestId('silence-edit').click();
    const dialog = page.locator('[data-testid=silence-dialog]');
    await dialog.locator('#silence-comment').waitFor();
    await dialog.locator('#silence-comment').fill('edited, then Enter late');
    await page.keyboard.press('Control+Enter');
    await dialog.getByTestId('silence-success').waitFor({ timeout: 15_000 });
    // Longer than the old clock: still there, Done still focused.
    await new Promise((r) => setTimeout(r, 3_500));
    assert.equal(await dialog.getByTestId('silence-success').count(), 1, 'still shown');
    assert.equal(
      await page.evaluate('document.activeElement?.getAttribute("data-testid")'),
      'silence-done',
    );
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(await dialog.count(), 0, 'no editor opened again');
  });
});
