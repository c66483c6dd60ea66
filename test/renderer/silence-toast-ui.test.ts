// The toast that says a silence was made shows what was silenced: its matchers wrap to at most
// three lines, then are cut, the whole in the tooltip. On one line (as every other toast) they
// were cut at 960×680 after the first two matchers, whole only in the tooltip. Real
// Alertmanager, real core, browser shell, headless Chromium at 960×680.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { amSkipReason, makeAlert } from '../support/alertmanager.ts';
import { useAlertmanagerUi } from './support/ui.ts';

interface Lines {
  lines: number;
  clipped: boolean;
}

/** How many lines the toast's text takes, and whether any of it is cut. */
function linesOf(text: Locator): Promise<Lines> {
  return text.evaluate((el) => {
    const e = el as unknown as {
      clientHeight: number;
      scrollHeight: number;
      clientWidth: number;
      scrollWidth: number;
    };
    const g = globalThis as unknown as {
      getComputedStyle(x: unknown): { lineHeight: string; fontSize: string };
    };
    const style = g.getComputedStyle(el);
    const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
    return {
      lines: Math.round(e.clientHeight / line),
      clipped: e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1,
    };
  });
}

describe('the toast after creating a silence shows its matchers', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [
      makeAlert({
        alertname: 'DiskAlmostFull',
        severity: 'warning',
        instance: 'db-primary-01.eu-west-1.internal.example.com:9100',
        mountpoint: '/var/lib/postgresql/data',
      }),
      makeAlert({
        alertname: 'DiskAlmostFullOnTheReplicationStandbyVolume',
        severity: 'warning',
        instance: 'db-standby-02.eu-west-1.internal.example.com:9100',
        mountpoint: '/var/lib/postgresql/data/main/base/pg_wal/archive_status',
        device: '/dev/mapper/vg_data-lv_postgres_standby_replication_volume_main',
        job: 'node-exporter-production-eu-west-1-databases',
        team: 'storage-and-databases-platform-oncall',
      }),
    ],
    viewport: { width: 960, height: 680 },
  });
  let page: Page;
  before(() => ({ page } = t));

  /** Silences the alert from its row; the toast that says so, once the dialog closed. */
  async function silence(alertname: string): Promise<Locator> {
    await page
      .locator('[data-testid=alert-row]')
      .filter({ hasText: new RegExp(`${alertname}\\b`) })
      .first()
      .dblclick({ position: { x: 12, y: 12 } });
    const dialog = page.locator('[data-testid=silence-dialog]');
    await dialog.locator('[aria-label="Label name 1"]').waitFor();
    await dialog.locator('#silence-comment').fill(`toast for ${alertname}`);
    await dialog.locator('#silence-comment').press('Control+Enter');
    await dialog.getByTestId('silence-success').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const toast = page
      .locator('[data-testid=toast]')
      .filter({ hasText: 'Silence created' })
      .filter({ hasText: alertname });
    await toast.waitFor();
    return toast;
  }

  it('its matchers wrap, whole, when they fit in three lines', async () => {
    const toast = await silence('DiskAlmostFull');
    const seen = await linesOf(toast.locator('.text'));
    assert.ok(seen.lines >= 2, `wraps: ${seen.lines} line(s)`);
    assert.ok(seen.lines <= 3, `${seen.lines} lines`);
    assert.equal(seen.clipped, false, 'every matcher is seen');
    const text = await toast.locator('.text').innerText();
    assert.match(text, /mountpoint="\/var\/lib\/postgresql\/data"/);
    await toast.getByRole('button', { name: 'Dismiss' }).click();
  });

  it('longer ones stop at three lines, the whole in the tooltip', async () => {
    const toast = await silence('DiskAlmostFullOnTheReplicationStandbyVolume');
    const seen = await linesOf(toast.locator('.text'));
    assert.equal(seen.lines, 3);
    assert.equal(seen.clipped, true);
    const title = (await toast.getByTestId('toast-body').getAttribute('title')) ?? '';
    assert.match(title, /team="storage-and-databases-platform-oncall"/);
    assert.match(
      title,
      /device="\/dev\/mapper\/vg_data-lv_postgres_standby_replication_volume_main"/,
    );
    // Three lines of a strip at the bottom: the list keeps most of the window.
    const box = (await toast.boundingBox())!;
    assert.ok(box.height < 70, `${box.height} px`);
    await toast.getByRole('button', { name: 'Dismiss' }).click();
  });

  // Last: it stops the server.
  it('a failure said from this window wraps too: its reason is read, not cut', async () => {
    await t.am!.stop();
    await page
      .locator('[data-testid=alert-row]')
      .filter({ hasText: /DiskAlmostFull\b/ })
      .first()
      .click({ position: { x: 12, y: 12 } });
    await page.keyboard.press('a');
    const toast = page.locator('[data-testid=toast]').filter({ hasText: 'Acknowledge failed' });
    await toast.waitFor({ timeout: 20_000 });
    // At the narrowest window the alert and its reason (over 100 characters) do not fit on
    // one line: they take up to three, the rest (if any) in the tooltip.
    await page.setViewportSize({ width: 480, height: 680 });
    const seen = await linesOf(toast.locator('.text'));
    assert.ok(seen.lines >= 2 && seen.lines <= 3, `${seen.lines} lines`);
    const title = (await toast.getByTestId('toast-body').getAttribute('title')) ?? '';
    assert.match(title, /ECONNREFUSED/);
    await page.setViewportSize({ width: 960, height: 680 });
  });
});
