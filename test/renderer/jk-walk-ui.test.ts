// j/k walk alerts: the header of an expanded group showing one alert is passed over (a list of
// single-alert groups took two keys per alert), while a group of several alerts and a collapsed
// group still stop on the header. Home lands where j would: at 480 px Home then Enter collapsed
// the first group (one new alert) instead of opening its alert. Real Alertmanager, real core, browser shell,
// Chromium at 960×680.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert, waitFor } from '../support/alertmanager.ts';
import { useAlertmanagerUi } from './support/ui.ts';

describe('j/k walk alerts', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [
      makeAlert({ alertname: 'SoloA', severity: 'critical', instance: 'a' }),
      makeAlert({ alertname: 'SoloB', severity: 'critical', instance: 'b' }),
      makeAlert({ alertname: 'Pair', severity: 'warning', instance: 'p1' }),
      makeAlert({ alertname: 'Pair', severity: 'warning', instance: 'p2' }),
    ],
    viewport: { width: 960, height: 680 },
    ready: (page) =>
      waitFor(async () => (await page.locator('[data-testid=alert-row]').count()) === 4, {
        timeoutMs: 30_000,
      }),
  });
  let page: Page;
  before(() => ({ page } = t));

  /** The cursor row as "group Pair" or "alert SoloA a". */
  const cursor = async () => {
    const row = page
      .locator('[data-testid=alert-row].selected, [data-testid=group-row].selected')
      .first();
    if ((await row.count()) === 0) return '';
    const text = (await row.textContent()) ?? '';
    const name = /SoloA|SoloB|Pair/.exec(text)?.[0] ?? '?';
    if ((await row.getAttribute('data-testid')) === 'group-row') return `group ${name}`;
    return `alert ${name} ${/instance=(\w+)/.exec(text)?.[1] ?? ''}`.trim();
  };

  async function press(key: string): Promise<string> {
    const was = await cursor();
    await page.keyboard.press(key);
    return waitFor(async () => {
      const now = await cursor();
      return now !== was ? now : false;
    });
  }

  it('passes single-alert headers, stops on a larger group, both ways', async () => {
    for (let i = 0; i < 10 && (await page.locator('[data-testid=toast]').count()) > 0; i++)
      await page.keyboard.press('Escape');
    const names = (
      await page.locator('[data-testid=alert-row], [data-testid=group-row]').allTextContents()
    ).length;
    assert.equal(names, 7, 'three groups, four alerts');
    await page.keyboard.press('Home');
    const first = await waitFor(async () => (await cursor()) || false);
    assert.match(first, /^alert Solo/, 'Home passes the first single-alert header too');
    assert.equal(
      await page.locator('[data-testid=group-row]').first().isVisible(),
      true,
      'its header still shows above it',
    );
    const down = [first];
    for (let i = 0; i < 4; i++) down.push(await press('j'));
    assert.deepEqual(
      down.filter((r) => r.startsWith('group ')),
      ['group Pair'],
      `down: ${down.join(' / ')}`,
    );
    assert.ok(down.includes('alert Pair p1') && down.includes('alert Pair p2'), down.join(' / '));
    // Back up: the same stops, with the single-alert headers passed over (the first too).
    const up = [down.at(-1)!];
    for (let i = 0; i < 4; i++) up.push(await press('k'));
    // k at the first alert: its header is passed over and nothing is above it.
    await page.keyboard.press('k');
    await page.waitForTimeout(300);
    assert.equal(await cursor(), first, 'k stays on the first alert');
    assert.deepEqual(up.reverse(), down, 'k retraces j');
  });
});

describe('← on an alert', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: ['p1', 'p2', 'p3'].map((i) =>
      makeAlert({ alertname: 'Trio', severity: 'warning', instance: i }),
    ),
    viewport: { width: 960, height: 680 },
    ready: (page) =>
      waitFor(async () => (await page.locator('[data-testid=alert-row]').count()) === 3, {
        timeoutMs: 30_000,
      }),
  });

  it('collapses its group with focus on the header, so Enter opens it again', async () => {
    const { page } = t;
    // Focus in the list, on an alert row (a click), the pane closed to walk at full width.
    await page.locator('[data-testid=alert-row]', { hasText: 'p2' }).click();
    await page.keyboard.press('Escape');
    await page.keyboard.press('ArrowLeft');
    await waitFor(async () => (await page.locator('[data-testid=alert-row]').count()) === 0, {
      message: 'the group collapsed',
    });
    const header = page.locator('[data-testid=group-row].selected');
    await header.waitFor();

    await waitFor(
      () =>
        header.evaluate((el) => {
          const d = (globalThis as unknown as { document: { activeElement: unknown } }).document;
          return el.contains(d.activeElement as never);
        }),
      { message: 'focus on the cursor header' },
    );
    await page.keyboard.press('Enter');
    await waitFor(async () => (await page.locator('[data-testid=alert-row]').count()) === 3, {
      message: 'Enter on the header expanded the group again',
    });
  });
});
