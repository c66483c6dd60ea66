// Focus is never lost (issue 30, item 2), at Electron's default 960×680, in Chromium over the
// browser shell with the real core and a real Alertmanager: the silence form opens on its first
// field (also when editing, never on ×) with one scroll container; removing a matcher focuses
// the next one or "Add matcher"; Tab stays inside every dialog and closing one gives focus back
// to the control that opened it; "Silence created" focuses Done; Extend keeps focus, Expire…
// focuses its confirmation and then the Recreate group (Tab to its buttons); a <details> menu closed with Esc focuses its
// summary; the detail pane closed from inside focuses its row; dismissing a toast focuses the
// next one. Each step asserts document.activeElement.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert, waitFor } from '../support/alertmanager.ts';
import { useAlertmanagerUi } from './support/ui.ts';

interface Focused {
  tag: string;
  id: string;
  testid: string | null;
  label: string | null;
  text: string;
  value: string | null;
  type: string | null;
  inDialog: string | null;
}

/** What has focus (runs in the page; the root tsconfig has no DOM lib, hence the casts). */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const g = globalThis as unknown as {
      document: { activeElement: Record<string, unknown> & { closest(s: string): unknown } };
    };
    const el = g.document.activeElement as unknown as {
      tagName: string;
      id: string;
      value?: string;
      textContent: string | null;
      getAttribute(n: string): string | null;
      closest(s: string): { getAttribute(n: string): string | null } | null;
    };
    return {
      tag: el.tagName,
      id: el.id,
      testid: el.getAttribute('data-testid'),
      label: el.getAttribute('aria-label'),
      text: (el.textContent ?? '').trim(),
      value: typeof el.value === 'string' ? el.value : null,
      type: el.getAttribute('type'),
      inDialog: el.closest('dialog')?.getAttribute('data-testid') ?? null,
    };
  });
}

async function focusIs(
  page: Page,
  test: (f: Focused) => boolean,
  what: string,
  timeoutMs = 5_000,
): Promise<void> {
  try {
    await waitFor(async () => test(await focused(page)), { timeoutMs });
  } catch {
    assert.fail(`focus should be on ${what}, is on ${JSON.stringify(await focused(page))}`);
  }
}

const LABELS = {
  alertname: 'FocusDiskFull',
  severity: 'warning',
  cluster: 'prod-eu-2',
  env: 'prod',
  region: 'eu',
  service: 'disk',
  instance: 'node-1',
  job: 'node',
  team: 'storage',
  mountpoint: '/var',
  device: 'sda1',
  fstype: 'ext4',
};

describe('focus is never lost', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [makeAlert(LABELS), makeAlert({ ...LABELS, instance: 'node-2' })],
    viewport: { width: 960, height: 680 },
  });
  let page: Page;
  before(async () => {
    ({ page } = t);
    // Start-up toasts would take the first Esc (by design): they go before the tests.
    for (let i = 0; i < 20 && (await page.locator('[data-testid=toast]').count()) > 0; i++)
      await page.keyboard.press('Escape');
  });
  const dialog = () => page.locator('[data-testid=silence-dialog]');

  it('the form opens on its first field, with one scroll container at 960×680', async () => {
    await page
      .locator('[data-testid=alert-row]')
      .first()
      .dblclick({ position: { x: 12, y: 12 } });
    await dialog().waitFor();
    await focusIs(page, (f) => f.id === 'silence-comment', 'the comment');
    await waitFor(async () => (await dialog().locator('[aria-label^="Label name"]').count()) >= 12);
    const scrollers = await page.evaluate(() => {
      const g = globalThis as unknown as {
        document: { querySelector(s: string): unknown };
        getComputedStyle(e: unknown): { overflowY: string; overflowX: string };
      };
      type El = {
        scrollHeight: number;
        clientHeight: number;
        scrollWidth: number;
        clientWidth: number;
        tagName: string;
        className: string;
        querySelectorAll(s: string): Iterable<El>;
      };
      const d = g.document.querySelector('[data-testid=silence-dialog]') as El;
      const out: string[] = [];
      for (const el of [d, ...d.querySelectorAll('*')]) {
        const cs = g.getComputedStyle(el);
        const y = el.scrollHeight > el.clientHeight + 1 && /auto|scroll/.test(cs.overflowY);
        const x = el.scrollWidth > el.clientWidth + 1 && /auto|scroll/.test(cs.overflowX);
        if (x || y) out.push(`${el.tagName}.${el.className}`);
      }
      return out;
    });
    // Twelve matchers do not fit: exactly one element scrolls, the form's body.
    assert.equal(scrollers.length, 1, scrollers.join(', '));
    assert.match(scrollers[0]!, /^DIV\.body/);
  });

  it('removing a matcher focuses the next one; after the last, Add matcher', async () => {
    const d = dialog();
    const second = await d.locator('[aria-label="Label name 2"]').inputValue();
    await d.getByRole('button', { name: 'Remove matcher 1', exact: true }).click();
    await focusIs(
      page,
      (f) => f.label === 'Label name 1' && f.value === second,
      `the next matcher (${second})`,
    );
    await page.screenshot({ path: '/tmp/focus-form.png' });
    const n = await d.locator('[aria-label^="Label name"]').count();
    await d.getByRole('button', { name: `Remove matcher ${n}`, exact: true }).click();
    await focusIs(page, (f) => f.text === '+ Add matcher', 'Add matcher');
    await page.keyboard.press('Enter');
    await focusIs(page, (f) => f.label === `Label name ${n}` && f.value === '', 'the new matcher');
  });

  it('Tab and Shift+Tab stay inside the dialog', async () => {
    const submit = dialog().locator('[data-testid=silence-submit]');
    await submit.focus();
    await page.keyboard.press('Tab');
    await focusIs(page, (f) => f.inDialog === 'silence-dialog' && f.label === 'Close', 'the ×');
    await page.keyboard.press('Shift+Tab');
    await focusIs(page, (f) => f.testid === 'silence-submit', 'Create silence');
    for (let i = 0; i < 50; i++) {
      await page.keyboard.press('Tab');
      assert.equal((await focused(page)).inDialog, 'silence-dialog', `Tab ${i + 1}`);
    }
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
  });

  it('Esc gives focus back to the control that opened the dialog', async () => {
    const opener = page.locator('.list-tools button', { hasText: 'New silence' });
    await opener.click();
    await dialog().waitFor();
    await focusIs(page, (f) => f.id === 'silence-comment', 'the comment (first field)');
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    await focusIs(page, (f) => f.text === 'New silence' && f.inDialog === null, 'New silence');
  });

  it('a saved template and "Silence created" (Done) keep focus; closing returns to the opener', async () => {
    await page.locator('.list-tools button', { hasText: 'New silence' }).click();
    const d = dialog();
    await d.waitFor();
    await d.locator('#silence-comment').fill('focus test');
    await d.locator('[aria-label="Label name 1"]').fill('alertname');
    await d.locator('[aria-label="Value 1"]').fill('FocusDiskFull');
    // Save as template…: its name field, then back to the button once saved.
    await d.locator('[data-testid=template-open]').click();
    await focusIs(page, (f) => f.testid === 'template-name', 'the template name');
    await page.keyboard.type('focus template');
    await page.keyboard.press('Enter');
    await focusIs(page, (f) => f.testid === 'template-open', 'Save as template…');
    await d.locator('[aria-label="Value 1"]').press('Control+Enter');
    await d.locator('[data-testid=silence-done]').waitFor({ timeout: 15_000 });
    await focusIs(page, (f) => f.testid === 'silence-done', 'Done');
    await page.keyboard.press('Enter');
    await d.waitFor({ state: 'detached' });
    await focusIs(page, (f) => f.text === 'New silence', 'New silence');
  });

  it('a busy button keeps focus: Refresh clicked stays focused while and after it works', async () => {
    const refresh = page.getByRole('button', { name: 'Refresh now' });
    await refresh.click();
    // Disabled under the click, it dropped focus to the page (keys then went nowhere useful).
    await waitFor(async () => (await refresh.getAttribute('aria-disabled')) === 'false');
    await focusIs(page, (f) => f.label === 'Refresh now', 'Refresh now');
  });

  it('Extend keeps focus on its button', async () => {
    await page.keyboard.press('2');
    await page.locator('[data-testid=silence-row]').first().click();
    await page.locator('[data-testid=silence-detail]').waitFor();
    await page.locator('[data-testid="extend-+1h"]').click();
    await page.locator('[data-testid=silence-detail] .ok', { hasText: 'Extended to' }).waitFor();
    await focusIs(page, (f) => f.testid === 'extend-+1h', '+1h');
  });

  it('Expire… focuses its confirmation, Keep goes back, Expire moves to Recreate', async () => {
    await page.locator('[data-testid=silence-expire]').click();
    await focusIs(page, (f) => f.testid === 'expire-confirm', 'the Expire confirmation');
    await page.getByRole('button', { name: 'Keep', exact: true }).click();
    await focusIs(page, (f) => f.testid === 'silence-expire', 'Expire…');
    await page.keyboard.press('Enter');
    await focusIs(page, (f) => f.testid === 'expire-confirm', 'the Expire confirmation');
    await page.keyboard.press('Enter');
    await focusIs(page, (f) => f.testid === 'recreate-group', 'the Recreate group', 15_000);
    // A second Enter (pressed once too often) silences nothing again.
    const silences = await page.locator('[data-testid=silence-row]').count();
    await page.keyboard.press('Enter');
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(await page.locator('[data-testid=silence-row]').count(), silences);
    await focusIs(page, (f) => f.testid === 'recreate-group', 'the Recreate group');
    await page.keyboard.press('Tab');
    await focusIs(page, (f) => (f.testid ?? '').startsWith('recreate-'), 'a Recreate button');
  });

  it('Recreate moves to the new silence; Edit opens on its first field, not ×', async () => {
    // The recreated silence is a new one: its pane is drawn anew, focus on its first action.
    await page.keyboard.press('Enter');
    await focusIs(page, (f) => f.testid === 'silence-edit', 'Edit… of the new silence');
    await page.keyboard.press('Enter');
    await dialog().waitFor();
    await focusIs(page, (f) => f.id === 'silence-comment', 'the comment');
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    await focusIs(page, (f) => f.testid === 'silence-edit', 'Edit…');
  });

  it('the shortcuts sheet keeps Tab inside and gives focus back to a clicked checkbox', async () => {
    const mine = page.locator('label.mine', { hasText: 'Created by me' }).locator('input');
    await mine.click();
    await page.keyboard.press('?');
    const sheet = page.locator('[data-testid=shortcuts-sheet]');
    await sheet.waitFor();
    await focusIs(page, (f) => f.inDialog === 'shortcuts-sheet' && f.text === 'Close', 'Close');
    await page.keyboard.press('Tab');
    await focusIs(page, (f) => f.inDialog === 'shortcuts-sheet', 'the sheet');
    await page.keyboard.press('Shift+Tab');
    await focusIs(page, (f) => f.inDialog === 'shortcuts-sheet', 'the sheet');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    await focusIs(page, (f) => f.type === 'checkbox' && f.inDialog === null, 'the checkbox');
    await mine.click();
  });

  it('the YAML dialog opens on its text and gives focus back to its button', async () => {
    const opener = page.getByRole('button', { name: 'Templates and schedules as YAML…' });
    await opener.click();
    const yaml = page.locator('[data-testid=schedules-yaml]');
    await yaml.waitFor();
    await focusIs(page, (f) => f.testid === 'schedules-yaml-text', 'the YAML text');
    await page.keyboard.press('Shift+Tab');
    await focusIs(page, (f) => f.testid === 'schedules-yaml-import', 'Import (the last)');
    await page.keyboard.press('Tab');
    await focusIs(page, (f) => f.testid === 'schedules-yaml-text', 'the YAML text again');
    await page.keyboard.press('Escape');
    await yaml.waitFor({ state: 'detached' });
    await focusIs(page, (f) => f.text === 'Templates and schedules as YAML…', 'its button');
  });

  it('Esc in a filter menu closes it and focuses its summary', async () => {
    await page.keyboard.press('1');
    const picker = page.locator('details.picker', { hasText: 'Instances' });
    await picker.locator('summary').click();
    await picker.locator('input[type=checkbox]').first().focus();
    await page.keyboard.press('Escape');
    await waitFor(async () => (await picker.getAttribute('open')) === null);
    await focusIs(page, (f) => f.tag === 'SUMMARY', 'the menu summary');
  });

  it('closing the detail pane with focus in it (× or Esc) focuses its row', async () => {
    for (let i = 0; i < 20 && (await page.locator('[data-testid=toast]').count()) > 0; i++)
      await page.keyboard.press('Escape');
    const pane = page.locator('[data-testid=detail-pane]');
    await page.locator('[data-testid=alert-row] .age').first().click();
    await page.locator('[data-testid=detail-close]').focus();
    await page.keyboard.press('Enter');
    await pane.waitFor({ state: 'detached' });
    await focusIs(page, (f) => f.testid === 'alert-row', 'the alert row');
    await page.locator('[data-testid=alert-row] .age').last().click();
    await pane.getByRole('button', { name: 'Silence…', exact: true }).focus();
    await page.keyboard.press('Escape');
    await pane.waitFor({ state: 'detached' });
    await focusIs(page, (f) => f.testid === 'alert-row', 'the alert row');
  });

  it('dismissing a toast from the keyboard focuses the next toast', async () => {
    // Two toasts: "Acknowledged" (a on the selected group), then "Already acknowledged".
    await page.locator('details.picker summary', { hasText: 'Instances' }).blur();
    for (let i = 0; i < 20 && (await page.locator('[data-testid=toast]').count()) > 0; i++)
      await page.keyboard.press('Escape');
    await page.keyboard.press('Home');
    await page.keyboard.press('a');
    await page.locator('[data-testid=group-row] [data-testid=group-ack]').first().waitFor({
      timeout: 15_000,
    });
    await page.keyboard.press('a');
    const toasts = page.locator('[data-testid=toast]');
    await waitFor(async () => (await toasts.count()) === 2);
    await toasts.first().getByRole('button', { name: 'Dismiss' }).focus();
    await page.keyboard.press('Enter');
    await waitFor(async () => (await toasts.count()) === 1);
    await focusIs(page, (f) => f.testid === 'toast-body', 'the toast left');
  });
});
