// Whose ack it is, in the window, on a real Alertmanager: an ack this install wrote shows
// "acknowledged by you" on its group row and alert row with Un-ack, which ends it; a silence
// posted by someone else with this install's very tag (a forged or a colleague's ack) shows
// "acknowledged by mallory" and offers nothing. Real core, browser shell, headless Chromium.
import assert from 'node:assert/strict';
import { hostname } from 'node:os';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ackComment, ownerTag } from '../../main/core/silences/ack.ts';
import { amSkipReason, makeAlert } from '../support/alertmanager.ts';
import { waitFor } from '../support/wait.ts';
import { useAlertmanagerUi } from './support/ui.ts';

describe('whose ack it is, in the window', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [
      makeAlert({ alertname: 'UiMine', severity: 'critical', instance: 'db-1' }),
      makeAlert({ alertname: 'UiTheirs', severity: 'critical', instance: 'db-2' }),
    ],
    viewport: { width: 1200, height: 700 },
  });
  let page: Page;
  before(() => ({ page } = t));

  const groupRow = (name: string) => page.locator('[data-testid=group-row]', { hasText: name });
  const alertRow = (name: string) => page.locator('[data-testid=alert-row]', { hasText: name });

  it('yours: "acknowledged by you" on the group and the alert, and Un-ack ends it', async () => {
    await groupRow('UiMine').locator('[data-testid=ack-group-row]').click();
    const badge = groupRow('UiMine').locator('[data-testid=group-ack]');
    await badge.waitFor({ timeout: 20_000 });
    assert.equal(await badge.textContent(), 'acknowledged by you');
    assert.equal(
      await alertRow('UiMine').locator('[data-testid=alert-state]').textContent(),
      'acknowledged by you',
    );
    await alertRow('UiMine').locator('[data-testid=unack]').waitFor();
    // The detail pane says it too, and offers Un-ack where Acknowledge was.
    await alertRow('UiMine').locator('.age').first().click();
    const detail = page.locator('[data-testid=alert-detail]');
    await detail.locator('[data-testid=acked-by]', { hasText: 'acknowledged by you' }).waitFor();
    await detail.locator('[data-testid=unack]').waitFor();
    assert.equal(await detail.locator('[data-testid=ack-alert]').count(), 0);
    // Its State section words the ack too: never the raw comment with the app's tag.
    const why = detail.locator('.cluster-state .why.ack');
    await why.first().waitFor();
    assert.match((await why.first().textContent()) ?? '', /acknowledged by you/);
    assert.doesNotMatch((await detail.textContent()) ?? '', /tray-ack:/);
    // When it ends: when the alert resolves (this app renews it), not the silence's current
    // end, which a renewal moves ("until 1:18 AM" read as an end that would not come).
    assert.match(
      (await detail.getByTestId('ack-ends').textContent()) ?? '',
      /^until it resolves, at most until .+ \(renewed while this app runs\)$/,
    );
    // The Silences view says the same of it, not "14m left".
    await page.keyboard.press('2');
    const silenceRow = page.locator('[data-testid=silence-row]', { hasText: 'UiMine' });
    assert.equal(await silenceRow.getByTestId('ack-ends').textContent(), 'until resolved');
    assert.doesNotMatch((await silenceRow.textContent()) ?? '', / left/);
    await page.keyboard.press('1');

    await groupRow('UiMine').locator('[data-testid=unack]').click();
    await page.locator('[data-testid=toast]', { hasText: 'Acknowledgement ended' }).waitFor();
    const state = alertRow('UiMine').locator('[data-testid=alert-state]');
    await waitFor(async () => (await state.textContent()) === 'critical', {
      timeoutMs: 20_000,
      message: 'firing again',
    });
    assert.equal(await groupRow('UiMine').locator('[data-testid=group-ack]').count(), 0);
  });

  it("someone else's, even with this install's tag: by its author, and nothing to end it", async () => {
    const tag = ownerTag(hostname(), process.env.USER ?? '');
    await fetch(`${t.am.url}/api/v2/silences`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        matchers: [{ name: 'alertname', value: 'UiTheirs', isRegex: false, isEqual: true }],
        startsAt: new Date().toISOString(),
        endsAt: new Date(Date.now() + 15 * 60_000).toISOString(),
        createdBy: 'mallory',
        comment: ackComment('', tag),
      }),
    });
    const badge = groupRow('UiTheirs').locator('[data-testid=group-ack]');
    await badge.waitFor({ timeout: 20_000 });
    assert.equal(await badge.textContent(), 'acknowledged by mallory');
    assert.equal(
      await alertRow('UiTheirs').locator('[data-testid=alert-state]').textContent(),
      'acknowledged by mallory',
    );
    assert.equal(await groupRow('UiTheirs').locator('[data-testid=unack]').count(), 0);
    assert.equal(await alertRow('UiTheirs').locator('[data-testid=unack]').count(), 0);
    // In the detail: who is on it, and acknowledging as well is a visible, separate choice.
    await alertRow('UiTheirs').locator('.age').first().click();
    const detail = page.locator('[data-testid=alert-detail]');
    await detail
      .locator('[data-testid=acked-by]', { hasText: 'acknowledged by mallory' })
      .waitFor();
    const too = detail.locator('[data-testid=ack-alert]');
    assert.equal(await too.textContent(), 'Acknowledge too');
    assert.match((await too.getAttribute('title')) ?? '', /mallory/);
    assert.equal(await detail.locator('[data-testid=unack]').count(), 0);
    // Its end is its own unless its app renews it: this window cannot know.
    assert.match(
      (await detail.getByTestId('ack-ends').textContent()) ?? '',
      /^until .+ unless their app renews it$/,
    );
    assert.deepEqual(t.ui.problems, []);
  });
});

describe(
  'an ack on some of a group is not the group acknowledged',
  { skip: amSkipReason() },
  () => {
    const t = useAlertmanagerUi({
      alerts: ['p1', 'p2', 'p3'].map((i) =>
        makeAlert({ alertname: 'UiPart', severity: 'critical', instance: i }),
      ),
      viewport: { width: 1200, height: 700 },
      ready: (page) =>
        waitFor(async () => (await page.locator('[data-testid=alert-row]').count()) === 3, {
          timeoutMs: 30_000,
        }),
    });

    it('the header counts "1 acked" with no Un-ack; all of them, "acknowledged by you"', async () => {
      const { page } = t;
      const header = page.locator('[data-testid=group-row]', { hasText: 'UiPart' });
      const row = (i: string) =>
        page.locator('[data-testid=alert-row]', { hasText: `instance=${i}` });
      await row('p2').locator('.age').click();
      await page.keyboard.press('Escape');
      await page.keyboard.press('a');
      await waitFor(
        async () =>
          (await row('p2').locator('[data-testid=alert-state]').textContent()) ===
          'acknowledged by you',
        { timeoutMs: 20_000, message: 'the alert is acknowledged' },
      );
      const counts = header.getByTestId('group-counts');
      const said = async () => (await counts.innerText()).replace(/\s+/g, ' ').trim();
      await waitFor(async () => (await said()) === '2 firing 1 acked', {
        timeoutMs: 10_000,
        message: 'the counts say 2 firing, 1 acked',
      });
      assert.equal(await header.getByTestId('group-ack').count(), 0, 'not the group as handled');
      assert.equal(await header.getByTestId('unack').count(), 0, 'Un-ack is on the alert row');
      await row('p2').getByTestId('unack').waitFor();

      // The whole group acknowledged: the header says so, and ends it.
      await header.getByTestId('ack-group-row').click();
      const whole = header.getByTestId('group-ack');
      await whole.waitFor({ timeout: 20_000 });
      assert.equal(await whole.textContent(), 'acknowledged by you');
      await waitFor(async () => (await said()) === '3 acked', { message: 'counted: 3 acked' });
      await header.getByTestId('unack').waitFor();
    });
  },
);
