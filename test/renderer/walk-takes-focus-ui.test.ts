// Walking the list takes the keyboard's focus into it (a walk-through at 960×680): from a cold
// open, j j j moved the cursor and the detail pane while focus stayed on the page, so Tab went
// to the top bar instead of the detail pane as the shortcuts sheet says; and after that Tab, j
// then Enter pressed the focused "Alerts" tab instead of acting on the cursor row.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { amSkipReason, makeAlert } from '../support/alertmanager.ts';
import { testInstance, testSettings, useAlertmanagerUi } from './support/ui.ts';

describe('walking the list takes focus into it', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: ['w1', 'w2', 'w3', 'w4'].map((i) =>
      makeAlert({ alertname: 'WalkFocus', severity: 'critical', instance: i }),
    ),
    settings: (am) => testSettings([testInstance('am1', am.url)]),
    viewport: { width: 960, height: 680 },
  });

  /** Where focus is: the cursor row, the detail pane, the top bar, or the page. */
  const focusAt = () =>
    t.page.evaluate(() => {
      const g = globalThis as unknown as {
        document: {
          activeElement: { closest(s: string): unknown; tagName: string } | null;
          body: unknown;
        };
      };
      const a = g.document.activeElement;
      if (!a || a === g.document.body) return 'page';
      if (a.closest('section[aria-label="Alert groups"] .selected')) return 'cursor row';
      if (a.closest('[data-testid=detail-pane]')) return 'detail pane';
      if (a.closest('section[aria-label="Alert groups"]')) return 'another list element';
      return `elsewhere (${a.tagName})`;
    });
  const waitFocus = async (want: string) => {
    let at = '';
    for (let i = 0; i < 40; i++) {
      at = await focusAt();
      if (at === want) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(at, want);
  };

  it('j from the page focuses the cursor row; Tab goes on to the detail pane', async () => {
    const page = t.page;
    await page.getByTestId('alert-row').first().waitFor();
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    assert.equal(await focusAt(), 'page');
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.getByTestId('detail-pane').waitFor();
    await waitFocus('cursor row');
    await page.keyboard.press('Tab');
    await waitFocus('detail pane');
  });

  it('j with focus in the top bar brings it back: Enter then acts on the list', async () => {
    const page = t.page;
    // Where a Tab from the page lands: the top bar's first tab.
    await page.locator('header [aria-current=page]').focus();
    assert.match(await focusAt(), /^elsewhere/);
    await page.keyboard.press('j');
    await waitFocus('cursor row');
    const selected = page.locator('section[aria-label="Alert groups"] .selected');
    const before = await selected.getAttribute('data-fingerprint');
    await page.keyboard.press('Enter');
    await page.getByTestId('detail-pane').waitFor();
    assert.equal(await selected.getAttribute('data-fingerprint'), before);
    assert.equal(await page.getByTestId('alert-row').count(), 4, 'still the alert list');
  });
});
