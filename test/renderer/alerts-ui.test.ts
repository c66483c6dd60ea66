// The alerts view and the silence dialog, end to end: real Alertmanager, real core, browser
// shell, headless Chromium.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { GettableSilence } from '../../main/core/api/types.ts';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  startAlertmanager,
  waitFor,
  type AmProcess,
} from '../support/alertmanager.ts';
import {
  cspViolations,
  launchBrowser,
  openUi,
  testInstance,
  testSettings,
  type PageGlobals,
  type Ui,
} from './support/ui.ts';

const XSS_IMG = '<img src=x onerror="window.__xss=1">';
const XSS_SCRIPT = '<script>window.__xss=2</script>';
const XSS_URL = 'javascript:window.__xss=3';

async function getSilence(am: AmProcess, id: string): Promise<GettableSilence> {
  const res = await fetch(`${am.url}/api/v2/silence/${id}`);
  assert.equal(res.status, 200, `GET silence ${id}`);
  return (await res.json()) as GettableSilence;
}

async function setFilter(page: Page, text: string) {
  await page.fill('[data-testid=filter-input]', text);
}

describe('alerts view', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  let browser: Browser;
  let ui: Ui;
  let page: Page;
  let dialogs = 0;

  before(async () => {
    am = await startAlertmanager();
    await postAlerts(am.url, [
      makeAlert(
        { alertname: 'DiskFull', severity: 'warning', instance: 'node-1' },
        {
          annotations: {
            summary: 'Disk almost full',
            runbook_url: 'https://runbooks.example/disk',
          },
        },
      ),
      makeAlert({ alertname: 'DiskFull', severity: 'warning', instance: 'node-2' }),
      makeAlert({ alertname: 'HighLatency', severity: 'critical', service: 'api' }),
      makeAlert(
        { alertname: 'Hostile', evil: XSS_IMG, severity: 'info' },
        {
          annotations: { summary: XSS_SCRIPT, description: XSS_IMG, runbook_url: XSS_URL },
          generatorURL: XSS_URL,
        },
      ),
    ]);
    browser = await launchBrowser();
    ui = await openUi(browser, testSettings([testInstance('am1', am.url)]));
    page = ui.page;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
  });

  after(async () => {
    await ui?.close();
    await browser?.close();
    await am?.stop();
  });

  it('shows the group of a posted alert', async () => {
    await page
      .locator('[data-testid=group-row]', { hasText: 'DiskFull' })
      .first()
      .waitFor({ timeout: 30_000 });
    const rows = page.locator('[data-testid=alert-row]', { hasText: 'DiskFull' });
    await waitFor(async () => (await rows.count()) === 2, { timeoutMs: 20_000 });
    // Critical first: severity order wins over position in the server's answer.
    const first = page.locator('[data-testid=group-row]').first();
    assert.match((await first.textContent()) ?? '', /HighLatency/);
  });

  it('narrows the list with a matcher filter', async () => {
    await setFilter(page, 'alertname="DiskFull", instance=~"node-2"');
    await waitFor(async () => (await page.locator('[data-testid=alert-row]').count()) === 1);
    const text = await page.locator('[data-testid=alert-row]').textContent();
    assert.match(text ?? '', /instance=node-2/);
    assert.equal(await page.locator('[data-testid=filter-error]').count(), 0);
    // Remembered in the settings (settings:update), debounced.
    await waitFor(
      () =>
        ui.shell.core.getSettings().ui.filter.text === 'alertname="DiskFull", instance=~"node-2"',
    );
    await setFilter(page, '');
    await waitFor(async () => (await page.locator('[data-testid=alert-row]').count()) >= 4);
  });

  it('filters by receiver and instance pickers', async () => {
    await page.locator('summary', { hasText: 'Receivers' }).click();
    await page.getByRole('checkbox', { name: 'pager' }).check();
    await waitFor(async () => {
      const groups = await page.locator('[data-testid=group-row]').allTextContents();
      return groups.length > 0 && groups.every((t) => t.includes('pager'));
    });
    // Esc closes the picker; "Show all" clears it.
    await page.keyboard.press('Escape');
    await waitFor(async () => !(await page.getByRole('checkbox', { name: 'pager' }).isVisible()));
    await page.locator('summary', { hasText: 'Receivers' }).click();
    await page.locator('button', { hasText: 'Show all' }).click();
    await page.keyboard.press('Escape');
    await waitFor(async () => (await page.locator('[data-testid=alert-row]').count()) >= 4);

    await page.locator('summary', { hasText: 'Instances' }).click();
    await page.getByRole('checkbox', { name: 'am1' }).check();
    await page.keyboard.press('Escape');
    await waitFor(async () => (await page.locator('[data-testid=alert-row]').count()) >= 4);
    await page.locator('summary', { hasText: 'Instances' }).click();
    await page.locator('button', { hasText: 'Show all' }).click();
    await page.keyboard.press('Escape');
  });

  it('explains an invalid matcher inline', async () => {
    // A complete matcher that does not read (a half-typed one is not an error yet).
    await setFilter(page, 'alertname="DiskFull", severity=~"(crit"');
    const err = page.locator('[data-testid=filter-error]');
    await err.waitFor();
    const text = (await err.textContent()) ?? '';
    assert.match(text, /column \d+/);
    assert.match(text, /severity=~"\(crit"/);
    assert.equal(
      await page.locator('[data-testid=filter-input]').getAttribute('aria-invalid'),
      'true',
    );
    await setFilter(page, '');
    await waitFor(async () => (await err.count()) === 0);
  });

  it('autocompletes label names and values from current alerts', async () => {
    const input = page.locator('[data-testid=filter-input]');
    await input.fill('');
    await input.pressSequentially('inst');
    await page.locator('#filter-suggestions', { hasText: 'instance' }).waitFor();
    await input.press('Enter');
    assert.equal(await input.inputValue(), 'instance=');
    await input.pressSequentially('"node-');
    await page.locator('#filter-suggestions', { hasText: 'node-2' }).waitFor();
    await page.locator('#filter-suggestions button', { hasText: 'node-2' }).click();
    assert.equal(await input.inputValue(), 'instance="node-2"');
    await setFilter(page, '');
  });

  it('offers a value that arrives while the suggestions are open', async () => {
    // The label index is kept up to date record by record (label-index.ts), not rebuilt:
    // this is the window's half of that, on a real poll.
    const input = page.locator('[data-testid=filter-input]');
    await input.fill('');
    await input.pressSequentially('instance="node-');
    await page.locator('#filter-suggestions', { hasText: 'node-2' }).waitFor();
    assert.equal(await page.locator('#filter-suggestions', { hasText: 'node-7' }).count(), 0);
    await postAlerts(am.url, [
      makeAlert({ alertname: 'LateArrival', severity: 'info', instance: 'node-7' }),
    ]);
    await page.locator('#filter-suggestions', { hasText: 'node-7' }).waitFor({ timeout: 20_000 });
    await setFilter(page, '');
  });

  it('shows hostile labels and annotations as text and runs nothing', async () => {
    await setFilter(page, 'alertname="Hostile"');
    const row = page.locator('[data-testid=alert-row]', { hasText: 'Hostile' });
    await row.waitFor();
    await row.click();
    const detail = page.locator('[data-testid=alert-detail]');
    await detail.waitFor();
    const text = (await detail.textContent()) ?? '';
    assert.ok(text.includes(XSS_IMG), 'label shown as text');
    assert.ok(text.includes(XSS_SCRIPT), 'annotation shown as text');
    assert.ok(text.includes(XSS_URL), 'javascript: URL shown as text');
    assert.equal(await page.locator('img').count(), 0, 'no img element from the payload');
    assert.equal(await page.locator('a[href^="javascript" i]').count(), 0);
    assert.equal(
      await detail.locator('[data-annotation=runbook_url] a').count(),
      0,
      'the javascript: runbook is not a link',
    );
    assert.equal(
      await page.evaluate(() => (globalThis as unknown as PageGlobals).__xss),
      undefined,
    );
    assert.equal(dialogs, 0);
    assert.deepEqual(await cspViolations(page), []);
    await setFilter(page, '');
  });

  it('opens http(s) annotation links only', async () => {
    await setFilter(page, 'instance="node-1"');
    const row = page.locator('[data-testid=alert-row]', { hasText: 'node-1' });
    await row.waitFor();
    await row.click();
    const link = page.locator('[data-annotation=runbook_url] a');
    assert.equal(await link.getAttribute('href'), 'https://runbooks.example/disk');
    await setFilter(page, '');
  });

  let silenceId = '';

  it('silences an alert from the list; the server and the view agree', async () => {
    await setFilter(page, 'instance="node-2"');
    const row = page.locator('[data-testid=alert-row]', { hasText: 'node-2' });
    await row.waitFor();
    await row.click();
    await page.keyboard.press('s');
    const dialog = page.locator('[data-testid=silence-dialog]');
    await dialog.waitFor();
    // Prefilled from the alert's labels.
    await waitFor(async () => (await dialog.locator('[aria-label^="Value"]').count()) >= 2);
    const values = await dialog
      .locator('[aria-label^="Value"]')
      .evaluateAll((els) => els.map((e) => (e as unknown as { value: string }).value));
    assert.ok(values.includes('node-2'), values.join(','));
    await dialog.locator('[data-testid=preview-count]').waitFor();
    assert.equal(await dialog.locator('[data-testid=preview-count]').textContent(), '1');
    await dialog.locator('#silence-comment').fill('disk replaced tomorrow');
    await dialog.locator('[data-testid=silence-submit]').click();
    const idEl = dialog.locator('[data-testid=silence-id]');
    await idEl.waitFor();
    silenceId = ((await idEl.textContent()) ?? '').trim();
    assert.match(silenceId, /^[0-9a-f-]{36}$/);

    const s = await getSilence(am, silenceId);
    assert.equal(s.status.state, 'active');
    assert.equal(s.comment, 'disk replaced tomorrow');
    assert.ok(s.matchers.some((m) => m.name === 'instance' && m.value === 'node-2'));
    await waitFor(
      async () => {
        const res = await fetch(`${am.url}/api/v2/alerts?filter=instance%3D%22node-2%22`);
        const alerts = (await res.json()) as { status: { silencedBy: string[] } }[];
        return alerts[0]?.status.silencedBy.includes(silenceId);
      },
      { timeoutMs: 20_000 },
    );
    // The saved step stays until Done (focused: Enter) closes it.
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    await page
      .locator('[data-testid=alert-row]', { hasText: 'node-2' })
      .locator('[data-testid=alert-state]', { hasText: 'silenced by' })
      .waitFor({ timeout: 20_000 });
    // The Silenced toggle hides it, and brings it back.
    const silencedToggle = page.getByRole('checkbox', { name: 'Silenced' });
    await silencedToggle.uncheck();
    await waitFor(async () => (await page.locator('[data-testid=alert-row]').count()) === 0);
    await silencedToggle.check();
    await page.locator('[data-testid=alert-row]', { hasText: 'node-2' }).waitFor();
    await setFilter(page, '');
  });

  it('keeps the form as typed when the server refuses the silence', async () => {
    await page.locator('button', { hasText: 'New silence' }).first().click();
    const dialog = page.locator('[data-testid=silence-dialog]');
    await dialog.waitFor();
    await dialog.locator('input[aria-label="Label name 1"]').fill('job');
    await dialog.locator('select[aria-label="Operator 1"]').selectOption('=~');
    await dialog.locator('[aria-label="Value 1"]').fill('.*');
    await dialog.locator('#silence-comment').fill('matches everything');
    await dialog.locator('#silence-author').fill('tester');
    await dialog.locator('[data-testid=silence-submit]').click();
    // Said at the matchers, which it is about (issue 30, item 3), not under the form.
    const err = dialog.locator('[data-testid=matchers-error]');
    await err.waitFor();
    assert.match((await err.textContent()) ?? '', /matcher/i);
    assert.equal(await dialog.locator('input[aria-label="Label name 1"]').inputValue(), 'job');
    assert.equal(await dialog.locator('select[aria-label="Operator 1"]').inputValue(), '=~');
    assert.equal(await dialog.locator('[aria-label="Value 1"]').inputValue(), '.*');
    assert.equal(await dialog.locator('#silence-comment').inputValue(), 'matches everything');
    assert.equal(await dialog.locator('#silence-author').inputValue(), 'tester');

    // End time in the past: also the server's call, also kept as typed.
    await dialog.locator('[aria-label="Value 1"]').fill('api');
    await dialog.getByTestId('silence-times').click();
    await dialog.locator('[data-testid=silence-start]').fill('2020-01-01T10:00');
    // Moving the start keeps the 1h default duration.
    assert.equal(
      await dialog.locator('[data-testid=silence-end]').inputValue(),
      '2020-01-01T11:00',
    );
    await dialog.locator('[data-testid=silence-submit]').click();
    // At the end time.
    const endErr = dialog.locator('#silence-end-error');
    await waitFor(async () => /past/i.test((await endErr.textContent()) ?? ''));
    assert.equal(
      await dialog.locator('[data-testid=silence-end]').inputValue(),
      '2020-01-01T11:00',
    );
    assert.equal(await dialog.locator('[aria-label="Value 1"]').inputValue(), 'api');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('edits, extends and expires a silence from the silences view', async () => {
    assert.ok(silenceId, 'needs the silence of the earlier test');
    await page.locator('button[data-view=silences]').click();
    const row = page.locator(`[data-testid=silence-row][data-silence-id="${silenceId}"]`);
    await row.waitFor({ timeout: 20_000 });
    await row.click();
    const detail = page.locator('[data-testid=silence-detail]');

    // Extend by 1h.
    const before = Date.parse((await getSilence(am, silenceId)).endsAt);
    await detail.locator('[data-testid="extend-+1h"]').click();
    const extended = await waitFor(async () => {
      const res = await fetch(`${am.url}/api/v2/silences`);
      const all = (await res.json()) as GettableSilence[];
      return all.find(
        (s) => s.status.state === 'active' && Date.parse(s.endsAt) >= before + 3_500_000,
      );
    });
    assert.equal(extended.comment, 'disk replaced tomorrow');

    // Edit the comment.
    const current = page.locator(`[data-testid=silence-row][data-silence-id="${extended.id}"]`);
    await current.waitFor({ timeout: 20_000 });
    await current.click();
    await detail.locator('[data-testid=silence-edit]').click();
    const dialog = page.locator('[data-testid=silence-dialog]');
    await dialog.waitFor();
    await dialog.locator('#silence-comment').fill('disk replaced on Monday');
    await dialog.locator('[data-testid=silence-submit]').click();
    const newId = ((await dialog.locator('[data-testid=silence-id]').textContent()) ?? '').trim();
    const edited = await getSilence(am, newId);
    assert.equal(edited.comment, 'disk replaced on Monday');
    assert.equal(edited.status.state, 'active');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Expire, with confirmation.
    const editedRow = page.locator(`[data-testid=silence-row][data-silence-id="${newId}"]`);
    await waitFor(async () => {
      const t = (await editedRow.textContent().catch(() => '')) ?? '';
      return t.includes('Monday');
    });
    await editedRow.click();
    await detail.locator('[data-testid=silence-expire]').click();
    assert.equal((await getSilence(am, newId)).status.state, 'active', 'not before confirming');
    await detail.locator('[data-testid=expire-confirm]').click();
    await waitFor(async () => (await getSilence(am, newId)).status.state === 'expired');
    await page.locator('[data-tab=expired]').click();
    const expiredRow = page.locator(`[data-testid=silence-row][data-silence-id="${newId}"]`);
    await expiredRow.waitFor({ timeout: 20_000 });

    // Recreate it for an hour: a new active silence with the same matchers.
    await expiredRow.click();
    await detail.locator('[data-testid=recreate-1h]').click();
    const recreated = await waitFor(async () => {
      const res = await fetch(`${am.url}/api/v2/silences`);
      const all = (await res.json()) as GettableSilence[];
      return all.find((s) => s.status.state === 'active' && s.id !== newId);
    });
    assert.deepEqual(recreated.matchers, edited.matchers);
    const left = Date.parse(recreated.endsAt) - Date.now();
    assert.ok(left > 50 * 60_000 && left <= 61 * 60_000, `${left} ms left`);
  });

  it('is driven from the keyboard: / filters, arrows select, Enter collapses', async () => {
    await page.keyboard.press('1');
    await page.locator('[data-testid=filter-input]').waitFor();
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('/');
    await waitFor(() =>
      page.evaluate(
        () =>
          (
            globalThis as unknown as {
              document: { activeElement: { dataset?: { testid?: string } } };
            }
          ).document.activeElement.dataset?.testid === 'filter-input',
      ),
    );
    await page.keyboard.type('alertname="DiskFull"');
    await waitFor(async () => (await page.locator('[data-testid=alert-row]').count()) === 2);
    await page.keyboard.press('Escape'); // close suggestions
    await page.keyboard.press('Escape'); // leave the input
    // From the top (the list keeps its cursor from before the filter when that row is in it).
    await page.keyboard.press('Home');
    const first = page.locator('[data-testid=group-row]').first();
    await waitFor(async () => /selected/.test((await first.getAttribute('class')) ?? ''));
    await page.keyboard.press('ArrowDown');
    await page.locator('[data-testid=alert-row].selected').waitFor();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await waitFor(async () => (await page.locator('[data-testid=alert-row]').count()) === 0);
    await page.keyboard.press('Enter');
    await waitFor(async () => (await page.locator('[data-testid=alert-row]').count()) === 2);
    await setFilter(page, '');
  });

  it('follows ui:navigate from the shell to a view and a group', async () => {
    await page.locator('button[data-view=instances]').click();
    const group = Object.values(ui.shell.core.snapshot().groups).find(
      (g) => g.labels['alertname'] === 'HighLatency',
    );
    assert.ok(group);
    ui.shell.navigate.emit({ view: 'alerts', groupKey: group.key });
    const row = page.locator('[data-testid=group-row]', { hasText: 'HighLatency' });
    await row.waitFor();
    await waitFor(async () => /selected/.test((await row.getAttribute('class')) ?? ''));
    await page.locator('[data-testid=group-detail]').waitFor();
  });

  it('shows a notification for a newly firing alert and lists it', async () => {
    await postAlerts(am.url, [
      makeAlert({ alertname: 'FreshFire', severity: 'critical', instance: 'node-9' }),
    ]);
    const toast = page.locator('[data-testid=toast]', { hasText: 'FreshFire' });
    await toast.waitFor({ timeout: 30_000 });
    await page.locator('[data-testid=notifications-button]').click();
    await page.locator('[data-testid=notification-item]', { hasText: 'FreshFire' }).click();
    // The notification targets the alert (or its group): that row becomes the selection.
    const selected = page.locator(
      '[data-testid=group-row].selected, [data-testid=alert-row].selected',
      { hasText: 'FreshFire' },
    );
    await selected.first().waitFor();
  });

  it('ran without page errors or CSP violations', async () => {
    assert.deepEqual(ui.problems, []);
    assert.deepEqual(await cspViolations(page), []);
  });
});
