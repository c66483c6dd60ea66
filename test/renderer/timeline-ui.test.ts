// The Timeline in Chromium, over the browser shell, the real core and a real Alertmanager:
// per-alert counts after a re-fire (first sight not counted), the matcher filter (and a bad one that keeps the view),
// "since you last looked" after the window was left, and a CSV export.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  startAlertmanager,
  waitFor,
  type AmProcess,
} from '../support/alertmanager.ts';
import { openUi, useBrowser, testInstance, testSettings, type Ui } from './support/ui.ts';

const chromium = useBrowser();

describe('timeline', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  let ui: Ui;
  let page: Page;
  let dir: string;

  const alertNames = () =>
    Object.values(ui.shell.core.snapshot().alerts).map((a) => a.labels.alertname);

  /** Leaves the Timeline and opens it again (it loads when opened). */
  async function reopen(): Promise<void> {
    await page.locator('button[data-view=alerts]').click();
    await page.locator('button[data-view=timeline]').click();
    await page.locator('section[aria-label="Since you last looked"] h2').waitFor();
  }

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'amtray-timeline-ui-'));
    am = await startAlertmanager();
    await postAlerts(am.url, [
      makeAlert({ alertname: 'TlDisk', severity: 'critical', host: 'db-1' }),
      makeAlert({ alertname: 'TlCpu', severity: 'warning', host: 'web-1' }),
    ]);
    ui = await openUi(chromium.browser, testSettings([testInstance('am1', am.url)]), {
      historyPath: join(dir, 'history.sqlite'),
    });
    page = ui.page;
    await waitFor(() => alertNames().includes('TlCpu'), { timeoutMs: 30_000 });
    // TlCpu resolves and fires again: two firings.
    await postAlerts(am.url, [
      makeAlert(
        { alertname: 'TlCpu', severity: 'warning', host: 'web-1' },
        { endsAt: new Date(Date.now() - 1000).toISOString() },
      ),
    ]);
    await waitFor(() => !alertNames().includes('TlCpu'), { timeoutMs: 30_000 });
    await postAlerts(am.url, [
      makeAlert({ alertname: 'TlCpu', severity: 'warning', host: 'web-1' }),
    ]);
    await waitFor(() => alertNames().includes('TlCpu'), { timeoutMs: 30_000 });
  });

  after(async () => {
    await ui?.close();
    await am?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('shows per-alert counts, groups with a heatmap, and every record', async () => {
    await page.locator('button[data-view=timeline]').click();
    await page.getByText('This is the first look').waitFor({ timeout: 15_000 });
    // The tables are behind a toggle: the events come first.
    await page.getByTestId('timeline-tables-toggle').click();
    const cpu = page.locator('tr.alert-row', { hasText: 'TlCpu' });
    await cpu.waitFor({ timeout: 15_000 });
    // Both were firing before the app looked: first sight is not a firing. TlCpu's re-fire is.
    assert.equal((await cpu.locator('.fired-24h').textContent())?.trim(), '1');
    const disk = page.locator('tr.alert-row', { hasText: 'TlDisk' });
    assert.equal((await disk.locator('.fired-24h').textContent())?.trim(), '0');
    assert.match((await cpu.textContent()) ?? '', /host=web-1/);
    const group = page.locator('tr.group-row', { hasText: 'TlCpu' });
    assert.equal(await group.locator('.heatmap .cell').count(), 24);
    assert.equal(await group.locator('.heatmap .cell:not(.empty)').count(), 1);
    const events = page.locator('section[aria-label=Events] li.record');
    // first-seen TlDisk, first-seen TlCpu, resolved TlCpu, fired TlCpu (plus notifications).
    const kinds = await events.evaluateAll((els) =>
      els.map((e) => `${e.getAttribute('data-kind')} ${e.querySelector('.subject')?.textContent}`),
    );
    assert.equal(kinds.filter((k) => k === 'fired TlCpu').length, 1, kinds.join('\n'));
    assert.equal(kinds.filter((k) => k === 'first-seen TlCpu').length, 1, kinds.join('\n'));
    assert.equal(kinds.filter((k) => k === 'first-seen TlDisk').length, 1, kinds.join('\n'));
    const seen = page.locator('section[aria-label=Events] li.record[data-kind=first-seen]', {
      hasText: 'TlDisk',
    });
    assert.match((await seen.textContent()) ?? '', /already firing when first seen/);
    assert.equal(kinds.filter((k) => k === 'resolved TlCpu').length, 1, kinds.join('\n'));
  });

  it('filters with matchers; a bad filter is explained and keeps the view', async () => {
    const filter = page.getByLabel('Filter the timeline');
    await filter.fill('alertname="TlDisk"');
    await filter.press('Enter');
    await waitFor(async () => (await page.locator('tr.alert-row').count()) === 1, {
      timeoutMs: 10_000,
    });
    assert.match((await page.locator('tr.alert-row').textContent()) ?? '', /TlDisk/);
    const subjects = await page
      .locator('section[aria-label=Events] li.record .subject')
      .allTextContents();
    assert.ok(subjects.length > 0 && subjects.every((s) => s === 'TlDisk'), subjects.join(','));

    await filter.fill('alertname=~"("');
    await filter.press('Enter');
    const error = page.locator('.timeline [role=alert]');
    await error.waitFor({ timeout: 10_000 });
    assert.match((await error.textContent()) ?? '', /missing closing \)/);
    assert.equal(await page.locator('tr.alert-row').count(), 1, 'what was shown stays');
    await filter.fill('');
    await filter.press('Enter');
    await waitFor(async () => (await page.locator('tr.alert-row').count()) === 2, {
      timeoutMs: 10_000,
    });
  });

  it('since you last looked: what fired after the window was left', async () => {
    // The window is left (hidden / closed): the look ends now.
    await page.evaluate('window.dispatchEvent(new Event("pagehide"))');
    // The mark is one WebSocket message; the next alert needs a POST and a 2 s poll.
    await new Promise((r) => setTimeout(r, 500));
    await postAlerts(am.url, [makeAlert({ alertname: 'TlMem', severity: 'critical' })]);
    await waitFor(() => alertNames().includes('TlMem'), { timeoutMs: 30_000 });
    await reopen();
    const since = page.locator('section[aria-label="Since you last looked"]');
    await since.locator('li.record[data-kind=fired]', { hasText: 'TlMem' }).waitFor({
      timeout: 10_000,
    });
    assert.match((await since.locator('.since-counts').textContent()) ?? '', /1\s*started firing/);
    assert.equal(
      await since.locator('li.record', { hasText: 'TlCpu' }).count(),
      0,
      'what happened before the look ended is not "since"',
    );
  });

  it("an alert's detail shows its own history", async () => {
    await page.locator('button[data-view=alerts]').click();
    await page.locator('[data-testid=alert-row]', { hasText: 'TlCpu' }).click();
    const history = page.locator('aside[aria-label=Details] section[aria-label=History]');
    await history.locator('.counts').waitFor({ timeout: 10_000 });
    assert.match(
      (await history.locator('.counts').textContent()) ?? '',
      /Started firing once in 24 hours, once in 7 days \(already firing when first seen\)/,
    );
    assert.equal(await history.locator('li.record[data-kind=resolved]').count(), 1);
    await page.locator('button[data-view=timeline]').click();
  });

  it('exports the range as CSV', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const path = join(dir, 'export.csv');
    await download.saveAs(path);
    const text = readFileSync(path, 'utf8');
    const lines = text.trim().split(/\r\n/);
    assert.match(lines[0] ?? '', /^time,kind,cluster,instance,alertname,severity,fingerprint/);
    assert.ok(
      lines.some((l) => /,fired,.*,TlMem,critical,/.test(l)),
      text,
    );
    assert.equal(lines.filter((l) => /,fired,.*,TlCpu,/.test(l)).length, 1, text);
    assert.equal(lines.filter((l) => /,first-seen,.*,TlCpu,/.test(l)).length, 1, text);
    assert.deepEqual(ui.problems, []);
  });
});
