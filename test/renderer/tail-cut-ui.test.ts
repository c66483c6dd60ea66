// Long names cut short of room keep the end that tells them apart (lib/format/tail-cut.ts):
// replicas of one workload in a row's "where" chips, and Alertmanagers named alike in the
// "also on" badge. At 960×680 with the detail pane open and at 480 px, the end of each is drawn
// inside its chip or badge. Real Alertmanagers, browser shell, Chromium.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  startAlertmanager,
  waitFor,
  type AmProcess,
} from '../support/alertmanager.ts';
import { launchBrowser, openUi, testInstance, testSettings, type Ui } from './support/ui.ts';

const REPLICAS = ['x2k4p', 'q8r7z', 'm3n9w'];
const NAMES = ['alertmanager-prod-eu-west-1', 'alertmanager-prod-eu-west-2'];

/** The drawn part of each `.cut-tail` under `scope`: its text, and whether its box is inside. */
function tailsShown(scope: Locator, box: string) {
  return scope.evaluateAll(
    (els, sel) =>
      els.map((el) => {
        const t = el.querySelector('.cut-tail');
        const outer = el.closest(sel) ?? el;
        if (!t) return { text: '', inside: false, cut: false };
        const b = t.getBoundingClientRect();
        const o = outer.getBoundingClientRect();
        const head = el.querySelector('.cut-head')!;
        return {
          text: t.textContent ?? '',
          inside: b.width > 0 && b.left >= o.left - 0.5 && b.right <= o.right + 0.5,
          cut: head.scrollWidth > head.clientWidth + 1,
        };
      }),
    box,
  );
}

describe('cut names keep the end that tells them apart', { skip: amSkipReason() }, () => {
  let am1: AmProcess;
  let am2: AmProcess;
  let browser: Browser;
  let ui: Ui;
  let page: Page;

  before(async () => {
    [am1, am2] = await Promise.all([startAlertmanager(), startAlertmanager()]);
    const replicas = REPLICAS.map((r) =>
      makeAlert(
        {
          alertname: 'ContainerOOMKilled',
          severity: 'critical',
          namespace: 'shop',
          // A priority label ("where"): its chips shrink to fit the row.
          instance: `checkout-api-7d9f8c6b5-${r}`,
        },
        { annotations: { summary: 'The container was killed for using too much memory' } },
      ),
    );
    const both = makeAlert({ alertname: 'DiskFull', severity: 'warning', instance: 'db1' });
    await Promise.all([postAlerts(am1.url, [...replicas, both]), postAlerts(am2.url, [both])]);
    browser = await launchBrowser();
    ui = await openUi(
      browser,
      testSettings([testInstance(NAMES[0]!, am1.url), testInstance(NAMES[1]!, am2.url)]),
      { viewport: { width: 960, height: 680 } },
    );
    page = ui.page;
    await waitFor(async () => (await page.locator('[data-testid=alert-row]').count()) === 5, {
      timeoutMs: 30_000,
    });
  });

  after(async () => {
    await ui?.close();
    await browser?.close();
    await Promise.all([am1?.stop(), am2?.stop()]);
  });

  const replicaChips = () =>
    page
      .locator('[data-testid=alert-row]', { hasText: 'checkout-api' })
      .locator('.chip[data-label=instance] .cut');
  const alsoOn = () =>
    page.locator('[data-testid=alert-row]', { hasText: 'DiskFull' }).locator('.also-on .cut');

  async function expectEnds(where: string): Promise<void> {
    const chips = await tailsShown(replicaChips(), '.chip');
    assert.equal(chips.length, REPLICAS.length, `${where}: a replica chip per row`);
    assert.deepEqual(
      chips.map((c) => c.text).sort(),
      REPLICAS.map((r) => `-${r}`).sort(),
      `${where}: each chip keeps its replica's end`,
    );
    for (const c of chips) assert.ok(c.inside, `${where}: ${c.text} is drawn inside its chip`);
    const badges = await tailsShown(alsoOn(), '.badge');
    assert.deepEqual(
      badges.map((b) => b.text).sort(),
      ['west-1', 'west-2'].map((x) => `-${x}`),
    );
    for (const b of badges) assert.ok(b.inside, `${where}: ${b.text} is drawn inside its badge`);
  }

  it('at 960 with the detail pane open', async () => {
    await page
      .locator('[data-testid=alert-row]', { hasText: 'checkout-api' })
      .first()
      .locator('.age')
      .click();
    await page.getByTestId('detail-pane').waitFor();
    await expectEnds('960 + pane');
  });

  it('at 480 px, where the names are cut', async () => {
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 480, height: 680 });
    try {
      await expectEnds('480');
      // The group headers: what fires keeps ~11em; the Alertmanager's name gives way first,
      // keeping its end.
      const headers = page.locator('[data-testid=group-row]');
      for (const h of await headers.all()) {
        const gname = await h
          .locator('.gname')
          .evaluate((e) => ({ shown: e.clientWidth, whole: e.scrollWidth }));
        assert.ok(
          gname.shown >= Math.min(gname.whole, 110),
          `name at 480: ${JSON.stringify(gname)}`,
        );
        const over = await h.evaluate((r) => r.scrollWidth - r.clientWidth);
        assert.ok(over <= 0, `${over} px past the header`);
      }
      const wheres = await tailsShown(headers.locator('[data-testid=group-where] .cut'), '.badge');
      assert.equal(wheres.length, 3, 'each header names its Alertmanager by its end');
      for (const w of wheres) assert.ok(w.inside && /^-west-[12]$/.test(w.text), JSON.stringify(w));
      // Cut for real there: the ellipsis went before the end, not after it.
      const cut = [
        ...(await tailsShown(replicaChips(), '.chip')),
        ...(await tailsShown(alsoOn(), '.badge')),
      ].filter((c) => c.cut);
      assert.ok(cut.length >= 1, 'at least one name is cut at 480 px');
    } finally {
      await page.setViewportSize({ width: 960, height: 680 });
    }
  });

  it('the whole text reads as one (copy, find, screen readers)', async () => {
    const text = await replicaChips().first().textContent();
    assert.match(text ?? '', /^checkout-api-7d9f8c6b5-[a-z0-9]{5}$/);
  });
});
