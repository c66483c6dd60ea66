// Attention in Chromium, over the browser shell, the real core and a real Alertmanager:
// an unacknowledged critical is reminded of at its interval (a toast marked as a reminder)
// and the reminders stop after an ack made by another install (an ACK silence POSTed straight
// to the server); quiet hours say so in the top bar and the title, withhold a warning, let a
// critical through when so set, and the Timeline records both. The core's clock is moved
// ahead (polls stay on real timers, driven here by refresh) so a 1-minute interval passes at once.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { AppNotification } from '../../main/core/model/events.ts';
import type { Clock } from '../../main/core/service.ts';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  startAlertmanager,
  waitFor,
  type AmProcess,
} from '../support/alertmanager.ts';
import { openUi, testInstance, testSettings, useBrowser } from './support/ui.ts';

const chromium = useBrowser();
const DAY = 86_400_000;

/** The system clock, moved ahead by `offset` (timers stay real). */
class AheadClock implements Clock {
  offset = 0;
  now(): number {
    return Date.now() + this.offset;
  }
  setTimeout(fn: () => void, ms: number): unknown {
    return setTimeout(fn, ms);
  }
  clearTimeout(handle: unknown): void {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  }
}

const far = () => new Date(Date.now() + DAY).toISOString();
const hhmm = (ms: number) => {
  const d = new Date(ms);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

describe('attention', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  before(async () => {
    am = await startAlertmanager();
  });
  after(async () => {
    await am?.stop();
  });

  it('reminds of an unacknowledged critical until another install acknowledges it', async () => {
    const clock = new AheadClock();
    const settings = testSettings([testInstance('am1', am.url, { pollIntervalSec: 60 })]);
    settings.notifications.remindEveryMin = { critical: 1 };
    await postAlerts(am.url, [
      makeAlert({ alertname: 'AttDisk', severity: 'critical' }, { endsAt: far() }),
    ]);
    const ui = await openUi(chromium.browser, settings, { clock });
    try {
      const { page } = ui;
      const core = ui.shell.core;
      const heard: AppNotification[] = [];
      core.onNotification((n) => heard.push(n));
      await page
        .locator('[data-testid=alert-row]', { hasText: 'AttDisk' })
        .first()
        .waitFor({ timeout: 30_000 });
      assert.equal(core.snapshot().summary.unacknowledged, 1);

      clock.offset += 61_000;
      await core.refresh();
      const toast = page.locator('[data-testid=toast]', {
        hasText: 'AttDisk (critical): still firing, unacknowledged for 1 min',
      });
      await toast.waitFor({ timeout: 10_000 });

      // Another install acknowledges it: an ACK silence on the server, tagged with its owner.
      const res = await fetch(`${am.url}/api/v2/silences`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          matchers: [{ name: 'alertname', value: 'AttDisk', isRegex: false, isEqual: true }],
          startsAt: new Date().toISOString(),
          endsAt: new Date(Date.now() + 15 * 60_000).toISOString(),
          createdBy: 'bob',
          comment: 'ACK! on it [tray-ack:otherinstall]',
        }),
      });
      assert.equal(res.status, 200);
      await waitFor(
        async () => {
          await core.refresh();
          const a = Object.values(core.snapshot().alerts).find(
            (x) => x.labels.alertname === 'AttDisk',
          );
          return a?.state === 'suppressed';
        },
        { message: 'the ack is seen at the next poll' },
      );
      assert.equal(core.snapshot().summary.unacknowledged, 0);
      const before = heard.filter((n) => n.title.includes(': still firing')).length;
      for (let i = 0; i < 3; i++) {
        clock.offset += 61_000;
        await core.refresh();
      }
      await new Promise((r) => setTimeout(r, 500));
      assert.equal(
        heard.filter((n) => n.title.includes(': still firing')).length,
        before,
        'stopped',
      );
      // Settings: the reminder minutes per severity; the break-through option appears as soon
      // as quiet hours are turned on.
      await page.locator('button[data-view=settings]').click();
      assert.equal(await page.locator('input[data-severity=critical]').inputValue(), '1');
      assert.equal(await page.locator('#critical-breaks-quiet').count(), 0);
      await page.getByLabel('No notifications during quiet hours').check();
      await page.locator('#critical-breaks-quiet').waitFor({ timeout: 5_000 });
      assert.deepEqual(ui.problems, []);
    } finally {
      await ui.close();
    }
  });

  it('quiet hours: said in the top bar and title; a warning withheld, a critical through', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'amtray-attention-ui-'));
    const now = Date.now();
    const settings = testSettings([testInstance('am1', am.url)]);
    settings.notifications.quietHours = {
      enabled: true,
      start: hhmm(now - 3_600_000),
      end: hhmm(now + 3_600_000),
      days: [],
    };
    settings.notifications.criticalBreaksQuiet = true;
    const ui = await openUi(chromium.browser, settings, {
      historyPath: join(dir, 'history.sqlite'),
    });
    try {
      const { page } = ui;
      const badge = page.locator('header.topbar .quiet');
      await badge.waitFor({ timeout: 15_000 });
      // Critical alerts break through here, and the words say so.
      assert.match((await badge.getAttribute('title')) ?? '', /^quiet \(critical on\) until \S/);
      await waitFor(async () => /quiet \(critical on\) until /.test(await page.title()), {
        message: 'title',
      });
      // Nothing in the top bar is pushed out by the badge, at Electron's default width and at
      // the 480 px minimum: the bell and Refresh stay in view.
      for (const width of [960, 480]) {
        await page.setViewportSize({ width, height: 680 });
        const fits = await page.evaluate(() => {
          const g = globalThis as unknown as {
            document: {
              querySelector(s: string): { scrollWidth: number; clientWidth: number } | null;
            };
          };
          const bar = g.document.querySelector('header.topbar');
          return bar ? bar.scrollWidth <= bar.clientWidth : false;
        });
        assert.ok(fits, `top bar fits at ${width}`);
        const refresh = await page.getByRole('button', { name: 'Refresh now' }).boundingBox();
        assert.ok(refresh && refresh.x + refresh.width <= width, `Refresh in view at ${width}`);
      }
      await page.setViewportSize({ width: 960, height: 680 });

      await postAlerts(am.url, [
        makeAlert({ alertname: 'QuietDisk', severity: 'critical' }, { endsAt: far() }),
        makeAlert({ alertname: 'QuietCpu', severity: 'warning' }, { endsAt: far() }),
      ]);
      await page
        .locator('[data-testid=toast]', { hasText: 'QuietDisk' })
        .waitFor({ timeout: 30_000 });
      await page.locator('[data-testid=alert-row]', { hasText: 'QuietCpu' }).first().waitFor();
      assert.equal(await page.locator('[data-testid=toast]', { hasText: 'QuietCpu' }).count(), 0);

      await page.locator('button[data-view=timeline]').click();
      const events = page.locator('section[aria-label=Events]');
      await events
        .locator('li.record[data-kind=withheld]', { hasText: 'QuietCpu' })
        .waitFor({ timeout: 15_000 });
      assert.match(
        (await events
          .locator('li.record[data-kind=withheld]', { hasText: 'QuietCpu' })
          .first()
          .textContent()) ?? '',
        /quiet hours \(alert-firing\)/,
      );
      await events
        .locator('li.record[data-kind=notified]', { hasText: 'QuietDisk' })
        .first()
        .waitFor();
      assert.deepEqual(ui.problems, []);
    } finally {
      await ui.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
