// The cursor keys and the detail pane (found by an on-call pass at 960×680): moving the
// selection with j/k while focus is on the page must leave the keyboard on the page, so the next
// key acts on the selected row. The detail pane returned focus to the row it had been about
// whenever the selection moved, so after `j j` focus sat on the first group's header and Enter
// selected and collapsed that group instead of acting on the selected alert. Acknowledging the
// cursor row moves the cursor to the next row (the place is kept) instead of closing the pane.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { amSkipReason, makeAlert, postAlerts, waitFor } from '../support/alertmanager.ts';
import { testInstance, testSettings, useAlertmanagerUi } from './support/ui.ts';

describe('j/k with the detail pane open', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [
      ...['n1', 'n2', 'n3'].map((i) =>
        makeAlert({ alertname: 'CursorA', severity: 'critical', instance: i }),
      ),
      ...['m1', 'm2'].map((i) =>
        makeAlert({ alertname: 'CursorB', severity: 'warning', instance: i }),
      ),
      ...['p1', 'p2', 'p3', 'p4'].map((i) =>
        makeAlert({ alertname: 'CursorC', severity: 'info', instance: i }),
      ),
    ],
    // As a first start has it: silenced alerts (an acknowledged one too) are not listed.
    settings: (am) => {
      const s = testSettings([testInstance('am1', am.url)]);
      s.ui.filter = { ...s.ui.filter, showSilenced: false };
      return s;
    },
    viewport: { width: 960, height: 680 },
  });

  const selectedKey = () =>
    t.page.evaluate(() => {
      const g = globalThis as unknown as {
        document: { querySelector(s: string): { textContent: string | null } | null };
      };
      return (
        g.document.querySelector('section[aria-label="Alert groups"] .selected')?.textContent ??
        null
      );
    });
  const focusOnAnotherRow = () =>
    t.page.evaluate(() => {
      const g = globalThis as unknown as {
        document: {
          activeElement: {
            closest(s: string): { classList: { contains(c: string): boolean } } | null;
          } | null;
        };
      };
      const row = g.document.activeElement?.closest(
        '[data-testid=group-row], [data-testid=alert-row]',
      );
      return row !== null && row !== undefined && !row.classList.contains('selected');
    });

  it('keeps the keyboard on the selected row: Enter acts on it, not on the first group', async () => {
    const page = t.page;
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    const alertsBefore = await page.getByTestId('alert-row').count();
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('j');
      await new Promise((r) => setTimeout(r, 150));
      assert.equal(await focusOnAnotherRow(), false, `after j #${i + 1}, focus on another row`);
    }
    const before = await selectedKey();
    assert.ok(before, 'a row is selected');
    await page.getByTestId('detail-pane').waitFor();
    await page.keyboard.press('Enter');
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(await selectedKey(), before, 'the same row is still selected');
    assert.equal(await page.getByTestId('alert-row').count(), alertsBefore, 'no group collapsed');
    // Esc closes the pane, and focus goes back to the selected row.
    await page.keyboard.press('Escape');
    await page.getByTestId('detail-pane').waitFor({ state: 'detached' });
  });

  it('`a` acknowledges the cursor row and moves the cursor to the row taking its place', async () => {
    const page = t.page;
    const rows = page.getByTestId('alert-row');
    const acked = await rows.nth(1).getAttribute('data-fingerprint');
    const next = await rows.nth(2).getAttribute('data-fingerprint');
    await rows.nth(1).click();
    await page.getByTestId('detail-pane').waitFor();
    await page.keyboard.press('a');
    // Silenced alerts are not listed by default: the acknowledged one leaves the list.
    await page.locator(`[data-testid=alert-row][data-fingerprint="${acked}"]`).waitFor({
      state: 'detached',
      timeout: 15_000,
    });
    await page.locator(`[data-testid=alert-row][data-fingerprint="${next}"].selected`).waitFor();
    await page.getByTestId('detail-pane').waitFor();
    // `a` is one key beside `s`: its toast undoes it, and the alert is listed again.
    const toast = page.locator('[data-testid=toast]').filter({ hasText: 'Acknowledged' });
    await toast.locator('[data-testid=toast-undo]').click();
    await page.locator(`[data-testid=alert-row][data-fingerprint="${acked}"]`).waitFor({
      timeout: 15_000,
    });
  });

  // The same class as `a`: a cursor row silenced from the form, or one that resolved, left the
  // cursor one past its place (↓ skipped the alert that took it) or dropped it altogether.
  it('a cursor row silenced from the form gives its place to the next row', async () => {
    const page = t.page;
    const rows = page.locator('[data-testid=alert-row]').filter({ hasText: 'CursorC' });
    const silenced = await rows.nth(0).getAttribute('data-fingerprint');
    const next = await rows.nth(1).getAttribute('data-fingerprint');
    await rows.nth(0).click();
    await page.getByTestId('detail-pane').waitFor();
    await page.keyboard.press('s');
    const dialog = page.getByTestId('silence-dialog');
    await dialog.waitFor();
    await dialog.locator('#silence-comment').fill('cursor moves on');
    await page.keyboard.press('Control+Enter');
    await dialog.getByTestId('silence-success').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.locator(`[data-testid=alert-row][data-fingerprint="${silenced}"]`).waitFor({
      state: 'detached',
      timeout: 15_000,
    });
    await page.locator(`[data-testid=alert-row][data-fingerprint="${next}"].selected`).waitFor();
  });

  it('after the cursor row resolved, ↓ goes to the row that took its place', async () => {
    const page = t.page;
    const rows = page.locator('[data-testid=alert-row]').filter({ hasText: 'CursorC' });
    const before = await rows.count();
    assert.ok(before >= 2, `rows left: ${before}`);
    const gone = await rows.nth(0).getAttribute('data-fingerprint');
    const next = await rows.nth(1).getAttribute('data-fingerprint');
    const instance = (await rows.nth(0).innerText()).match(/p\d/)?.[0];
    assert.ok(instance, 'the row names its instance');
    await rows.nth(0).click();
    await page.getByTestId('detail-pane').waitFor();
    await postAlerts(t.am.url, [
      makeAlert(
        { alertname: 'CursorC', severity: 'info', instance },
        { endsAt: new Date(Date.now() - 1000).toISOString() },
      ),
    ]);
    await page.locator(`[data-testid=alert-row][data-fingerprint="${gone}"]`).waitFor({
      state: 'detached',
      timeout: 15_000,
    });
    // It left on its own: its detail closes (the pane never switches under the reader's eyes).
    await page.getByTestId('detail-pane').waitFor({ state: 'detached' });
    await page.keyboard.press('j');
    await page.locator(`[data-testid=alert-row][data-fingerprint="${next}"].selected`).waitFor();
  });

  it('a multi-selection silenced with the cursor in it gives the place to the next alert', async () => {
    const page = t.page;
    const rows = page.locator('[data-testid=alert-row]').filter({ hasText: 'CursorA' });
    assert.ok((await rows.count()) >= 3, 'three CursorA alerts listed');
    const [first, second, third] = await Promise.all(
      [0, 1, 2].map((i) => rows.nth(i).getAttribute('data-fingerprint')),
    );
    await rows.nth(0).click();
    await page.keyboard.press('x');
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await page.locator('[data-testid=selection-bar]').waitFor();
    await page.keyboard.press('s');
    const dialog = page.getByTestId('selection-silence-dialog');
    await dialog.waitFor();
    await page.keyboard.type('two of three');
    await page.keyboard.press('Control+Enter');
    await dialog.getByTestId('selection-done').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    for (const fp of [first, second])
      await page.locator(`[data-testid=alert-row][data-fingerprint="${fp}"]`).waitFor({
        state: 'detached',
        timeout: 15_000,
      });
    // The third took their place: the cursor is on it, not on the next group's header.
    await page.locator(`[data-testid=alert-row][data-fingerprint="${third}"].selected`).waitFor();
  });

  // The silence form opened with `s` (focus on the page, the keyboard user's case) closed with
  // Done left focus on the page: Tab started over at the top. It goes back to the row it was
  // opened for, and when that row leaves (silenced), on to the row taking its place.
  it('after the silence form opened with `s`, focus is on the row, then the next', async () => {
    const page = t.page;
    const rows = page.locator('[data-testid=alert-row]').filter({ hasText: 'CursorB' });
    const silenced = await rows.nth(0).getAttribute('data-fingerprint');
    const next = await rows.nth(1).getAttribute('data-fingerprint');
    await rows.nth(0).click();
    await page.evaluate(() => {
      const g = globalThis as unknown as { document: { activeElement: { blur(): void } } };
      g.document.activeElement.blur();
    });
    await page.keyboard.press('s');
    const dialog = page.getByTestId('silence-dialog');
    await dialog.waitFor();
    await dialog.locator('#silence-comment').fill('focus comes back');
    await page.keyboard.press('Control+Enter');
    await dialog.getByTestId('silence-done').waitFor();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const focusedRow = () =>
      page.evaluate(() => {
        const g = globalThis as unknown as {
          document: {
            activeElement: {
              closest(s: string): { getAttribute(n: string): string | null } | null;
            } | null;
          };
        };
        return (
          g.document.activeElement
            ?.closest('[data-testid=alert-row]')
            ?.getAttribute('data-fingerprint') ?? null
        );
      });
    // The row, or (already gone: polls run while the form is open) the one taking its place.
    await waitFor(async () => [silenced, next].includes(await focusedRow()), {
      message: 'focus back on the row the form was opened for',
    });
    await page.locator(`[data-testid=alert-row][data-fingerprint="${silenced}"]`).waitFor({
      state: 'detached',
      timeout: 15_000,
    });
    await waitFor(async () => (await focusedRow()) === next, {
      message: 'focus on the row that took its place',
    });
  });
});
