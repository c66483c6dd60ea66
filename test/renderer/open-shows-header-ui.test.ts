// An alert opened from the bell (a notification, the tray) is shown under its group's header:
// a walk-through opened one and its row came to the very top of the list, its group's name and
// Alertmanager scrolled out above it. Real Alertmanager, real core, browser shell, Chromium.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { amSkipReason, makeAlert, postAlerts } from '../support/alertmanager.ts';
import { useAlertmanagerUi } from './support/ui.ts';

const ago = (min: number) => new Date(Date.now() - min * 60_000).toISOString();

describe('an alert opened from the bell', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [
      ...Array.from({ length: 12 }, (_, i) =>
        makeAlert({ alertname: `AboveIt${String(i).padStart(2, '0')}`, severity: 'critical' }),
      ),
      ...['d1', 'd2', 'd3'].map((instance, i) =>
        makeAlert(
          { alertname: 'DeepGroup', severity: 'warning', instance },
          { startsAt: ago(30 + i) },
        ),
      ),
      ...Array.from({ length: 10 }, (_, i) =>
        makeAlert({ alertname: `BelowIt${String(i).padStart(2, '0')}`, severity: 'info' }),
      ),
    ],
    viewport: { width: 960, height: 680 },
    ready: (page) =>
      page
        .locator('[data-testid=alert-count]', { hasText: '25 of 25' })
        .waitFor({ timeout: 30_000 }),
  });

  it("shows the alert with its group's header above it", async () => {
    const page = t.page;
    await postAlerts(t.am.url, [
      makeAlert({ alertname: 'DeepGroup', severity: 'warning', instance: 'd4' }),
    ]);
    await page.locator('[data-testid=toast]', { hasText: 'DeepGroup' }).first().waitFor({
      timeout: 30_000,
    });
    await page.locator('[data-testid=notifications-button]').click();
    await page.locator('[data-testid=notification-item]', { hasText: 'DeepGroup' }).first().click();
    const row = page.locator('[data-testid=alert-row].selected', { hasText: 'd4' });
    await row.waitFor();
    await new Promise((r) => setTimeout(r, 300));
    const boxes = await page.evaluate(() => {
      type El = {
        textContent: string | null;
        scrollTop: number;
        getBoundingClientRect(): { top: number; bottom: number };
      };
      const d = (
        globalThis as unknown as {
          document: { querySelector(s: string): El | null; querySelectorAll(s: string): El[] };
        }
      ).document;
      const vp = d.querySelector('section[aria-label="Alert groups"] .viewport');
      const header = [...d.querySelectorAll('[data-testid=group-row]')].find((g) =>
        (g.textContent ?? '').includes('DeepGroup'),
      );
      const alert = d.querySelector('[data-testid=alert-row].selected');
      const [v, h, a] = [vp, header, alert].map((e) => {
        const r = e?.getBoundingClientRect();
        return r ? { top: r.top, bottom: r.bottom } : null;
      });
      return { vp: v, header: h, alert: a, scrolled: vp?.scrollTop ?? 0 };
    });
    assert.ok(boxes.vp && boxes.header && boxes.alert, JSON.stringify(boxes));
    assert.ok(boxes.scrolled > 0, `the list scrolled to it (${boxes.scrolled})`);
    assert.ok(
      boxes.header.top >= boxes.vp.top - 1 && boxes.header.bottom <= boxes.alert.top + 1,
      `the header is in view above the alert: ${JSON.stringify(boxes)}`,
    );
    assert.ok(boxes.alert.bottom <= boxes.vp.bottom + 1, 'the alert is in view');
  });
});
