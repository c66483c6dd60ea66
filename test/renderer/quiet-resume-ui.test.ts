// A snooze says so in the top bar ("paused → 23:32") and that badge resumes notifications at
// once: a walk-through found it could only be ended in Settings › Notifications. Quiet hours
// stay a plain badge (they end by themselves, by schedule). Real Alertmanager, real core,
// browser shell, Chromium at 960×680.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert, waitFor } from '../support/alertmanager.ts';
import { testInstance, testSettings, useAlertmanagerUi } from './support/ui.ts';

describe('the snooze badge resumes', { skip: amSkipReason() }, () => {
  const until = new Date(Date.now() + 3_600_000).toISOString();
  const t = useAlertmanagerUi({
    alerts: [makeAlert({ alertname: 'SnoozeBase', severity: 'warning' })],
    viewport: { width: 960, height: 680 },
    settings: (am) => {
      const s = testSettings([testInstance('am1', am.url)]);
      s.notifications.snoozeUntil = until;
      return s;
    },
  });
  let page: Page;
  before(() => ({ page } = t));

  it('says it is paused, and a click (or Enter) resumes notifications', async () => {
    const badge = page.locator('[data-testid=quiet-resume]');
    await badge.waitFor();
    assert.match((await badge.innerText()).replace(/\s+/g, ' '), /^paused → .+ · resume$/);
    // "resume" is never the part cut off (at 960 it read "paused → 1:22 AM · res…"): the
    // deepest element holding it ends inside the badge, also when the bar is tight.
    for (const width of [960, 760]) {
      await page.setViewportSize({ width, height: 680 });
      const cut = await badge.evaluate((b) => {
        const all = [b, ...b.querySelectorAll('*')].filter(
          (e) => (e.textContent ?? '').includes('resume') && e.getClientRects().length > 0,
        );
        const el = all[all.length - 1]!;
        return el.getBoundingClientRect().right - b.getBoundingClientRect().right;
      });
      assert.ok(cut <= 1, `"resume" whole at ${width} px (sticks out ${cut.toFixed(1)} px)`);
    }
    await page.setViewportSize({ width: 960, height: 680 });
    await badge.focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-testid=toast]', { hasText: 'Notifications resumed' }).waitFor();
    await waitFor(async () => (await badge.count()) === 0, { message: 'the badge goes' });
    assert.equal(t.ui.shell.core.getSettings().notifications.snoozeUntil, undefined);
  });
});
