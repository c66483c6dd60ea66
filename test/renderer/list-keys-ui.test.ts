// The same list keys in every list view (issue 30, item 5), in Chromium over the browser shell
// with the real core, a history file and a real Alertmanager: after clicking a state checkbox
// `/` still focuses the filter and what is typed lands there (Space still toggles the box); `a`
// acknowledges the selected group on the server; `E` / `e` collapse and expand every group;
// j/k, Enter, Esc and `/` in Silences, Instances and the Timeline (Enter on a line shows its
// alert, or selects its silence); `?` lists the new keys.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert, waitFor } from '../support/alertmanager.ts';
import { postSilence } from '../support/post-silence.ts';
import { testInstance, testSettings, useAlertmanagerUi } from './support/ui.ts';

const dir = mkdtempSync(join(tmpdir(), 'amtray-list-keys-'));

interface Focused {
  tag: string;
  testid: string | null;
  label: string | null;
  value: string | null;
  selected: boolean;
  inside: string | null;
}

/** What has focus, and whether it is (in) a selected row or a detail pane. */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const g = globalThis as unknown as { document: { activeElement: unknown } };
    const el = g.document.activeElement as {
      tagName: string;
      value?: string;
      getAttribute(n: string): string | null;
      closest(s: string): { getAttribute(n: string): string | null } | null;
    };
    return {
      tag: el.tagName,
      testid: el.getAttribute('data-testid'),
      label: el.getAttribute('aria-label'),
      value: typeof el.value === 'string' ? el.value : null,
      selected: el.closest('.selected') !== null,
      inside:
        el
          .closest('[data-testid=silence-detail], [data-testid=instance-detail]')
          ?.getAttribute('data-testid') ?? null,
    };
  });
}

async function focusIs(page: Page, test: (f: Focused) => boolean, what: string): Promise<void> {
  try {
    await waitFor(async () => test(await focused(page)), { timeoutMs: 5_000 });
  } catch {
    assert.fail(`focus should be on ${what}, is on ${JSON.stringify(await focused(page))}`);
  }
}

describe('the same list keys in every view', { skip: amSkipReason() }, () => {
  const silenceIds: string[] = [];
  const t = useAlertmanagerUi({
    alerts: [
      makeAlert({ alertname: 'ListKeysA', severity: 'critical', instance: 'a1' }),
      makeAlert({ alertname: 'ListKeysA', severity: 'critical', instance: 'a2' }),
      makeAlert({ alertname: 'ListKeysB', severity: 'warning', instance: 'b1' }),
    ],
    settings: async (am) => {
      for (const v of ['one', 'two', 'three'])
        silenceIds.push(
          await postSilence(am.url, [{ name: 'team', value: v, isRegex: false, isEqual: true }]),
        );
      return testSettings([
        testInstance('am1', am.url),
        // Listed in Instances, polls nothing (the alert list stays one cluster's).
        testInstance('am2', am.url, { name: 'second-view', enabled: false }),
      ]);
    },
    historyPath: join(dir, 'history.sqlite'),
    viewport: { width: 1280, height: 800 },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  });
  let page: Page;
  /** With nothing open, Esc dismisses the newest toast: they go first. */
  async function dismissToasts() {
    for (let i = 0; i < 20 && (await page.locator('[data-testid=toast]').count()) > 0; i++)
      await page.keyboard.press('Escape');
  }
  before(async () => {
    ({ page } = t);
    await dismissToasts();
  });
  const selectedRow = (sel: string) => page.locator(`${sel}.selected`);

  it('after clicking a state checkbox, / focuses the filter and typing lands there', async () => {
    const box = page.locator('label.toggle', { hasText: 'Inhibited' }).locator('input');
    await box.click();
    await page.keyboard.press('/');
    await focusIs(page, (f) => f.testid === 'filter-input', 'the filter');
    await page.keyboard.type('ListKeys');
    assert.equal(await page.locator('[data-testid=filter-input]').inputValue(), 'ListKeys');
    await page.locator('[data-testid=filter-input]').fill('');
    await page.locator('[data-testid=filter-input]').blur();
    await page.locator('#filter-suggestions').waitFor({ state: 'detached' });
    // Space on the focused box is still the box's, even with a group selected.
    await box.click();
    const before = await box.isChecked();
    await page.keyboard.press('j');
    await page.keyboard.press('Space');
    await waitFor(async () => (await box.isChecked()) !== before);
    await box.click();
    assert.equal(await box.isChecked(), before);
    // Enter is not the box's (a checkbox does nothing with it): the list's, on the cursor row.
    // (Focused as a click leaves it, without changing what the list shows.)
    await page.keyboard.press('Home');
    await box.focus();
    const checked = await box.isChecked();
    const header = page.locator('[data-testid=group-row].selected');
    await header.waitFor();
    const alertsBefore = await page.locator('[data-testid=alert-row]').count();
    await page.keyboard.press('Enter');
    await waitFor(
      async () => (await page.locator('[data-testid=alert-row]').count()) !== alertsBefore,
      { message: 'Enter collapsed the cursor group' },
    );
    assert.equal(await box.isChecked(), checked, 'the box is unchanged');
    await page.keyboard.press('Enter');
    await waitFor(
      async () => (await page.locator('[data-testid=alert-row]').count()) === alertsBefore,
    );
  });

  it('a acknowledges the selected group, on the server', async () => {
    await page.keyboard.press('Home');
    const group = selectedRow('[data-testid=group-row]');
    await group.waitFor();
    assert.match((await group.textContent()) ?? '', /ListKeysA/);
    // One of its alerts first: the toast says which (not the alertname its neighbour shares),
    // and the group is then not "already acknowledged".
    await page.keyboard.press('j');
    await selectedRow('[data-testid=alert-row]').waitFor();
    await page.keyboard.press('a');
    await page
      .locator('[data-testid=toast]', { hasText: 'Acknowledged' })
      .filter({ hasText: /ListKeysA \(instance=a[12]\)/ })
      .waitFor({ timeout: 15_000 });
    await dismissToasts();
    await page.keyboard.press('Home');
    await group.waitFor();
    await page.keyboard.press('a');
    await group.locator('[data-testid=group-ack]').waitFor({ timeout: 15_000 });
    assert.match((await group.locator('[data-testid=group-ack]').textContent()) ?? '', /you/);
    // The badge was there from the alert's ack: the group's own ack is done when none of its
    // alerts fires any more (the second `a` below reads that, and the server holds both).
    await waitFor(
      async () =>
        !/firing/.test((await group.locator('[data-testid=group-counts]').textContent()) ?? ''),
      { timeoutMs: 15_000, message: 'the group is acknowledged whole' },
    );
    const res = await fetch(`${t.am.url}/api/v2/silences`);
    const acks = ((await res.json()) as { comment: string; status: { state: string } }[]).filter(
      (s) => s.status.state === 'active' && s.comment.startsWith('ACK!'),
    );
    assert.equal(acks.length, 2, "the alert's ack and the group's on the server");
    // Again: it says so instead of writing a second ack.
    await page.keyboard.press('a');
    await page.locator('[data-testid=toast]', { hasText: 'Already acknowledged' }).waitFor();
  });

  it('E collapses every group and e expands them', async () => {
    const alerts = page.locator('[data-testid=alert-row]');
    await waitFor(async () => (await alerts.count()) === 3);
    await page.keyboard.press('Shift+E');
    await waitFor(async () => (await alerts.count()) === 0);
    assert.equal(await page.locator('[data-testid=group-row]').count(), 2);
    await page.keyboard.press('e');
    await waitFor(async () => (await alerts.count()) === 3);
  });

  it('Silences: j/k move, Enter goes to the detail, Esc back to the row, / searches', async () => {
    await dismissToasts();
    await page.keyboard.press('Escape');
    await page.keyboard.press('2');
    const rows = page.locator('[data-testid=silence-row]');
    await waitFor(async () => (await rows.count()) >= 3);
    const selected = selectedRow('[data-testid=silence-row]');
    await page.keyboard.press('j');
    await page.locator('[data-testid=silence-detail]').waitFor();
    const first = await selected.getAttribute('data-silence-id');
    await page.keyboard.press('j');
    await waitFor(async () => (await selected.getAttribute('data-silence-id')) !== first);
    await page.keyboard.press('k');
    await waitFor(async () => (await selected.getAttribute('data-silence-id')) === first);
    await page.keyboard.press('Enter');
    await focusIs(page, (f) => f.inside === 'silence-detail', 'the detail');
    await page.keyboard.press('Escape');
    await page.locator('[data-testid=silence-detail]').waitFor({ state: 'detached' });
    await focusIs(page, (f) => f.testid === 'silence-row', 'the row');
    // Nothing selected: no empty pane beside the list (it would take 320 px at 960).
    assert.equal(await page.locator('.detail-pane').count(), 0);
    // The place is kept: j goes on to the row after the one Esc left, not to the top.
    assert.equal(await rows.nth(0).getAttribute('data-silence-id'), first);
    await page.keyboard.press('j');
    const second = await rows.nth(1).getAttribute('data-silence-id');
    await waitFor(async () => (await selected.getAttribute('data-silence-id')) === second, {
      message: 'the row after',
    });
    await page.keyboard.press('Escape');
    await page.locator('[data-testid=silence-detail]').waitFor({ state: 'detached' });
    // A clicked row: focus follows the selection, so Enter opens the selected one.
    await rows.first().click();
    await page.keyboard.press('j');
    await focusIs(page, (f) => f.testid === 'silence-row' && f.selected, 'the selected row');
    await page.keyboard.press('/');
    await focusIs(page, (f) => f.label === 'Search silences', 'the search');
    await page.keyboard.type('three');
    await waitFor(async () => (await rows.count()) === 1);
    await page.locator('input[aria-label="Search silences"]').fill('');
    await page.locator('input[aria-label="Search silences"]').blur();
  });

  it('Instances: j/k move, Enter goes to the detail, Esc closes it, / filters', async () => {
    await page.keyboard.press('3');
    const selected = selectedRow('[data-testid=instance-row]');
    await page.locator('[data-testid=instance-row]').nth(1).waitFor();
    // A server run without clustering: Alertmanager's "disabled" read as the instance being off.
    await waitFor(
      async () =>
        (
          await page
            .locator('[data-testid=instance-row][data-instance=am1]')
            .getByTestId('instance-cluster-status')
            .textContent()
        )?.trim() === 'standalone',
      { message: 'am1 standalone' },
    );
    await page.keyboard.press('j');
    await page.locator('[data-testid=instance-detail]').waitFor();
    assert.equal(await selected.getAttribute('data-instance'), 'am1');
    await page.keyboard.press('j');
    await waitFor(async () => (await selected.getAttribute('data-instance')) === 'second-view');
    await page.keyboard.press('k');
    await waitFor(async () => (await selected.getAttribute('data-instance')) === 'am1');
    // Enter goes to a control of the detail, never its text field: j still moves (it was typed
    // into the test alert's labels, and no key left the field).
    await page.keyboard.press('Enter');
    await focusIs(
      page,
      (f) => f.inside === 'instance-detail' && (f.tag === 'BUTTON' || f.tag === 'A'),
      'a button of the detail',
    );
    const labels = page.locator('input[aria-label="Test alert labels"]');
    const typed = await labels.inputValue();
    await page.keyboard.press('j');
    await waitFor(async () => (await selected.getAttribute('data-instance')) === 'second-view');
    await page.keyboard.press('k');
    await waitFor(async () => (await selected.getAttribute('data-instance')) === 'am1');
    assert.equal(await labels.inputValue(), typed, 'nothing typed into the field');
    // In the field, Esc gives focus back to the row and keeps the text; the next Esc closes.
    await labels.focus();
    await labels.press('End');
    await page.keyboard.type(' x');
    await page.keyboard.press('Escape');
    await focusIs(page, (f) => f.testid === 'instance-row' || f.selected, 'the selected row');
    assert.equal(await labels.inputValue(), `${typed} x`);
    await page.keyboard.press('j');
    await waitFor(async () => (await selected.getAttribute('data-instance')) === 'second-view');
    await page.keyboard.press('Escape');
    await page.locator('[data-testid=instance-detail]').waitFor({ state: 'detached' });
    await page.keyboard.press('/');
    await focusIs(page, (f) => f.label === 'Filter instances', 'the instance filter');
    await page.keyboard.type('second');
    await waitFor(async () => (await page.locator('[data-testid=instance-row]').count()) === 1);
    await page.locator('input[aria-label="Filter instances"]').fill('');
    await page.locator('input[aria-label="Filter instances"]').blur();
  });

  it('Timeline: j/k move, Esc clears, Enter shows the alert, / filters', async () => {
    await page.keyboard.press('4');
    await page.keyboard.press('/');
    await focusIs(page, (f) => f.label === 'Filter the timeline', 'the timeline filter');
    await page.keyboard.type('alertname="ListKeysB"');
    await page.keyboard.press('Enter');
    const records = page.locator('section[aria-label=Events] [data-testid=timeline-record]');
    // The filter is answered by the core: until then the unfiltered lines still show.
    await waitFor(
      async () => /ListKeysB/.test((await records.first().textContent({ timeout: 1000 })) ?? ''),
      { timeoutMs: 15_000, message: 'the filtered Timeline shows ListKeysB first' },
    );
    // Out of the filter (keys typed there are text).
    await page.locator('input[aria-label="Filter the timeline"]').blur();
    const selected = page.locator(
      'section[aria-label=Events] [data-testid=timeline-record].selected',
    );
    await page.keyboard.press('j');
    await selected.waitFor();
    assert.equal(await selected.getAttribute('aria-current'), 'true');
    const n = await records.count();
    if (n > 1) {
      await page.keyboard.press('j');
      await waitFor(async () => (await records.nth(1).getAttribute('aria-current')) === 'true');
      await page.keyboard.press('k');
      await waitFor(async () => (await records.nth(0).getAttribute('aria-current')) === 'true');
    }
    await page.keyboard.press('Escape');
    await selected.waitFor({ state: 'detached' });
    await page.keyboard.press('k');
    await selected.waitFor();
    await page.keyboard.press('Enter');
    // The alert the line is about, selected in the alert list.
    const detail = page.locator('[data-testid=alert-detail]');
    await detail.waitFor({ timeout: 10_000 });
    assert.match((await detail.textContent()) ?? '', /ListKeysB/);
  });

  it('Timeline: Enter on a silence line selects that silence in Silences', async () => {
    await page.keyboard.press('4');
    const filter = page.locator('input[aria-label="Filter the timeline"]');
    await filter.fill('');
    await filter.press('Enter');
    await filter.blur();
    const kinds = page.locator('section[aria-label=Events] [data-testid=timeline-record]');
    // The ack written with `a` above is a new silence: "silence-created", with its key.
    const index = await waitFor(
      async () => {
        const all = await kinds.evaluateAll((els) =>
          els.map((e) => e.getAttribute('data-kind') ?? ''),
        );
        const i = all.indexOf('silence-created');
        return i >= 0 ? i + 1 : false;
      },
      { timeoutMs: 15_000 },
    );
    await page.keyboard.press('Home');
    for (let i = 1; i < index; i++) await page.keyboard.press('j');
    await waitFor(async () => (await kinds.nth(index - 1).getAttribute('aria-current')) === 'true');
    await page.keyboard.press('Enter');
    const detail = page.locator('[data-testid=silence-detail]');
    await detail.waitFor({ timeout: 10_000 });
    assert.match((await detail.textContent()) ?? '', /ACK!/);
  });

  it('? lists the acknowledge and expand / collapse keys', async () => {
    await page.keyboard.press('Escape');
    await page.keyboard.press('?');
    const sheet = page.locator('[data-testid=shortcuts-sheet]');
    await sheet.waitFor();
    const text = (await sheet.textContent()) ?? '';
    assert.match(text, /a\s*Acknowledge the selected alert or group/);
    assert.match(text, /e \/ E\s*Expand \/ collapse every group/);
    assert.match(text, /e, \+, Delete\s*Silences: edit, \+1h, expire the selected one/);
    assert.match(text, /↑ ↓ or j k\s*Move through the list \(every view/);
    assert.match(text, /Home End\s*First \/ last row/);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
  });
});
