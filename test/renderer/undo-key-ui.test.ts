// `u` undoes the last undoable thing this window did (an acknowledgement, silences made from a
// selection, one made with the form), after its toast is gone: a slip of `a` (one key beside
// `s` and `x`) noticed a few seconds late could only be undone with the mouse from Un-ack. Once only, and only within
// ten minutes; with nothing to undo, `u` says so. Real Alertmanager, real core, Chromium.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert, waitFor } from '../support/alertmanager.ts';
import { testInstance, testSettings, useAlertmanagerUi } from './support/ui.ts';

interface ServerSilence {
  id: string;
  status: { state: string };
  matchers: { name: string; value: string }[];
}

describe('u undoes the last acknowledgement', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [
      makeAlert({ alertname: 'UndoMe', severity: 'critical', instance: 'u1' }),
      makeAlert({ alertname: 'UndoForm', severity: 'warning', instance: 'f1' }),
    ],
    viewport: { width: 960, height: 680 },
    ready: (page) =>
      page.locator('[data-testid=group-row]', { hasText: 'UndoMe' }).waitFor({ timeout: 30_000 }),
  });
  let page: Page;
  before(() => ({ page } = t));

  const toast = (title: string) =>
    page.locator('[data-testid=toast]').filter({ hasText: title }).first();

  async function silencesOf(alertname: string): Promise<ServerSilence[]> {
    const res = await fetch(`${t.am.url}/api/v2/silences`);
    const all = (await res.json()) as ServerSilence[];
    return all.filter((s) =>
      s.matchers.some((m) => m.name === 'alertname' && m.value === alertname),
    );
  }

  it('after the toast is gone, u ends the ack on the server, once', async () => {
    await page
      .locator('[data-testid=group-row]', { hasText: 'UndoMe' })
      .locator('.sev-dot')
      .click();
    await page.keyboard.press('a');
    await toast('Acknowledged').waitFor({ timeout: 15_000 });
    await waitFor(
      async () => (await silencesOf('UndoMe')).some((s) => s.status.state === 'active'),
      {
        timeoutMs: 10_000,
        message: 'the ack silence is on the server',
      },
    );
    // The toast goes (Shift+Esc: a plain Esc closes the detail first), as after its 15 s.
    await page.keyboard.press('Shift+Escape');
    await toast('Acknowledged').waitFor({ state: 'detached', timeout: 5_000 });

    await page.keyboard.press('u');
    await toast('Acknowledgement ended').waitFor({ timeout: 15_000 });
    // Where it ended, as the ack's toast said where it went.
    assert.match(
      (await toast('Acknowledgement ended').textContent()) ?? '',
      /UndoMe on am1: its alerts notify again/,
    );
    await waitFor(
      async () => (await silencesOf('UndoMe')).every((s) => s.status.state === 'expired'),
      { timeoutMs: 10_000, message: 'the ack silence expired on the server' },
    );

    // Done once: a second u has nothing left to undo, and says so.
    await page.keyboard.press('u');
    const none = toast('u: nothing to undo');
    await none.waitFor({ timeout: 5_000 });
    assert.match((await none.textContent()) ?? '', /last 10 minutes/);
  });

  it('u expires a silence just made with the form, after its toast is gone', async () => {
    await page.locator('[data-testid=alert-row]', { hasText: 'UndoForm' }).locator('.age').click();
    await page.keyboard.press('s');
    const dialog = page.locator('[data-testid=silence-dialog]');
    await dialog.locator('[aria-label="Label name 1"]').waitFor();
    await dialog.locator('#silence-comment').fill('undo by key');
    await dialog.locator('#silence-comment').press('Control+Enter');
    await dialog.getByTestId('silence-success').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await toast('Silence created').waitFor({ timeout: 10_000 });
    await waitFor(
      async () => (await silencesOf('UndoForm')).some((s) => s.status.state === 'active'),
      {
        timeoutMs: 10_000,
        message: 'the silence is on the server',
      },
    );
    await page.keyboard.press('Shift+Escape');
    await toast('Silence created').waitFor({ state: 'detached', timeout: 5_000 });
    await page.keyboard.press('u');
    await waitFor(
      async () => (await silencesOf('UndoForm')).every((s) => s.status.state === 'expired'),
      { timeoutMs: 10_000, message: 'the silence expired on the server' },
    );
    // One silence: said in the singular.
    await toast('Silence expired').waitFor({ timeout: 10_000 });
  });

  it("a row's age says since when in local time, as the detail does", async () => {
    // Made when the pointer comes (opening the window does not wait for Intl's set-up).
    const age = page.locator('[data-testid=alert-row]', { hasText: 'UndoForm' }).locator('.age');
    await age.hover();
    const title = await waitFor(async () => (await age.getAttribute('title')) ?? false);
    assert.match(title ?? '', /^since \d{1,2}:\d{2}/);
    assert.doesNotMatch(title ?? '', /\d{4}-\d{2}-\d{2}T/, 'not the server ISO time');
  });

  it('the sheet of shortcuts lists u', async () => {
    await page.keyboard.press('Escape');
    await page.keyboard.press('?');
    const sheet = page.getByTestId('shortcuts-sheet');
    await sheet.waitFor({ timeout: 5_000 });
    assert.match((await sheet.textContent()) ?? '', /u Undo, a step per press: acks/);
    await page.keyboard.press('Escape');
  });
});

describe('u puts the cursor back on the row it acknowledged', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: ['b1', 'b2', 'b3'].map((i) =>
      makeAlert({ alertname: 'BackTo', severity: 'critical', instance: i }),
    ),
    // As a first start has it: silenced alerts (an acknowledged one too) are not listed.
    settings: (am) => {
      const s = testSettings([testInstance('am1', am.url)]);
      s.ui.filter = { ...s.ui.filter, showSilenced: false };
      return s;
    },
    viewport: { width: 960, height: 680 },
    ready: (page) =>
      waitFor(async () => (await page.locator('[data-testid=alert-row]').count()) === 3, {
        timeoutMs: 30_000,
      }),
  });

  it('after a, the next row has the cursor; after u, the acknowledged one again', async () => {
    const { page } = t;
    const row = (i: string) =>
      page.locator('[data-testid=alert-row]', { hasText: `instance=${i}` });
    const cursorOn = async (i: string) =>
      (await page.locator('[data-testid=alert-row].selected').allTextContents())
        .join(' ')
        .includes(`instance=${i}`);
    await row('b2').locator('.age').click();
    await page.keyboard.press('Escape');
    await waitFor(() => cursorOn('b2'), { message: 'b2 has the cursor' });
    await page.keyboard.press('a');
    await waitFor(async () => (await row('b2').count()) === 0, {
      timeoutMs: 15_000,
      message: 'the acknowledged row left the list',
    });
    await waitFor(
      async () => !(await cursorOn('b2')) && ((await cursorOn('b3')) || (await cursorOn('b1'))),
      {
        message: 'the cursor moved on',
      },
    );
    await page.keyboard.press('u');
    await waitFor(async () => (await row('b2').count()) === 1, {
      timeoutMs: 20_000,
      message: 'the row is back',
    });
    await waitFor(() => cursorOn('b2'), { message: 'the cursor is back on it' });
    // Focus came with it: one row looks chosen, and Enter opens the row `s` and `a` act on.
    await waitFor(
      async () => {
        const text = await page.evaluate(() => {
          const d = globalThis as unknown as {
            document: { activeElement: { closest(s: string): { textContent: string } | null } };
          };
          return d.document.activeElement.closest('.selected')?.textContent ?? '';
        });
        return /instance=b2/.test(text);
      },
      { message: 'focus is on the cursor row' },
    );
    await page.keyboard.press('Enter');
    const detail = page.getByTestId('alert-detail');
    await detail.waitFor({ timeout: 10_000 });
    assert.match((await detail.textContent()) ?? '', /instance=b2/);
  });
});

describe('a again right after an undone ack acknowledges again', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [makeAlert({ alertname: 'AckTwice', severity: 'critical', instance: 't1' })],
    viewport: { width: 960, height: 680 },
    ready: (page) =>
      page.locator('[data-testid=group-row]', { hasText: 'AckTwice' }).waitFor({ timeout: 30_000 }),
  });

  async function activeAcks(): Promise<number> {
    const res = await fetch(`${t.am.url}/api/v2/silences`);
    const all = (await res.json()) as ServerSilence[];
    return all.filter(
      (s) =>
        s.status.state === 'active' &&
        s.matchers.some((m) => m.name === 'alertname' && m.value === 'AckTwice'),
    ).length;
  }

  // The undone ack's silence is expired on the server, but the alert's "silenced by" comes
  // from the next poll of its alerts: the row must not read as still acknowledged meanwhile.
  for (const on of ['group', 'alert'] as const) {
    it(`on the ${on} row, before the next poll`, async () => {
      const { page } = t;
      const toast = (title: string) =>
        page.locator('[data-testid=toast]').filter({ hasText: title });
      const row =
        on === 'group'
          ? page.locator('[data-testid=group-row]', { hasText: 'AckTwice' })
          : page.locator('[data-testid=alert-row]', { hasText: 'instance=t1' });
      // No toast left from the run before (its "Acknowledgement ended" lives 15 s and read as
      // this run's when the machine was quick).
      await page.keyboard.press('Shift+Escape');
      await waitFor(async () => (await page.locator('[data-testid=toast]').count()) === 0, {
        message: 'no toast left',
      });
      await row.locator(on === 'group' ? '.sev-dot' : '.age').click();
      await page.keyboard.press('Escape');
      await page.keyboard.press('a');
      await toast('Acknowledged').first().waitFor({ timeout: 15_000 });
      await waitFor(async () => (await activeAcks()) === 1, {
        timeoutMs: 10_000,
        message: 'the ack is on the server',
      });
      await page.keyboard.press('Escape');
      await page.keyboard.press('u');
      await toast('Acknowledgement ended').first().waitFor({ timeout: 15_000 });
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await toast('Acknowledgement ended').first().waitFor({ state: 'detached', timeout: 5_000 });
      await page.keyboard.press('a');
      await waitFor(
        async () =>
          (await toast('Already acknowledged').count()) > 0 ||
          (await toast('Acknowledged').count()) > 0,
        { timeoutMs: 15_000, message: 'a answers' },
      );
      assert.equal(await toast('Already acknowledged').count(), 0, 'not "already acknowledged"');
      await waitFor(async () => (await activeAcks()) === 1, {
        timeoutMs: 10_000,
        message: 'acknowledged again on the server',
      });
      // Leave it as found.
      await page.keyboard.press('Escape');
      await page.keyboard.press('u');
      await waitFor(async () => (await activeAcks()) === 0, { timeoutMs: 10_000 });
    });
  }
});
