// The same alert on two separate Alertmanagers (two clusters, not one HA cluster) is listed in
// a group under each; each row says it is also on the other, and how it stands there when that
// differs ("silenced on am2" in warning colour, the per-Alertmanager states in its title). An
// alert on one Alertmanager says nothing. At 480 px the badge keeps the name, not the words.
// Real servers, browser shell, Chromium at 960×680.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  startAlertmanager,
  waitFor,
  type AmProcess,
} from '../support/alertmanager.ts';
import { launchBrowser, openUi, testInstance, testSettings, type Ui } from './support/ui.ts';

describe('an alert on two Alertmanagers says so on its rows', { skip: amSkipReason() }, () => {
  let am1: AmProcess;
  let am2: AmProcess;
  let browser: Browser;
  let ui: Ui;
  let page: Page;

  before(async () => {
    [am1, am2] = await Promise.all([startAlertmanager(), startAlertmanager()]);
    const both = makeAlert({ alertname: 'DiskFull', instance: 'db1', severity: 'warning' });
    await Promise.all([
      postAlerts(am1.url, [both, makeAlert({ alertname: 'OnlyHere', severity: 'warning' })]),
      postAlerts(am2.url, [both]),
    ]);
    browser = await launchBrowser();
    ui = await openUi(
      browser,
      testSettings([testInstance('am1', am1.url), testInstance('am2', am2.url)]),
      { viewport: { width: 960, height: 680 } },
    );
    page = ui.page;
    await waitFor(async () => (await page.locator('[data-testid=alert-row]').count()) === 3, {
      timeoutMs: 30_000,
    });
  });

  after(async () => {
    await ui?.close();
    await browser?.close();
    await Promise.all([am1?.stop(), am2?.stop()]);
  });

  it('each row names the other Alertmanager; a one-place alert names none', async () => {
    const badges = page
      .locator('[data-testid=alert-row]', { hasText: 'DiskFull' })
      .locator('[data-testid=alert-also-on]');
    const shown = async () =>
      (await badges.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ')).sort();
    assert.deepEqual(await shown(), ['also on am1', 'also on am2']);
    // Never cut, also beside the detail pane (the row is narrower: "+am2").
    const whole = async () =>
      (await badges.evaluateAll((els) => els.map((e) => e.scrollWidth <= e.clientWidth))).every(
        Boolean,
      );
    assert.equal(await whole(), true, 'whole at 960');
    await page.locator('[data-testid=alert-row]', { hasText: 'DiskFull' }).first().click();
    await page.getByTestId('detail-pane').waitFor();
    assert.deepEqual(await shown(), ['+am1', '+am2']);
    assert.equal(await whole(), true, 'whole beside the detail pane');
    await page.keyboard.press('Escape');
    await page.getByTestId('detail-pane').waitFor({ state: 'detached' });
    assert.equal(
      await page
        .locator('[data-testid=alert-row]', { hasText: 'OnlyHere' })
        .locator('[data-testid=alert-also-on]')
        .count(),
      0,
    );
    const title = await badges.filter({ hasText: 'am2' }).getAttribute('title');
    assert.match(title ?? '', /also on am2 \(firing\)/);
  });

  it('silenced on one, firing on the other: the firing row says where it is silenced', async () => {
    await fetch(`${am2.url}/api/v2/silences`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        matchers: [{ name: 'alertname', value: 'DiskFull', isRegex: false, isEqual: true }],
        startsAt: new Date().toISOString(),
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
        createdBy: 'colleague',
        comment: 'on am2 only',
      }),
    });
    const badge = page
      .locator('[data-testid=alert-row]', { hasText: 'DiskFull' })
      .locator('[data-testid=alert-also-on]', { hasText: 'am2' });
    await waitFor(async () => (await badge.textContent())?.trim() === 'silenced on am2', {
      timeoutMs: 20_000,
      message: 'the badge says am2 silenced it',
    });
    assert.equal(await badge.evaluate((e) => e.classList.contains('warn')), true);
    assert.match((await badge.getAttribute('title')) ?? '', /am2 \(silenced\)/);
    // Under am2's group it stands as am2 has it: silenced there, its header counts it so; the
    // row says where it still fires.
    const am2Group = page
      .locator('[data-testid=group-row]', { hasText: 'DiskFull' })
      .filter({ has: page.locator('[data-testid=group-where]', { hasText: 'am2' }) });
    assert.equal((await am2Group.getByTestId('group-counts').innerText()).trim(), '1 silenced');
    const am1Group = page
      .locator('[data-testid=group-row]', { hasText: 'DiskFull' })
      .filter({ has: page.locator('[data-testid=group-where]', { hasText: 'am1' }) });
    assert.equal((await am1Group.getByTestId('group-counts').innerText()).trim(), '1 firing');
    const am2Row = page
      .locator('[data-testid=alert-row]', { hasText: 'DiskFull' })
      .filter({ has: page.locator('[data-testid=alert-also-on]', { hasText: 'am1' }) });
    assert.equal(await am2Row.getByTestId('alert-state').textContent(), 'silenced by colleague');
    assert.equal(
      (await am2Row.getByTestId('alert-also-on').textContent())?.trim(),
      'firing on am1',
    );
  });

  it('at 480 px the badge keeps the name inside the row', async () => {
    await page.setViewportSize({ width: 480, height: 680 });
    const rows = page.locator('[data-testid=alert-row]', { hasText: 'DiskFull' });
    await waitFor(async () => (await rows.count()) >= 1);
    let seen = 0;
    for (const row of await rows.all()) {
      const badge = row.locator('[data-testid=alert-also-on]');
      if ((await badge.count()) === 0) continue;
      seen++;
      assert.doesNotMatch((await badge.innerText()) ?? '', /also on/);
      assert.equal(
        await badge.evaluate((e) => e.scrollWidth <= e.clientWidth),
        true,
        `not cut: ${await badge.evaluate((e) => [e.scrollWidth, e.clientWidth, e.textContent].join(' '))}`,
      );
      const [r, b] = [await row.boundingBox(), await badge.boundingBox()];
      assert.ok(r && b && b.x + b.width <= r.x + r.width + 0.5, 'inside the row');
    }
    assert.ok(seen >= 1, 'a DiskFull row at 480 px has its badge');
    await page.setViewportSize({ width: 960, height: 680 });
  });
});
