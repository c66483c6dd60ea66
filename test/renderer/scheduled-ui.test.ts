// The Silences view's "Scheduled" section in Chromium, over the browser shell, the real core
// and a real Alertmanager: a schedule in settings is written onto the server by the core, and
// the section lists its next windows in its zone, marked as written.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { amSkipReason, startAlertmanager, type AmProcess } from '../support/alertmanager.ts';
import { openUi, testInstance, testSettings, useBrowser } from './support/ui.ts';

const chromium = useBrowser();
const HOUR = 3_600_000;

describe('Scheduled section', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  before(async () => {
    am = await startAlertmanager();
  });
  after(async () => {
    await am?.stop();
  });

  it('shows a schedule with its next windows, written on the server', async () => {
    const base = Math.floor((Date.now() + 3 * HOUR) / 60_000) * 60_000;
    const iso = new Date(base).toISOString();
    const settings = testSettings([testInstance('am1', am.url)]);
    settings.schedules.list = [
      {
        id: '3c2b1a09-8f7e-4d6c-9b5a-493827160501',
        name: 'Nightly batch',
        enabled: true,
        matchers: [{ name: 'job', value: 'batch', isRegex: false, isEqual: true }],
        comment: 'Nightly batch window',
        rrule: 'FREQ=DAILY',
        timeZone: 'UTC',
        startDate: iso.slice(0, 10),
        start: iso.slice(11, 16),
        end: new Date(base + HOUR).toISOString().slice(11, 16),
        instances: [],
        skipped: [],
      },
    ];
    const ui = await openUi(chromium.browser, settings);
    try {
      const { page } = ui;
      await page.locator('[data-view=silences]').click();
      const section = page.locator('section[aria-label=Scheduled]');
      await section.waitFor({ timeout: 20_000 });
      await section.getByText('Nightly batch').waitFor();
      const first = section.locator(`[data-occurrence="${iso.slice(0, 16)}"]`);
      // Written by the core on its own (after a poll), then marked with a tick.
      await section
        .locator(`[data-occurrence="${iso.slice(0, 16)}"]`, { hasText: '✓' })
        .waitFor({ timeout: 20_000 });
      assert.equal(await section.locator('[data-occurrence]').count(), 5);
      assert.match((await first.textContent()) ?? '', /✓/);
      const res = await fetch(`${am.url}/api/v2/silences`);
      const pending = ((await res.json()) as { status: { state: string } }[]).filter(
        (s) => s.status.state === 'pending',
      );
      assert.equal(pending.length, 7);
    } finally {
      await ui.close();
    }
  });
});
