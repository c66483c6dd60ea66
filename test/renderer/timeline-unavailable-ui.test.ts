// A window whose shell keeps no history (a browser shell started with settings in memory): the
// Timeline said "this shell keeps no history" in red against the edge, "Nothing recorded in
// this range" as if it had looked, and "Since you last looked: Loading…" for ever (a
// walk-through). It says once, plainly, that there is no history here and why.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { amSkipReason, makeAlert } from '../support/alertmanager.ts';
import { testInstance, testSettings, useAlertmanagerUi } from './support/ui.ts';

describe('the Timeline without a history', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [makeAlert({ alertname: 'NoHistoryHere', severity: 'warning' })],
    settings: (am) => testSettings([testInstance('am1', am.url)]),
    viewport: { width: 960, height: 680 },
  });

  it('says there is no history and why, with nothing left loading', async () => {
    const page = t.page;
    await page.getByTestId('alert-row').first().waitFor();
    await page.keyboard.press('4');
    const box = page.getByTestId('timeline-unavailable');
    await box.waitFor();
    const text = await box.innerText();
    assert.match(text, /No history/);
    assert.match(text, /started without a settings file/);
    const timeline = page.locator('section[aria-label=Timeline]');
    assert.doesNotMatch(await timeline.innerText(), /Loading…|Nothing recorded/);
    // Nothing to export either.
    assert.equal(await timeline.getByRole('button', { name: /^Export/ }).count(), 0);
  });
});
