// The silence form says when the Alertmanager it sends to does not answer, before a comment is
// typed (a walk-through learnt it only from the submit's "connection refused" after writing
// one). It still lets the user send: the server may be back by then. Two real Alertmanagers,
// one stopped; real core, browser shell, Chromium.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { amSkipReason, makeAlert } from '../support/alertmanager.ts';
import { secondAlertmanager, testInstance, testSettings, useAlertmanagerUi } from './support/ui.ts';

describe('the silence form names a target that does not answer', { skip: amSkipReason() }, () => {
  const second = secondAlertmanager([
    makeAlert({ alertname: 'TargetDown', severity: 'critical', instance: 'd1' }),
  ]);
  const t = useAlertmanagerUi({
    alerts: [makeAlert({ alertname: 'TargetUp', severity: 'warning', instance: 'u1' })],
    settings: async (am) =>
      testSettings([testInstance('am1', am.url), testInstance('am2', (await second.start()).url)]),
    cleanup: second.stop,
    viewport: { width: 960, height: 680 },
    ready: (page) =>
      page
        .locator('[data-testid=alert-row]', { hasText: 'd1' })
        .first()
        .waitFor({ timeout: 15_000 }),
  });

  async function silenceFormFor(text: string) {
    const page = t.page;
    await page.locator('[data-testid=alert-row]', { hasText: text }).first().click();
    await page.keyboard.press('s');
    const dialog = page.getByTestId('silence-dialog');
    await dialog.waitFor();
    return dialog;
  }

  it('says nothing while the target answers', async () => {
    const dialog = await silenceFormFor('u1');
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(await dialog.getByTestId('silence-target-down').count(), 0);
    await t.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('names the one that does not answer, and since when, before anything is typed', async () => {
    await second.am.stop();
    await t.page.getByTestId('stale-line').filter({ hasText: 'am2' }).waitFor({ timeout: 20_000 });
    const dialog = await silenceFormFor('d1');
    const note = dialog.getByTestId('silence-target-down');
    await note.waitFor();
    assert.match(
      await note.innerText(),
      /^am2 is not answering since \d{1,2}:\d\d.*: the silence cannot be made there until it answers\.$/,
    );
    // Still allowed: the create button is there and enabled.
    assert.equal(await dialog.getByRole('button', { name: 'Create silence' }).isDisabled(), false);
    await t.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});
