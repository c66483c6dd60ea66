// The silence form at Electron's default 960×680: opened from an alert, focus is on the
// comment; a blank form shows no error until a field is left or Create is pressed, and then
// the first error is focused and in view; presets are exact; the last author and duration come
// back. And the filter bar does not call a half-typed matcher an error while suggesting.
// Real Alertmanager, real core, browser shell, headless Chromium.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert, postAlerts, waitFor } from '../support/alertmanager.ts';
import { type Ui, useAlertmanagerUi } from './support/ui.ts';

interface FocusDoc {
  document: {
    activeElement: { id: string; tagName: string; getAttribute(n: string): string | null } | null;
  };
  innerHeight: number;
}

async function focused(page: Page): Promise<{ id: string; label: string | null; top: number }> {
  return page.evaluate(() => {
    const g = globalThis as unknown as FocusDoc;
    const el = g.document.activeElement as unknown as {
      id: string;
      getAttribute(n: string): string | null;
      getBoundingClientRect(): { top: number; bottom: number };
    };
    return {
      id: el?.id ?? '',
      label: el?.getAttribute('aria-label') ?? null,
      top: el.getBoundingClientRect().top,
    };
  });
}

describe('silence form flow', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [
      makeAlert({
        alertname: 'DiskFull',
        severity: 'warning',
        instance: 'node-1',
        mountpoint: '/var',
        device: 'sda1',
        fstype: 'ext4',
        job: 'node',
        team: 'storage',
      }),
    ],
    viewport: { width: 960, height: 680 },
  });
  let page: Page;
  let ui: Ui;
  before(() => ({ page, ui } = t));

  it('from an alert, focus is on the comment, in view', async () => {
    await page
      .locator('[data-testid=alert-row]')
      .first()
      .dblclick({ position: { x: 12, y: 12 } });
    const dialog = page.locator('[data-testid=silence-dialog]');
    await dialog.waitFor();
    await waitFor(async () => (await focused(page)).id === 'silence-comment');
    const f = await focused(page);
    assert.ok(f.top >= 0 && f.top < 680, `comment at ${f.top}`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  // Alerts often carry a `cluster` label: a field named "Cluster" beside the matchers read as
  // one of them, not as the Alertmanager the silence is sent to.
  it('the field that says where the silence goes is not called "Cluster"', async () => {
    await page
      .locator('[data-testid=alert-row]')
      .first()
      .dblclick({ position: { x: 12, y: 12 } });
    const dialog = page.locator('[data-testid=silence-dialog]');
    await dialog.locator('[aria-label="Label name 1"]').waitFor();
    const where = dialog.getByLabel('Send to Alertmanager', { exact: true });
    assert.equal(await where.count(), 1, 'named for what it is');
    assert.equal(await where.getAttribute('id'), 'silence-cluster');
    assert.equal(await dialog.getByText(/^\s*cluster\s*$/i).count(), 0, 'no "Cluster" label');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('a blank form shows no error on open; on Create the first error is focused', async () => {
    await page.getByRole('button', { name: 'New silence', exact: true }).click();
    const dialog = page.locator('[data-testid=silence-dialog]');
    await dialog.waitFor();
    assert.equal(await dialog.locator('.error-text').count(), 0, 'no error before anything');
    // Changing a field shows its error only (typed, then cleared).
    await dialog.locator('[aria-label="Label name 1"]').fill('x');
    await dialog.locator('[aria-label="Label name 1"]').fill('');
    await waitFor(async () => (await dialog.locator('.error-text').count()) === 1);
    assert.match((await dialog.locator('.error-text').first().textContent()) ?? '', /Label name/);
    await dialog.locator('[data-testid=silence-submit]').click();
    await waitFor(async () => (await focused(page)).id === 'silence-comment');
    assert.ok((await dialog.locator('.error-text').count()) >= 2);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('presets are exact, and the last author and duration come back', async () => {
    await page
      .locator('[data-testid=alert-row]')
      .first()
      .dblclick({ position: { x: 12, y: 12 } });
    const dialog = page.locator('[data-testid=silence-dialog]');
    await dialog.waitFor();
    for (const [label, text, ms] of [
      ['4h', '4h', 4 * 3_600_000],
      ['15m', '15m', 15 * 60_000],
      ['1d', '1d', 86_400_000],
      ['4h', '4h', 4 * 3_600_000],
    ] as const) {
      await dialog.locator('.presets button', { hasText: new RegExp(`^${label}$`) }).click();
      const start = Date.parse(await dialog.locator('[data-testid=silence-start]').inputValue());
      const end = Date.parse(await dialog.locator('[data-testid=silence-end]').inputValue());
      assert.equal(end - start, ms, label);
      assert.match(
        (await dialog.locator('.field .label', { hasText: 'Duration' }).textContent()) ?? '',
        new RegExp(`— ${text}$`),
      );
    }
    await dialog.locator('#silence-author').fill('zoe');
    await dialog.locator('#silence-comment').fill('disk swap');
    await dialog.locator('[data-testid=silence-submit]').click();
    await dialog.locator('[data-testid=silence-id]').waitFor({ timeout: 15_000 });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await waitFor(() => ui.shell.core.getSettings().silences.last?.author === 'zoe');

    await page.getByRole('button', { name: 'New silence', exact: true }).click();
    const next = page.locator('[data-testid=silence-dialog]');
    await next.waitFor();
    assert.equal(await next.locator('#silence-author').inputValue(), 'zoe');
    assert.match(
      (await next.locator('.field .label', { hasText: 'Duration' }).textContent()) ?? '',
      /— 4h$/,
    );
    await page.keyboard.press('Escape');
  });

  it('the preview follows alerts that start while the form is open', async () => {
    await page
      .locator('[data-testid=alert-row]')
      .first()
      .dblclick({ position: { x: 12, y: 12 } });
    const dialog = page.locator('[data-testid=silence-dialog]');
    await dialog.waitFor();
    // Only the alert name, so a second DiskFull on another node matches too. The matchers come
    // from the core after the form opens: on a loaded machine this loop once ran before them,
    // removed nothing, and the preview kept every label (1, never 2).
    await dialog.locator('[aria-label^="Remove matcher"]').first().waitFor();
    while ((await dialog.locator('[aria-label^="Remove matcher"]').count()) > 1) {
      await dialog.locator('[aria-label^="Remove matcher"]').last().click();
    }
    assert.equal(await dialog.locator('[aria-label="Label name 1"]').inputValue(), 'alertname');
    const count = dialog.locator('[data-testid=preview-count]');
    await waitFor(async () => (await count.textContent()) === '1');
    // The count is what it silences now: the preview says new matching alerts are silenced too.
    assert.match(
      await dialog.getByTestId('preview-future').innerText(),
      /any new alert they match while it lasts/,
    );
    await postAlerts(t.am.url, [
      makeAlert({ alertname: 'DiskFull', severity: 'warning', instance: 'node-2' }),
    ]);
    // Nothing in the form changed: the preview is asked again while it stands. (Once seen to
    // stay at 1 for 20 s on CI and not reproduced here: the error says what each side held.)
    await waitFor(
      async () => {
        const now = await count.textContent();
        if (now === '2') return true;
        const disk = Object.values(ui.shell.core.snapshot().alerts).filter(
          (a) => a.labels['alertname'] === 'DiskFull',
        );
        const held = disk.map((a) => `${a.labels['instance']} on ${a.clusters.join('+')}`);
        const names = await dialog
          .locator('[aria-label^="Label name"]')
          .evaluateAll((els) => els.map((e) => (e as unknown as { value: string }).value));
        const preview = await dialog.getByTestId('silence-preview').innerText();
        throw new Error(
          `preview ${now}; matchers ${names.join(',')}; core holds ${held.join(', ')}; ` +
            `preview reads ${JSON.stringify(preview.slice(0, 300))}`,
        );
      },
      { timeoutMs: 20_000, message: 'preview of both DiskFull' },
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('the filter bar does not call a half-typed matcher an error while suggesting', async () => {
    const input = page.locator('[data-testid=filter-input]');
    await input.click();
    await input.fill('');
    await page.keyboard.type('severity="');
    await page.waitForTimeout(300);
    assert.equal(await page.locator('[data-testid=filter-error]').count(), 0);
    await page.keyboard.press('Escape');
    await input.fill('severity="');
    await input.blur();
    // Left half typed: still not an error; the bar says it filters once complete.
    await page.getByTestId('filter-in-progress').waitFor();
    assert.equal(await page.locator('[data-testid=filter-error]').count(), 0);
    await input.fill('');
    // Left for the next test with no suggestions open over the list's first rows (a double
    // click there landed on them on a loaded machine).
    await input.blur();
    await page.locator('#filter-suggestions').waitFor({ state: 'detached' });
  });

  // One Esc (often pressed for a toast, or by habit) closed the form and the comment typed was
  // gone. It is given back when the form opens again for the same alert.
  it('a comment typed in a form closed unsent comes back for the same alert', async () => {
    const row = page.locator('[data-testid=alert-row]').first();
    const dialog = page.locator('[data-testid=silence-dialog]');
    await row.dblclick({ position: { x: 12, y: 12 } });
    await dialog.waitFor();
    await dialog.locator('#silence-comment').fill('disk swap tonight, OPS-7');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await row.dblclick({ position: { x: 12, y: 12 } });
    await dialog.waitFor();
    assert.equal(await dialog.locator('#silence-comment').inputValue(), 'disk swap tonight, OPS-7');
    await dialog.getByTestId('comment-restored').waitFor();
    // Sent this time: the next form starts empty.
    await dialog.getByTestId('preview-count').waitFor();
    await page.keyboard.press('Control+Enter');
    await dialog.getByTestId('silence-success').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await row.dblclick({ position: { x: 12, y: 12 } });
    await dialog.waitFor();
    assert.equal(await dialog.locator('#silence-comment').inputValue(), '');
    assert.equal(await dialog.getByTestId('comment-restored').count(), 0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});
