// Toasts never hide what fires, at 960×680 with an alert's detail open, on a real Alertmanager:
// they are a strip below the list (in the layout: nothing drawn over a row or the detail pane),
// one line each (≤ 30 px), the newest three and "+K more" (which expands and folds back);
// arriving toasts never take focus (text typed in the filter goes on landing there); Esc
// closes the detail first and dismisses the newest toast only then (or when focus is on the
// toasts), Shift+Esc all of them and leaves the detail open; a toast under the
// pointer outlives its timeout. At 480×680 the same, within the width. Before, three floating
// cards of ~100 px covered about 45 % of the list at 960×680.
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
    await fire(names);
  }

  async function fire(names: string[]): Promise<void> {
    const alerts = names.map((alertname, i) =>
      makeAlert({ alertname, severity: 'warning', instance: `${alertname}-${i}` }),
    );
    await postAlerts(t.am.url, alerts);
  }

  /** No toast is drawn over the list, a row or the detail pane; each is one line. */
  async function outOfTheWay(): Promise<void> {
    const covered = [
      (await page.locator('section.list').boundingBox())!,
      ...((await pane().count()) ? [(await pane().boundingBox())!] : []),
    ];
    for (const row of await page
      .locator('[data-testid=alert-row], [data-testid=group-row]')
      .all()) {
      const box = await row.boundingBox();
      if (box) covered.push(box);
    }
    for (const toast of await toasts().all()) {
      const box = (await toast.boundingBox())!;
      assert.ok(box.height <= 30, `one line: ${box.height} px high`);
      for (const c of covered) {
        // Rows scrolled below the list's end are clipped by it: only what shows counts.
        const list = covered[0]!;
        const shown = { ...c, height: Math.min(c.y + c.height, list.y + list.height) - c.y };
        if (shown.height > 0)
          assert.ok(
            !overlaps(box, shown),
            `toast ${JSON.stringify(box)} over ${JSON.stringify(c)}`,
          );
      }
    }
    // What the pointer would hit in the middle of each visible row is the row, not a toast.
    // Runs in the page (this tsconfig has no DOM types: an expression).
    const hits = await page.evaluate<
      boolean[]
    >(`[...document.querySelectorAll('[data-testid=alert-row]')].map((row) => {
      const r = row.getBoundingClientRect();
      const list = document.querySelector('section.list').getBoundingClientRect();
      const y = r.top + r.height / 2;
      if (y > list.bottom || y < list.top) return true;
      return row.contains(document.elementFromPoint(r.left + r.width / 2, y));
    })`);

    assert.ok(
      hits.every((x) => x),
      'every visible row is reachable',
    );
  }

  it('shows three one-line toasts and "+2 more", never over the list or the detail', async () => {
    await selectThenFire(
      [900, 80],
      ['ToastOne', 'ToastTwo', 'ToastThree', 'ToastFour', 'ToastFive'],
    );
    const more = page.locator('[data-testid=toasts-more]');
    await waitFor(async () => (await more.textContent())?.trim() === '+2 more', {
      timeoutMs: 20_000,
      message: '+2 more',
    });
    assert.equal(await toasts().count(), 3, 'three shown');
    await outOfTheWay();
    await page.screenshot({ path: '/tmp/toasts-960x680.png' });

    // Expanded: all five, still out of the way; then folded back.
    await more.click();
    await waitFor(async () => (await toasts().count()) === 5, { message: 'expanded' });
    await outOfTheWay();
    await page.locator('[data-testid=toasts-fewer]').click();
    assert.equal(await toasts().count(), 3);
  });

  // Both walk-throughs pressed Esc to close the detail and lost the newest toast instead (an
  // Undo among them): what the engineer is in closes first.
  it('Esc closes the detail first, then dismisses the newest; Shift+Esc all', async () => {
    const titles = async () => (await toasts().locator('.title').allTextContents()).join('|');
    const before = await titles();
    const newest = await toasts().first().locator('.title').textContent();
    await page.locator('body').focus();
    await page.keyboard.press('Escape');
    await waitFor(async () => (await pane().count()) === 0, { message: 'pane closed' });
    await page.waitForTimeout(300);
    assert.equal(await titles(), before, 'no toast went with the pane');
    // Nothing else takes Esc now: the newest toast goes.
    await page.keyboard.press('Escape');
    await waitFor(
      async () => !(await toasts().allTextContents()).some((x) => x.includes(newest ?? '?')),
      { message: 'the newest went' },
    );
    assert.ok((await toasts().count()) > 0);
    // Focus on a toast: Esc is the toasts' even with the detail open.
    await page.locator('[data-testid=alert-row]', { hasText: 'ToastBase' }).locator('.age').click();
    await pane().waitFor();
    const next = await toasts().first().locator('.title').textContent();
    await toasts().first().locator('button').first().focus();
    await page.keyboard.press('Escape');
    await waitFor(
      async () => !(await toasts().allTextContents()).some((x) => x.includes(next ?? '?')),
      { message: 'the focused strip lost its newest' },
    );
    assert.equal(await pane().count(), 1, 'the detail pane stays open');
    await page.locator('body').focus();
    await page.keyboard.press('Shift+Escape');
    await waitFor(async () => (await toasts().count()) === 0, { message: 'all went' });
    assert.equal(await pane().count(), 1, 'the detail pane stays open');
    await page.keyboard.press('Escape');
    await waitFor(async () => (await pane().count()) === 0, { message: 'pane closed' });
  });

  it('an arriving toast never takes focus: typing in the filter goes on', async () => {
    const input = page.locator('input[aria-label="Filter alerts"]');
    await input.click();
    await page.keyboard.type('Toast');
    await fire(['ToastFocus']);
    await toasts().filter({ hasText: 'ToastFocus' }).waitFor({ timeout: 20_000 });
    await page.keyboard.type('Focus');
    assert.equal(await input.inputValue(), 'ToastFocus');
    assert.equal(await page.evaluate('document.activeElement?.tagName'), 'INPUT');
    await input.fill('');
    await page.locator('body').focus();
    await page.keyboard.press('Shift+Escape');
    await waitFor(async () => (await toasts().count()) === 0, { message: 'all went' });
  });

  it('a hovered toast outlives its timeout and goes once the pointer leaves', async () => {
    await page.mouse.move(900, 80);
    await fire(['ToastHover']);
    const toast = toasts().filter({ hasText: 'ToastHover' });
    await toast.waitFor({ timeout: 20_000 });
    await toast.hover();
    await page.waitForTimeout(TOAST_MS + 2_000);
    assert.equal(await toast.count(), 1, 'still there while hovered');
    await page.mouse.move(900, 80);
    await toast.waitFor({ state: 'detached', timeout: TOAST_MS + 5_000 });
  });

  it('one that comes while another window is in front waits for the engineer', async () => {
    // Real focus: Playwright tells every page it has focus unless told not to.
    const cdp = await t.ui.context.newCDPSession(page);
    await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });
    const other = await t.ui.context.newPage();
    try {
      await other.setContent('<p>another window</p>');
      const focused = () => page.evaluate<boolean>('document.hasFocus()');
      // The window in front, then another one over it (the engineer went to a terminal).
      await page.mouse.move(900, 80);
      await page.bringToFront();
      await waitFor(focused, { message: 'the window has focus' });
      await other.bringToFront();
      await waitFor(async () => (await focused()) === false, {
        message: 'the window lost focus',
      });
      await fire(['ToastAway']);
      const toast = toasts().filter({ hasText: 'ToastAway' });
      await toast.waitFor({ timeout: 20_000 });
      // The title (what a background tab or the task bar shows) counts it.
      assert.match(await page.title(), /^\(1 new\) /);
      await page.waitForTimeout(TOAST_MS + 2_000);
      assert.equal(await toast.count(), 1, 'still there while nobody looked');
      // Back at the window: its clock runs from there.
      await page.bringToFront();
      await waitFor(async () => !(await page.title()).startsWith('('), {
        message: 'the title stops counting once the engineer looks',
      });
      await page.waitForTimeout(TOAST_MS / 2);
      assert.equal(await toast.count(), 1, 'not gone the moment the engineer looks');
      await toast.waitFor({ state: 'detached', timeout: TOAST_MS + 5_000 });
    } finally {
      await other.close();
      await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: true });
      await cdp.detach();
    }
  });

  it('at 480×680 they fit the width, one line each, off the list and the detail', async () => {
    await page.setViewportSize({ width: 480, height: 680 });
    await selectThenFire([20, 20], ['ToastNarrowA', 'ToastNarrowB']);
    await toasts().filter({ hasText: 'ToastNarrowB' }).waitFor({ timeout: 20_000 });
    await toasts().filter({ hasText: 'ToastNarrowA' }).waitFor({ timeout: 20_000 });
    for (const toast of await toasts().all()) {
      const box = (await toast.boundingBox())!;
      assert.ok(box.x >= 0 && box.x + box.width <= 480, `fits: ${JSON.stringify(box)}`);
    }
    await outOfTheWay();
    await page.screenshot({ path: '/tmp/toasts-480x680.png' });
  });
});
