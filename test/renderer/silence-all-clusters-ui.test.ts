// The silence form opened from an alert that fires on two separate Alertmanagers (two
// clusters, not one HA cluster) sends a silence to both: each is a ticked box (reached and
// ticked by keyboard), each previewed, and the form says where they went. It used to write to
// the row's Alertmanager only, and the alert kept paging from the other. A failure on one keeps
// the form as typed, names that Alertmanager and says what was created on the other; Create
// again sends to the failed one only. Real servers, browser shell, Chromium at 960×680.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import type { GettableAlert, GettableSilence } from '../../main/core/api/types.ts';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  startAlertmanager,
  waitFor,
  type AmProcess,
} from '../support/alertmanager.ts';
import { launchBrowser, openUi, testInstance, testSettings, type Ui } from './support/ui.ts';

async function silencesOn(am: AmProcess, comment: string): Promise<GettableSilence[]> {
  const res = await fetch(`${am.url}/api/v2/silences`);
  return ((await res.json()) as GettableSilence[]).filter(
    (s) => s.status.state === 'active' && s.comment === comment,
  );
}

async function stateOn(am: AmProcess, alertname: string): Promise<string | undefined> {
  const alerts = (await (await fetch(`${am.url}/api/v2/alerts`)).json()) as GettableAlert[];
  return alerts.find((a) => a.labels['alertname'] === alertname)?.status.state;
}

/** The silence's matchers name the alert: its name and instance, exactly. */
function matchesAlert(s: GettableSilence, alertname: string, instance: string): boolean {
  const has = (name: string, value: string) =>
    s.matchers.some((m) => m.name === name && m.value === value && !m.isRegex && m.isEqual);
  return has('alertname', alertname) && has('instance', instance);
}

describe('silence form: an alert on two Alertmanagers', { skip: amSkipReason() }, () => {
  let am1: AmProcess;
  let am2: AmProcess;
  let browser: Browser;
  let ui: Ui;
  let page: Page;

  const dialog = (): Locator => page.locator('[data-testid=silence-dialog]');
  const target = (name: string): Locator =>
    dialog().locator('[data-testid=silence-target]', { hasText: name });

  /** Esc dismisses the newest toast before anything else: toasts go first. */
  async function dismissToasts() {
    for (let i = 0; i < 20 && (await page.locator('[data-testid=toast]').count()) > 0; i++)
      await page.keyboard.press('Escape');
  }

  /** Opens the form with `s` on the first row of the alert (whichever Alertmanager's it is). */
  async function openFor(alertname: string) {
    await dismissToasts();
    await page.locator('[data-testid=alert-row]', { hasText: alertname }).first().click();
    await page.keyboard.press('s');
    await dialog().waitFor();
    await dialog().locator('[data-testid=silence-targets]').waitFor({ timeout: 20_000 });
  }

  before(async () => {
    [am1, am2] = await Promise.all([startAlertmanager(), startAlertmanager()]);
    const both = [
      makeAlert({ alertname: 'DiskFull', instance: 'db1', severity: 'warning' }),
      makeAlert({ alertname: 'NetDown', instance: 'sw1', severity: 'warning' }),
    ];
    await Promise.all([postAlerts(am1.url, both), postAlerts(am2.url, both)]);
    browser = await launchBrowser();
    ui = await openUi(
      browser,
      testSettings([testInstance('am1', am1.url), testInstance('am2', am2.url)]),
      { viewport: { width: 960, height: 680 } },
    );
    page = ui.page;
    // One group per Alertmanager for each alert.
    await waitFor(async () => (await page.locator('[data-testid=alert-row]').count()) === 4, {
      timeoutMs: 30_000,
    });
  });

  after(async () => {
    await ui?.close();
    await browser?.close();
    await Promise.all([am1?.stop(), am2?.stop()]);
  });

  it('sends one silence to each, both ticked and previewed, and says where', async () => {
    await openFor('DiskFull');
    // Both Alertmanagers, ticked, in place of the one-cluster choice.
    assert.equal(await dialog().locator('#silence-cluster').count(), 0);
    for (const name of ['am1', 'am2'])
      assert.equal(await target(name).locator('input[type=checkbox]').isChecked(), true, name);
    // One preview each: the alert is there on both.
    const parts = dialog().locator('[data-testid=preview-cluster]');
    await waitFor(async () => (await parts.locator('[data-testid=preview-count]').count()) === 2, {
      timeoutMs: 20_000,
    });
    for (const name of ['am1', 'am2'])
      assert.equal(
        await parts
          .filter({ hasText: `On ${name}` })
          .locator('[data-testid=preview-count]')
          .textContent(),
        '1',
      );
    const submit = dialog().locator('[data-testid=silence-submit]');
    assert.equal(await submit.textContent(), 'Create 2 silences');

    // At 960×680 the main path needs no scrolling: nothing of the form hides below the body.
    const body = dialog().locator('.body');
    assert.equal(
      await body.evaluate((b) => b.scrollHeight <= b.clientHeight + 1),
      true,
      'the form fits without scrolling',
    );
    for (const el of [target('am2'), dialog().locator('#silence-author'), submit]) {
      const box = await el.boundingBox();
      assert.ok(box && box.y >= 0 && box.y + box.height <= 680, 'in view');
    }

    // Keyboard: the boxes follow the author (they head the column beside the form): Tab, Tab
    // reaches am2's box; Space unticks and ticks it.
    await dialog().locator('#silence-author').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const am2Box = target('am2').locator('input[type=checkbox]');
    assert.equal(await am2Box.evaluate((e) => e === e.ownerDocument.activeElement), true);
    await page.keyboard.press('Space');
    assert.equal(await am2Box.isChecked(), false);
    assert.equal(await submit.textContent(), 'Create silence');
    // Left out where it fires: said, not only dropped from the preview.
    assert.equal(
      await dialog().getByTestId('silence-targets-left-out').textContent(),
      'Not on am2: it keeps paging there.',
    );
    await waitFor(async () => (await parts.count()) === 1);
    await page.keyboard.press('Space');
    assert.equal(await am2Box.isChecked(), true);
    assert.equal(await submit.textContent(), 'Create 2 silences');

    await dialog().locator('#silence-comment').fill('disk swap on both');
    await page.keyboard.press('Control+Enter');
    const success = dialog().locator('[data-testid=silence-success]');
    await success.waitFor({ timeout: 20_000 });
    assert.equal(await success.locator('[data-testid=silence-where]').textContent(), 'am1 and am2');
    assert.equal(await success.locator('[data-testid=silence-id]').count(), 2);

    // Each server holds exactly one such silence, for this alert, and now suppresses it.
    for (const am of [am1, am2]) {
      const mine = await silencesOn(am, 'disk swap on both');
      assert.equal(mine.length, 1, am.url);
      assert.ok(matchesAlert(mine[0]!, 'DiskFull', 'db1'), JSON.stringify(mine[0]!.matchers));
      await waitFor(async () => (await stateOn(am, 'DiskFull')) === 'suppressed', {
        timeoutMs: 20_000,
      });
    }

    // The toast says it too, once the dialog is gone.
    await dialog().locator('[data-testid=silence-done]').click();
    await dialog().waitFor({ state: 'detached' });
    const toast = page.locator('[data-testid=toast]', { hasText: '2 silences created' });
    await toast.waitFor();
    assert.match((await toast.textContent()) ?? '', /on am1 and am2/);
    assert.deepEqual(ui.problems, []);
  });

  it('at 480 px the choice fits the window and is still operated by keyboard', async () => {
    await page.setViewportSize({ width: 480, height: 680 });
    try {
      await openFor('DiskFull');
      const box = await dialog().boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 480, 'dialog within the window');
      assert.equal(
        await dialog().evaluate((d) => d.scrollWidth <= d.clientWidth),
        true,
        'no sideways scroll',
      );
      const am2Box = target('am2').locator('input[type=checkbox]');
      await am2Box.scrollIntoViewIfNeeded();
      for (const name of ['am1', 'am2']) {
        const b = await target(name).boundingBox();
        assert.ok(b && b.x >= 0 && b.x + b.width <= 480, `${name} within the window`);
      }
      await am2Box.focus();
      await page.keyboard.press('Space');
      assert.equal(await am2Box.isChecked(), false);
      assert.equal(
        await dialog().locator('[data-testid=silence-submit]').textContent(),
        'Create silence',
      );
      await page.keyboard.press('Escape');
      await dialog().waitFor({ state: 'detached' });
    } finally {
      await page.setViewportSize({ width: 960, height: 680 });
    }
  });

  it("from a group row too: the group's alerts fire on both, so both are ticked", async () => {
    await dismissToasts();
    await page.locator('[data-testid=group-row]', { hasText: 'NetDown' }).first().click();
    await page.keyboard.press('s');
    await dialog().waitFor();
    await dialog().locator('[data-testid=silence-targets]').waitFor({ timeout: 20_000 });
    for (const name of ['am1', 'am2'])
      assert.equal(await target(name).locator('input[type=checkbox]').isChecked(), true, name);
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
  });

  it('one Alertmanager down: the form stays as typed, names it, and says what the other has', async () => {
    await openFor('NetDown');
    await dialog().locator('#silence-comment').fill('switch replacement');
    await waitFor(
      async () =>
        (await dialog()
          .locator('[data-testid=preview-cluster] [data-testid=preview-count]')
          .count()) === 2,
      { timeoutMs: 20_000 },
    );
    // am2 goes away after the form was opened (its alerts are still in the view).
    await am2.kill();
    await dialog().locator('[data-testid=silence-submit]').click();
    const error = dialog().locator('[data-testid=silence-error]');
    await error.waitFor({ timeout: 30_000 });
    assert.match((await error.textContent()) ?? '', /Not created on am2: /);
    // Said where it is seen: the form's body scrolled to both notes.
    const bodyBox = (await dialog().locator('.body').boundingBox())!;
    const partial = dialog().locator('[data-testid=silence-partial]');
    for (const note of [error, partial])
      await waitFor(async () => {
        const e = await note.boundingBox();
        return !!e && e.y >= bodyBox.y && e.y + e.height <= bodyBox.y + bodyBox.height + 1;
      });
    assert.doesNotMatch((await error.textContent()) ?? '', /am1/);
    assert.match((await partial.textContent()) ?? '', /Created on am1 \(id [^)]+\)/);
    assert.match((await partial.textContent()) ?? '', /Create again sends it to am2 only/);
    // Nothing typed is lost, and the form says per Alertmanager what happened.
    assert.equal(await dialog().locator('[data-testid=silence-success]').count(), 0);
    assert.equal(await dialog().locator('#silence-comment').inputValue(), 'switch replacement');
    assert.equal(
      await target('am1').locator('[data-testid=silence-target-state]').textContent(),
      'created',
    );
    assert.equal(
      await target('am2').locator('[data-testid=silence-target-state]').textContent(),
      'failed',
    );
    assert.equal(await target('am1').locator('input').isDisabled(), true);
    assert.equal(
      await dialog().locator('[data-testid=silence-submit]').textContent(),
      'Create silence',
    );
    const mine1 = await silencesOn(am1, 'switch replacement');
    assert.equal(mine1.length, 1);
    assert.ok(matchesAlert(mine1[0]!, 'NetDown', 'sw1'));

    // am2 is back: Create again writes there only; am1 keeps its one silence.
    await am2.start();
    await dialog().locator('[data-testid=silence-submit]').click();
    const success = dialog().locator('[data-testid=silence-success]');
    await success.waitFor({ timeout: 30_000 });
    assert.equal(await success.locator('[data-testid=silence-where]').textContent(), 'am1 and am2');
    assert.equal((await silencesOn(am1, 'switch replacement')).length, 1, 'not written twice');
    const mine2 = await silencesOn(am2, 'switch replacement');
    assert.equal(mine2.length, 1);
    assert.ok(matchesAlert(mine2[0]!, 'NetDown', 'sw1'));
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
  });

  it('closed after a partial failure, a toast says what was created where', async () => {
    await postAlerts(am1.url, [
      makeAlert({ alertname: 'Fan', instance: 'f1', severity: 'warning' }),
    ]);
    await postAlerts(am2.url, [
      makeAlert({ alertname: 'Fan', instance: 'f1', severity: 'warning' }),
    ]);
    await waitFor(
      async () => (await page.locator('[data-testid=alert-row]', { hasText: 'Fan' }).count()) === 2,
      {
        timeoutMs: 30_000,
      },
    );
    await openFor('Fan');
    await dialog().locator('#silence-comment').fill('fan swap');
    await am2.kill();
    await dialog().locator('[data-testid=silence-submit]').click();
    await dialog().locator('[data-testid=silence-error]').waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    const toast = page.locator('[data-testid=toast]', { hasText: 'Silence created on am1 only' });
    await toast.waitFor();
    assert.match((await toast.textContent()) ?? '', /Not created on am2/);
    assert.equal((await silencesOn(am1, 'fan swap')).length, 1);
    await am2.start();
    assert.deepEqual(ui.problems, []);
  });
});
