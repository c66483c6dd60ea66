// Toasts that can be read and stay out of the way, at 960×680 with an alert's detail open, on
// a real Alertmanager: three new alerts show two toasts and "1 more" (which expands); each
// toast's text is at least 300 px wide (buttons go below it, not beside it); no toast covers
// the detail pane; Esc dismisses the newest toast and leaves the detail open; a toast under
// the pointer outlives its timeout, and goes once the pointer leaves. Once three toasts with
// buttons stacked ~100 px text columns over half the window, detail and runbook included.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert, postAlerts } from '../support/alertmanager.ts';
import { waitFor } from '../support/wait.ts';
import { useAlertmanagerUi } from './support/ui.ts';

/** A warning notification's toast lasts 10 s (notifications.svelte.ts). */
const TOAST_MS = 10_000;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe('toasts at 960×680 beside a selected alert', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [makeAlert({ alertname: 'ToastBase', severity: 'warning', instance: 'base-1' })],
    viewport: { width: 960, height: 680 },
  });
  let page: Page;
  before(() => ({ page } = t));

  const toasts = () => page.locator('[data-testid=toast]');
  const pane = () => page.locator('aside.detail-pane:not(.empty)');

  /** Selects ToastBase (its detail opens), parks the pointer away, posts new alerts. */
  async function selectThenFire(pointer: [number, number], names: string[]): Promise<void> {
    await page.locator('[data-testid=alert-row]', { hasText: 'ToastBase' }).locator('.age').click();
    await pane().waitFor();
    await page.mouse.move(...pointer);
    const alerts = names.map((alertname, i) =>
      makeAlert({ alertname, severity: 'warning', instance: `${alertname}-${i}` }),
    );
    await postAlerts(t.am.url, alerts);
  }

  async function dismissAll(): Promise<void> {
    while ((await toasts().count()) > 0) await page.keyboard.press('Escape');
  }

  it('shows two toasts and "1 more", readable and never over the detail pane', async () => {
    await selectThenFire([900, 80], ['ToastOne', 'ToastTwo', 'ToastThree']);
    const more = page.locator('[data-testid=toasts-more]');
    await more.waitFor({ timeout: 20_000 });
    assert.equal(await toasts().count(), 2, 'two shown');
    assert.equal((await more.textContent())?.trim(), '1 more');

    const paneBox = (await pane().boundingBox())!;
    for (const toast of await toasts().all()) {
      const text = (await toast.locator('[data-testid=toast-body]').boundingBox())!;
      assert.ok(text.width >= 300, `text box ${text.width} px wide`);
      const box = (await toast.boundingBox())!;
      assert.ok(!overlaps(box, paneBox), `toast ${JSON.stringify(box)} over the pane`);
    }
    assert.ok(!overlaps((await more.boundingBox())!, paneBox), '"1 more" over the pane');
    await page.screenshot({ path: '/tmp/toasts-960x680.png' });

    // Expanded: all three, still beside the pane.
    await more.click();
    await waitFor(async () => (await toasts().count()) === 3, { message: 'expanded' });
    for (const toast of await toasts().all())
      assert.ok(!overlaps((await toast.boundingBox())!, paneBox));
    await page.locator('[data-testid=toasts-fewer]').click();
    assert.equal(await toasts().count(), 2);
  });

  it('Esc dismisses the newest toast first and leaves the detail open', async () => {
    const newest = await toasts().first().locator('.title').textContent();
    const all = await toasts().count();
    await page.locator('body').focus();
    await page.keyboard.press('Escape');
    await waitFor(
      async () => !(await toasts().allTextContents()).some((x) => x.includes(newest ?? '?')),
      { message: 'the newest went' },
    );
    assert.ok(all >= 2);
    assert.equal(await pane().count(), 1, 'the detail pane stays open');
    await dismissAll();
    // With no toast left, Esc closes the pane as before.
    await page.keyboard.press('Escape');
    await waitFor(async () => (await pane().count()) === 0, { message: 'pane closed' });
  });

  it('a hovered toast outlives its timeout and goes once the pointer leaves', async () => {
    await page.mouse.move(900, 80);
    await postAlerts(t.am.url, [
      makeAlert({ alertname: 'ToastHover', severity: 'warning', instance: 'hover-1' }),
    ]);
    const toast = toasts().filter({ hasText: 'ToastHover' });
    await toast.waitFor({ timeout: 20_000 });
    await toast.hover();
    await page.waitForTimeout(TOAST_MS + 2_000);
    assert.equal(await toast.count(), 1, 'still there while hovered');
    await page.mouse.move(900, 80);
    await toast.waitFor({ state: 'detached', timeout: TOAST_MS + 5_000 });
  });

  it('at 480×680 they are narrower and still off the detail pane (below the list there)', async () => {
    await page.setViewportSize({ width: 480, height: 680 });
    await selectThenFire([20, 20], ['ToastNarrowA', 'ToastNarrowB']);
    await toasts().filter({ hasText: 'ToastNarrowB' }).waitFor({ timeout: 20_000 });
    await toasts().filter({ hasText: 'ToastNarrowA' }).waitFor({ timeout: 20_000 });
    const paneBox = (await pane().boundingBox())!;
    for (const toast of await toasts().all()) {
      const box = (await toast.boundingBox())!;
      assert.ok(box.width < 360 && box.x + box.width <= 480, `fits: ${JSON.stringify(box)}`);
      assert.ok(!overlaps(box, paneBox), `toast ${JSON.stringify(box)} over the pane`);
    }
    await page.screenshot({ path: '/tmp/toasts-480x680.png' });
  });
});
