// Multi-select in the alert list against two real Alertmanagers (two clusters): `x`,
// Ctrl-click and Shift-click select groups and alerts, the selection survives polls, Silence…
// previews one silence per cluster and creates exactly that on each server (the selected
// alerts, and only they, become suppressed; a regex metacharacter in a name is escaped), a
// union that would also hit unselected alerts says so and needs a tick, and Acknowledge acks
// each selected group. At 960×680 (screenshots) and 480 px wide.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import type { GettableAlert, GettableSilence } from '../../main/core/api/types.ts';
import {
  amSkipReason,
  DEFAULT_CONFIG,
  makeAlert,
  postAlerts,
  startAlertmanager,
  waitFor,
  type AmProcess,
} from '../support/alertmanager.ts';
import { launchBrowser, openUi, testInstance, testSettings, type Ui } from './support/ui.ts';

const warn = (alertname: string, instance: string) =>
  makeAlert({ alertname, instance, severity: 'warning' });

async function silencesOn(am: AmProcess): Promise<GettableSilence[]> {
  const res = await fetch(`${am.url}/api/v2/silences`);
  return ((await res.json()) as GettableSilence[]).filter((s) => s.status.state === 'active');
}

async function alertsOn(am: AmProcess): Promise<GettableAlert[]> {
  return (await (await fetch(`${am.url}/api/v2/alerts`)).json()) as GettableAlert[];
}

/** `name/instance` -> state, as the server says. */
async function statesOn(am: AmProcess): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const a of await alertsOn(am))
    out[`${a.labels['alertname']}/${a.labels['instance']}`] = a.status.state;
  return out;
}

describe('multi-select: silence and acknowledge a selection', { skip: amSkipReason() }, () => {
  let am1: AmProcess;
  let am2: AmProcess;
  let browser: Browser;
  let ui: Ui;
  let page: Page;

  /** The group row of `name` on instance `where` (its cluster badge). */
  const group = (name: string, where: string): Locator =>
    page
      .locator('[data-testid=group-row]')
      .filter({
        has: page.locator('.gname', { hasText: new RegExp(`^${name.replace('.', '\\.')}$`) }),
      })
      .filter({
        has: page.locator('[data-testid=group-where]', { hasText: new RegExp(`^${where}$`) }),
      });
  /** Esc dismisses the newest toast before anything else: toasts go first. */
  async function dismissToasts() {
    for (let i = 0; i < 20 && (await page.locator('[data-testid=toast]').count()) > 0; i++)
      await page.keyboard.press('Escape');
  }
  const bar = () => page.locator('[data-testid=selection-bar]');
  const picked = () => page.locator('[data-testid=row-picked]');

  before(async () => {
    [am1, am2] = await Promise.all([
      startAlertmanager(),
      // On am2, team b's route groups by team: such a group has no alertname to share.
      startAlertmanager({
        config: DEFAULT_CONFIG.replace(
          `matchers: ['team="b"']`,
          `matchers: ['team="b"']\n      group_by: [team]`,
        ),
      }),
    ]);
    await postAlerts(am1.url, [
      warn('Disk.Full', 'a'),
      warn('Disk.Full', 'b'),
      warn('CpuHigh', 'a'),
      // Would be silenced too if the `.` in Disk.Full were not escaped.
      warn('DiskXFull', 'a'),
      warn('MemLow', 'c'),
      warn('MemLow', 'a'),
    ]);
    await postAlerts(am2.url, [warn('NetDown', 'x'), warn('Disk.Full', 'y')]);
    browser = await launchBrowser();
    ui = await openUi(
      browser,
      testSettings([testInstance('am1', am1.url), testInstance('am2', am2.url)]),
      { viewport: { width: 960, height: 680 } },
    );
    page = ui.page;
    await waitFor(async () => (await page.locator('[data-testid=group-row]').count()) === 6, {
      timeoutMs: 30_000,
    });
    await dismissToasts();
  });

  after(async () => {
    await ui?.close();
    await browser?.close();
    await Promise.all([am1?.stop(), am2?.stop()]);
  });

  it('x, Ctrl-click: three groups on two clusters, kept across polls, one silence per cluster', async () => {
    // `x` toggles the cursor row; Ctrl-click toggles the clicked one.
    await group('Disk.Full', 'am1').locator('.counts').click();
    await page.keyboard.press('x');
    await group('CpuHigh', 'am1')
      .locator('.counts')
      .click({ modifiers: ['Control'] });
    await group('NetDown', 'am2')
      .locator('.counts')
      .click({ modifiers: ['Control'] });
    await bar().waitFor();
    assert.equal(await page.locator('[data-testid=selection-count]').textContent(), '3');
    assert.match((await bar().textContent()) ?? '', /3 groups on 2 Alertmanagers/);
    // Marked by a ticked box with words, not by colour alone.
    for (const [n, w] of [
      ['Disk.Full', 'am1'],
      ['CpuHigh', 'am1'],
      ['NetDown', 'am2'],
    ] as const)
      assert.equal(await group(n, w).locator('[data-testid=row-picked]').count(), 1, n);
    assert.equal(await picked().count(), 3);
    await page.screenshot({ path: '/tmp/multi-select.png' });

    // A poll brings a new group (rows move): the same three stay selected.
    await postAlerts(am1.url, [warn('Fresh', 'z')]);
    await waitFor(async () => (await page.locator('[data-testid=group-row]').count()) === 7, {
      timeoutMs: 20_000,
    });
    await new Promise((r) => setTimeout(r, 2500));
    assert.equal(await page.locator('[data-testid=selection-count]').textContent(), '3');
    assert.equal(await group('Fresh', 'am1').locator('[data-testid=row-picked]').count(), 0);
    assert.equal(await group('NetDown', 'am2').locator('[data-testid=row-picked]').count(), 1);

    // `s` silences the selection: the preview, one silence per cluster.
    await page.keyboard.press('s');
    const dialog = page.locator('[data-testid=selection-silence-dialog]');
    await dialog.waitFor();
    const plans = dialog.locator('[data-testid=plan-cluster]');
    await waitFor(async () => (await plans.count()) === 2, { timeoutMs: 20_000 });
    const p1 = plans.filter({ hasText: 'am1' });
    const p2 = plans.filter({ hasText: 'am2' });
    assert.equal(
      (await p1.locator('[data-testid=plan-matchers]').textContent())?.trim(),
      'alertname=~"CpuHigh|Disk\\.Full"',
    );
    assert.equal(
      (await p2.locator('[data-testid=plan-matchers]').textContent())?.trim(),
      'alertname="NetDown"',
    );
    assert.match(
      (await p1.locator('[data-testid=plan-exact]').textContent()) ?? '',
      /exactly the 3 selected alerts/,
    );
    assert.match(
      (await p2.locator('[data-testid=plan-exact]').textContent()) ?? '',
      /exactly the 1 selected alert/,
    );
    assert.equal(await dialog.locator('[data-testid=plan-outside-alert]').count(), 0);
    // Focus is in the comment: what is left to say is why.
    assert.equal(await page.locator(':focus').getAttribute('id'), 'selection-comment');
    await page.keyboard.type('disk and cpu work');
    await dialog.locator('[data-testid=selection-duration]').fill('2h');
    await page.screenshot({ path: '/tmp/multi-preview.png' });
    const before1 = (await silencesOn(am1)).length;
    const before2 = (await silencesOn(am2)).length;
    await dialog.locator('[data-testid=selection-submit]').click();
    await waitFor(async () => (await dialog.locator('[data-testid=plan-created]').count()) === 2, {
      timeoutMs: 20_000,
    });

    // Exactly one new silence on each server, with exactly these matchers, 7,200 s long.
    const s1 = await silencesOn(am1);
    const s2 = await silencesOn(am2);
    assert.equal(s1.length, before1 + 1);
    assert.equal(s2.length, before2 + 1);
    const mine1 = s1.filter((s) => s.comment === 'disk and cpu work');
    const mine2 = s2.filter((s) => s.comment === 'disk and cpu work');
    assert.equal(mine1.length, 1);
    assert.equal(mine2.length, 1);
    assert.deepEqual(mine1[0]!.matchers, [
      { name: 'alertname', value: 'CpuHigh|Disk\\.Full', isRegex: true, isEqual: true },
    ]);
    assert.deepEqual(mine2[0]!.matchers, [
      { name: 'alertname', value: 'NetDown', isRegex: false, isEqual: true },
    ]);
    for (const s of [mine1[0]!, mine2[0]!])
      // The server moves a start in the past to its own now: a few ms after ours at most.
      assert.equal(Math.round((Date.parse(s.endsAt) - Date.parse(s.startsAt)) / 1000), 7200);

    // The servers suppress the selected alerts and nothing else.
    await waitFor(async () => (await statesOn(am1))['CpuHigh/a'] === 'suppressed');
    assert.deepEqual(await statesOn(am1), {
      'Disk.Full/a': 'suppressed',
      'Disk.Full/b': 'suppressed',
      'CpuHigh/a': 'suppressed',
      'DiskXFull/a': 'active',
      'MemLow/c': 'active',
      'MemLow/a': 'active',
      'Fresh/z': 'active',
    });
    await waitFor(async () => (await statesOn(am2))['NetDown/x'] === 'suppressed');
    assert.deepEqual(await statesOn(am2), {
      'NetDown/x': 'suppressed',
      'Disk.Full/y': 'active',
    });

    // Done closes; the silenced selection is not offered again.
    assert.equal(await page.locator(':focus').getAttribute('data-testid'), 'selection-done');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await bar().waitFor({ state: 'detached' });
    assert.equal(await picked().count(), 0);
  });

  it('a union that would also silence unselected alerts says which, and needs a tick', async () => {
    const fps: Record<string, string> = {};
    for (const a of await alertsOn(am1))
      fps[`${a.labels['alertname']}/${a.labels['instance']}`] = a.fingerprint;
    const row = (k: string) =>
      page.locator(`[data-testid=alert-row][data-fingerprint="${fps[k]}"]`);
    // MemLow on c and DiskXFull on a: the union also matches MemLow on a.
    await row('MemLow/c')
      .locator('.age')
      .click({ modifiers: ['Control'] });
    await row('DiskXFull/a')
      .locator('.age')
      .click({ modifiers: ['Control'] });
    assert.equal(await page.locator('[data-testid=selection-count]').textContent(), '2');
    await page.locator('[data-testid=selection-silence]').click();
    const dialog = page.locator('[data-testid=selection-silence-dialog]');
    const outside = dialog.locator('[data-testid=plan-outside]');
    await outside.waitFor({ timeout: 20_000 });
    assert.match((await outside.textContent()) ?? '', /Also matches 1 alert outside the selection/);
    const hit = dialog.locator('[data-testid=plan-outside-alert]');
    assert.equal(await hit.count(), 1);
    assert.match((await hit.textContent()) ?? '', /NOT selected\s*MemLow.*instance=a/);
    assert.equal(await dialog.locator('[data-testid=plan-exact]').count(), 0);
    const count = (await silencesOn(am1)).length;
    await dialog.locator('#selection-comment').fill('should not be created');
    await dialog.locator('[data-testid=selection-submit]').click();
    // Not created: the tick is asked for, and focused.
    const tick = dialog.locator('[data-testid=selection-accept-outside]');
    await waitFor(async () => (await tick.getAttribute('aria-invalid')) === 'true');
    assert.equal(
      await page.locator(':focus').getAttribute('data-testid'),
      'selection-accept-outside',
    );
    assert.equal((await silencesOn(am1)).length, count);
    await page.screenshot({ path: '/tmp/multi-outside.png' });
    // Esc closes the dialog (nothing created): the selection stays; Esc again clears it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await page.locator('[data-testid=selection-count]').textContent(), '2');
    await dismissToasts();
    await page.keyboard.press('Escape');
    await bar().waitFor({ state: 'detached' });
  });

  it('Shift-click selects a range of groups; Acknowledge acks each, at 480 px', async () => {
    await page.setViewportSize({ width: 480, height: 680 });
    const rows = page.locator('[data-testid=group-row]');
    // From the first group to the third: the three groups (their alerts are covered by them).
    await rows.nth(0).locator('.counts').click();
    await rows
      .nth(2)
      .locator('.counts')
      .click({ modifiers: ['Shift'] });
    assert.equal(await page.locator('[data-testid=selection-count]').textContent(), '3');
    assert.match((await bar().textContent()) ?? '', /\(3 groups/);
    const names: string[] = [];
    const where: string[] = [];
    for (let i = 0; i < 3; i++) {
      names.push(((await rows.nth(i).locator('.gname').textContent()) ?? '').trim());
      where.push(
        ((await rows.nth(i).locator('[data-testid=group-where]').textContent()) ?? '').trim(),
      );
      assert.equal(await rows.nth(i).locator('[data-testid=row-picked]').count(), 1);
    }
    // Every action of the bar is on screen at 480 px.
    for (const id of ['selection-silence', 'selection-ack', 'selection-clear']) {
      const box = await page.locator(`[data-testid=${id}]`).boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 480, id);
    }
    await page.screenshot({ path: '/tmp/multi-select-480.png' });
    // The preview fits 480 px: nothing sticks out sideways.
    await page.locator('[data-testid=selection-silence]').click();
    const dialog = page.locator('[data-testid=selection-silence-dialog]');
    await dialog.locator('[data-testid=plan-cluster]').first().waitFor({ timeout: 20_000 });
    const box = await dialog.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 480, 'dialog within the window');
    assert.equal(
      await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth),
      true,
      'no sideways scroll',
    );
    await page.screenshot({ path: '/tmp/multi-preview-480.png' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.locator('[data-testid=selection-ack]').click();
    await bar().waitFor({ state: 'detached', timeout: 20_000 });
    // One ack (an `ACK!` silence) per selected group, on that group's server, for its name.
    for (let i = 0; i < 3; i++) {
      const am = where[i] === 'am1' ? am1 : am2;
      await waitFor(async () =>
        (await silencesOn(am)).some(
          (s) =>
            s.comment.startsWith('ACK!') &&
            s.matchers.length === 1 &&
            s.matchers[0]!.name === 'alertname' &&
            s.matchers[0]!.value === names[i],
        ),
      );
    }
  });

  it('groups that share no label cannot share a silence: said, and nothing is created', async () => {
    await page.setViewportSize({ width: 960, height: 680 });
    await postAlerts(am2.url, [
      makeAlert({ alertname: 'Queue', team: 'b', instance: 'q', severity: 'warning' }),
    ]);
    const byTeam = page
      .locator('[data-testid=group-row]', { hasText: /team\s*=\s*b/ })
      .filter({ has: page.locator('[data-testid=group-where]', { hasText: /^am2$/ }) });
    await byTeam.waitFor({ timeout: 20_000 });
    await dismissToasts();
    await byTeam.locator('.counts').click({ modifiers: ['Control'] });
    await group('NetDown', 'am2')
      .locator('.counts')
      .click({ modifiers: ['Control'] });
    await group('MemLow', 'am1')
      .locator('.counts')
      .click({ modifiers: ['Control'] });
    assert.equal(await page.locator('[data-testid=selection-count]').textContent(), '3');
    await page.keyboard.press('s');
    const dialog = page.locator('[data-testid=selection-silence-dialog]');
    const problem = dialog.locator('[data-testid=plan-problem]');
    await problem.waitFor({ timeout: 20_000 });
    const text = (await problem.textContent()) ?? '';
    assert.match(text, /No label is set on every selected item/);
    assert.match(text, /"NetDown" \(alertname\)/);
    assert.match(text, /"b" \(team\)/);
    // The other cluster's silence is still shown; nothing can be created until it is resolved.
    const am1Plan = dialog.locator('[data-testid=plan-cluster]', { hasText: 'am1' });
    assert.match(
      (await am1Plan.locator('[data-testid=plan-matchers]').textContent()) ?? '',
      /alertname="MemLow"/,
    );
    assert.equal(await dialog.locator('[data-testid=selection-submit]').isDisabled(), true);
    await page.screenshot({ path: '/tmp/multi-problem.png' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.locator('[data-testid=selection-clear]').click();
    await bar().waitFor({ state: 'detached' });
    assert.deepEqual(ui.problems, []);
  });

  it('Shift+↓ and J select while moving; Esc clears', async () => {
    await page.locator('.list-tools button', { hasText: 'Collapse all' }).click();
    const rows = page.locator('[data-testid=group-row]');
    await rows.nth(0).locator('.counts').click();
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('J');
    assert.equal(await page.locator('[data-testid=selection-count]').textContent(), '3');
    for (let i = 0; i < 3; i++)
      assert.equal(await rows.nth(i).locator('[data-testid=row-picked]').count(), 1, `row ${i}`);
    assert.equal(await rows.nth(3).locator('[data-testid=row-picked]').count(), 0);
    await dismissToasts();
    await page.keyboard.press('Escape');
    await bar().waitFor({ state: 'detached' });
    await page.locator('.list-tools button', { hasText: 'Expand all' }).click();
  });
});
