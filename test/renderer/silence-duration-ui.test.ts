// Durations typed as Alertmanager writes them, exact on the server, and Ctrl+Enter: `2h` typed
// in the silence form makes a silence of exactly 7,200 s (endsAt − startsAt read back from the
// server); `1d4h` and a preset likewise; a duration that does not read is explained at its
// field and nothing is sent; editing the end by hand drops the typed duration. Real
// Alertmanager, real core, browser shell, headless Chromium at 960×680.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { GettableSilence } from '../../main/core/api/types.ts';
import { amSkipReason, makeAlert, waitFor } from '../support/alertmanager.ts';
import { useAlertmanagerUi } from './support/ui.ts';

describe('typed durations, exact on the server, Ctrl+Enter', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [makeAlert({ alertname: 'DiskFull', severity: 'warning', instance: 'node-1' })],
    viewport: { width: 960, height: 680 },
  });
  let page: Page;
  before(() => {
    page = t.page;
  });

  async function silences(): Promise<GettableSilence[]> {
    const res = await fetch(`${t.am.url}/api/v2/silences`);
    return (await res.json()) as GettableSilence[];
  }

  /** Opens the form from the alert, types `text` as the duration, submits with Ctrl+Enter. */
  async function silenceFor(text: string, comment: string): Promise<GettableSilence> {
    await page
      .locator('[data-testid=alert-row]')
      .first()
      .dblclick({ position: { x: 12, y: 12 } });
    const dialog = page.locator('[data-testid=silence-dialog]');
    await dialog.waitFor();
    await dialog.locator('#silence-comment').fill(comment);
    await dialog.locator('[data-testid=silence-duration]').fill(text);
    await dialog.locator('#silence-comment').press('Control+Enter');
    const made = await waitFor(async () => (await silences()).find((s) => s.comment === comment), {
      message: `silence for ${text}`,
    });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    return made;
  }

  // First in this file: no silence was created yet, so the form starts from the default (1h).
  it('the duration field shows the duration that will be sent, and keeps showing it', async () => {
    await page
      .locator('[data-testid=alert-row]')
      .first()
      .dblclick({ position: { x: 12, y: 12 } });
    const dialog = page.locator('[data-testid=silence-dialog]');
    await dialog.waitFor();
    const field = dialog.locator('[data-testid=silence-duration]');
    assert.equal(await field.inputValue(), '1h', 'the default is shown, not an empty field');
    // From the comment, the matchers are a few Tabs away: the duration, its four presets and
    // the button that opens Start and End (each date field was six stops; 27 to the second
    // matcher in a walk-through).
    assert.equal(await dialog.locator('[data-testid=silence-start]').isVisible(), false);
    assert.match((await dialog.getByTestId('silence-ends-at').textContent()) ?? '', /\d:\d\d/);
    await dialog.locator('#silence-comment').focus();
    let tabs = 0;
    for (; tabs < 20; tabs++) {
      const label = await page.evaluate('document.activeElement?.getAttribute("aria-label")');
      if (label === 'Label name 1') break;
      await page.keyboard.press('Tab');
    }
    assert.equal(tabs, 7, 'Tabs from the comment to the first matcher');
    // Emptied and left, it shows again the duration still in use.
    await field.fill('');
    await field.press('Tab');
    assert.equal(await field.inputValue(), '1h');
    // The end edited by hand: the field shows the range it now makes, not a stale 1h.
    // Start and End are folded for a silence that starts now; their button opens them.
    await dialog.getByTestId('silence-times').click();
    await dialog.locator('[data-testid=silence-start]').waitFor();
    const start = await dialog.locator('[data-testid=silence-start]').inputValue();
    const end = new Date(Date.parse(start) + 150 * 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${end.getFullYear()}-${pad(end.getMonth() + 1)}-${pad(end.getDate())}T${pad(end.getHours())}:${pad(end.getMinutes())}`;
    await dialog.locator('[data-testid=silence-end]').fill(local);
    assert.equal(await field.inputValue(), '2h30m');
    // Typing replaces it, and what was seen is what the server gets.
    await field.fill('45m');
    await dialog.locator('#silence-comment').fill('seen is sent');
    await dialog.locator('#silence-comment').press('Control+Enter');
    const s = await waitFor(async () =>
      (await silences()).find((x) => x.comment === 'seen is sent'),
    );
    assert.equal(Math.round((Date.parse(s.endsAt) - Date.parse(s.startsAt)) / 1000), 45 * 60);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The next form starts from the duration just used, shown as such.
    await page
      .locator('[data-testid=alert-row]')
      .first()
      .dblclick({ position: { x: 12, y: 12 } });
    assert.equal(await field.inputValue(), '45m');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('a click into the duration selects it: typing replaces the shown one, not adds to it', async () => {
    await page
      .locator('[data-testid=alert-row]')
      .first()
      .dblclick({ position: { x: 12, y: 12 } });
    const dialog = page.locator('[data-testid=silence-dialog]');
    await dialog.waitFor();
    const field = dialog.locator('[data-testid=silence-duration]');
    // The duration in use is shown (the last one used, from the test before).
    const shown = await field.inputValue();
    assert.notEqual(shown, '');
    await field.click();
    await page.keyboard.type('2h');
    assert.equal(await field.inputValue(), '2h', `typed over the selection, not "${shown}2h"`);
    assert.equal(await dialog.locator('#silence-duration-error').count(), 0);
    // Reached by Tab from the field before it, the same.
    await field.fill('3h');
    await field.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('90m');
    assert.equal(await field.inputValue(), '90m');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  for (const [text, seconds] of [
    ['2h', 7200],
    ['1d4h', 28 * 3600],
    ['90m', 5400],
  ] as const) {
    it(`${text} typed gives a silence of exactly ${seconds} s on the server`, async () => {
      const s = await silenceFor(text, `typed ${text}`);
      const ms = Date.parse(s.endsAt) - Date.parse(s.startsAt);
      // The server moves a start in the past to its own now: a few ms after ours at most.
      assert.ok(Math.abs(ms - seconds * 1000) < 1000, `${ms} ms for ${text}`);
      assert.equal(Math.round(ms / 1000), seconds);
    });
  }

  it('a preset is exact on the server too (1h is 3,600 s, not 59m16s)', async () => {
    await page
      .locator('[data-testid=alert-row]')
      .first()
      .dblclick({ position: { x: 12, y: 12 } });
    const dialog = page.locator('[data-testid=silence-dialog]');
    await dialog.locator('#silence-comment').fill('preset 1h');
    await dialog.locator('.presets button', { hasText: /^1h$/ }).click();
    await dialog.locator('[data-testid=silence-submit]').click();
    const s = await waitFor(async () => (await silences()).find((x) => x.comment === 'preset 1h'));
    assert.equal(Math.round((Date.parse(s.endsAt) - Date.parse(s.startsAt)) / 1000), 3600);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('keyboard only: the duration is one Tab from the comment, whatever the matchers', async () => {
    await page
      .locator('[data-testid=alert-row]')
      .first()
      .dblclick({ position: { x: 12, y: 12 } });
    const dialog = page.locator('[data-testid=silence-dialog]');
    await dialog.locator('#silence-comment').focus();
    await page.keyboard.type('keys only');
    await page.keyboard.press('Tab');
    assert.equal(
      await page.evaluate(() => {
        const el = (globalThis as unknown as { document: { activeElement: unknown } }).document
          .activeElement as { dataset?: Record<string, string> } | null;
        return el?.dataset?.['testid'] ?? null;
      }),
      'silence-duration',
    );
    await page.keyboard.type('2h');
    await page.keyboard.press('Control+Enter');
    const s = await waitFor(async () => (await silences()).find((x) => x.comment === 'keys only'));
    assert.equal(Math.round((Date.parse(s.endsAt) - Date.parse(s.startsAt)) / 1000), 7200);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('a duration that does not read is explained at its field and nothing is sent', async () => {
    const before = (await silences()).length;
    await page
      .locator('[data-testid=alert-row]')
      .first()
      .dblclick({ position: { x: 12, y: 12 } });
    const dialog = page.locator('[data-testid=silence-dialog]');
    await dialog.locator('#silence-comment').fill('bad duration');
    const field = dialog.locator('[data-testid=silence-duration]');
    await field.fill('2 hours');
    assert.equal(await field.getAttribute('aria-invalid'), 'true');
    const id = await field.getAttribute('aria-describedby');
    assert.match((await dialog.locator(`#${id}`).textContent()) ?? '', /not a duration.*2h/);
    await dialog.locator('#silence-comment').press('Control+Enter');
    await page.waitForTimeout(500);
    assert.equal((await silences()).length, before, 'nothing sent');
    // Fixed, the form is kept and goes.
    await field.fill('30m');
    assert.equal(await field.getAttribute('aria-invalid'), 'false');
    await dialog.locator('#silence-comment').press('Control+Enter');
    const s = await waitFor(async () =>
      (await silences()).find((x) => x.comment === 'bad duration'),
    );
    assert.equal(Math.round((Date.parse(s.endsAt) - Date.parse(s.startsAt)) / 1000), 1800);
    await page.keyboard.press('Escape');
  });

  it('a pasted two-matcher list creates two matchers, on the server too', async () => {
    await page.getByRole('button', { name: 'New silence', exact: true }).click();
    const dialog = page.locator('[data-testid=silence-dialog]');
    await dialog.waitFor();
    const name = dialog.locator('[aria-label="Label name 1"]');
    await name.evaluate((el, text) => {
      const g = globalThis as unknown as {
        DataTransfer: new () => { setData(t: string, v: string): void };
        ClipboardEvent: new (type: string, init: object) => unknown;
      };
      const dt = new g.DataTransfer();
      dt.setData('text/plain', text);
      (el as unknown as { dispatchEvent(e: unknown): void }).dispatchEvent(
        new g.ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }),
      );
    }, 'alertname="DiskFull", instance=~"node-.*"');
    await dialog.locator('[aria-label="Label name 2"]').waitFor();
    assert.equal(await name.inputValue(), 'alertname');
    assert.equal(await dialog.locator('[aria-label="Value 2"]').inputValue(), 'node-.*');
    assert.equal(await dialog.locator('[aria-label="Operator 2"]').inputValue(), '=~');
    await dialog.locator('#silence-comment').fill('pasted');
    await dialog.locator('#silence-comment').press('Control+Enter');
    const s = await waitFor(async () => (await silences()).find((x) => x.comment === 'pasted'));
    assert.deepEqual(
      s.matchers.map((x) => [x.name, x.value, x.isRegex]),
      [
        ['alertname', 'DiskFull', false],
        ['instance', 'node-.*', true],
      ],
    );
    await page.keyboard.press('Escape');
  });
});
