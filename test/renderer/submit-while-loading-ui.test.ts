// A silence submitted before the form had what it asked the core for is sent once that comes,
// never refused for an empty draft the user did not make. The class behind a flaky CI run:
// Ctrl+Enter right after the comment while the alert's matchers (or a selection's plan) were
// still on their way from a busy core gave "at least one matcher" and sent nothing. Here the
// bridge holds those requests back until the submit was made, so it always comes first. Real Alertmanager,
// real core, browser shell, headless Chromium at 960×680.
import assert from 'node:assert/strict';
import { before, beforeEach, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { GettableAlert, GettableSilence } from '../../main/core/api/types.ts';
import { amSkipReason, makeAlert, waitFor } from '../support/alertmanager.ts';
import { useAlertmanagerUi } from './support/ui.ts';

/** Bridge channels whose requests are held back until the test lets them go. */
const SLOW = ['"silences:quickMatchers"', '"silences:selectionPlan"'];
/** Held too while a test sets it: the silence's own request. */
const CREATE = '"silences:create"';
let holdCreate = false;
/** Held requests, each sent on to the core when called. */
let heldBack: (() => void)[] = [];

/** Holds the slow channels' requests back on their way to the core (the page sees a slow core). */
async function holdSlowRequests(page: Page): Promise<void> {
  await page.routeWebSocket(/./, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => {
      if (
        typeof m === 'string' &&
        (SLOW.some((c) => m.includes(c)) || (holdCreate && m.includes(CREATE)))
      )
        heldBack.push(() => server.send(m));
      else server.send(m);
    });
    server.onMessage((m) => ws.send(m));
  });
}

/** Sends the held requests on: what the form asked for arrives now, after the submit. */
function release(): void {
  const go = heldBack;
  heldBack = [];
  for (const send of go) send();
}

describe('a submit made while the form is still loading', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [
      makeAlert({ alertname: 'DiskFull', severity: 'warning', instance: 'node-1' }),
      makeAlert({ alertname: 'CpuHigh', severity: 'critical', instance: 'node-2' }),
      makeAlert({ alertname: 'MemHigh', severity: 'critical', instance: 'node-3' }),
      makeAlert({ alertname: 'NetDown', severity: 'critical', instance: 'node-4' }),
      makeAlert({ alertname: 'FanLoud', severity: 'warning', instance: 'node-5' }),
      makeAlert({ alertname: 'FanStuck', severity: 'warning', instance: 'node-6' }),
    ],
    viewport: { width: 960, height: 680 },
    onPage: holdSlowRequests,
  });
  let page: Page;
  before(() => {
    page = t.page;
  });
  beforeEach(() => {
    heldBack = [];
  });

  async function silences(): Promise<GettableSilence[]> {
    return (await (await fetch(`${t.am.url}/api/v2/silences`)).json()) as GettableSilence[];
  }
  async function stateOf(alertname: string): Promise<string | undefined> {
    const alerts = (await (await fetch(`${t.am.url}/api/v2/alerts`)).json()) as GettableAlert[];
    return alerts.find((a) => a.labels['alertname'] === alertname)?.status.state;
  }
  const row = (alertname: string) =>
    page.locator('[data-testid=alert-row]').filter({ hasText: alertname }).first();
  /** The test id of the focused element, or its tag when it has none ("BODY"). */
  const focusedId = () =>
    page.evaluate(() => {
      const el = (globalThis as unknown as { document: { activeElement: unknown } }).document
        .activeElement as { dataset?: Record<string, string>; tagName?: string } | null;
      return el?.dataset?.['testid'] ?? el?.tagName ?? null;
    });

  it("Ctrl+Enter before the alert's matchers came sends them, once they come", async () => {
    await row('DiskFull').dblclick({ position: { x: 12, y: 12 } });
    const dialog = page.locator('[data-testid=silence-dialog]');
    await dialog.waitFor();
    // Still loading: the user has not seen a matcher yet and already submits.
    assert.equal(await dialog.getByText('Loading matchers…').count(), 1);
    // The preview says it waits, not "complete the matchers" (the user has none to complete).
    assert.equal(await dialog.getByTestId('preview-wait').innerText(), 'Waiting for the matchers…');
    await dialog.locator('#silence-comment').fill('quick, before the matchers');
    await dialog.locator('#silence-comment').press('Control+Enter');
    // The submit was made before the matchers came: nothing is refused, nothing is sent yet.
    await waitFor(() => heldBack.length === 1, { message: 'the matchers asked for' });
    await page.waitForTimeout(300);
    assert.equal(await dialog.locator('[aria-invalid="true"]').count(), 0, 'no field refused');
    assert.equal((await silences()).length, 0, 'nothing sent before the matchers came');
    release();
    const made = await waitFor(
      async () => (await silences()).find((s) => s.comment === 'quick, before the matchers'),
      { message: 'the silence was sent', timeoutMs: 15_000 },
    );
    assert.ok(
      made.matchers.some((m) => m.name === 'alertname' && m.value === 'DiskFull' && m.isEqual),
      JSON.stringify(made.matchers),
    );
    await dialog.locator('[data-testid=silence-success]').waitFor();
    // Nothing was said against the draft on the way (no field was ever marked).
    assert.equal(await dialog.locator('[aria-invalid="true"]').count(), 0);
    assert.equal((await silences()).filter((s) => s.comment === made.comment).length, 1);
    await waitFor(async () => (await stateOf('DiskFull')) === 'suppressed');
    assert.equal(await stateOf('CpuHigh'), 'active', 'only the alert asked for');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Closed by the user, not the clock: the toast still says what was made, with Expire.
    const toast = page.locator('[data-testid=toast]').filter({ hasText: 'Silence created' });
    await toast.waitFor();
    assert.match(await toast.innerText(), /alertname="DiskFull"/);
    assert.equal(await toast.locator('[data-testid=toast-expire]').count(), 1);
    await toast.getByRole('button', { name: 'Dismiss' }).click();
  });

  it("Ctrl+Enter before a selection's plan came creates what the plan says", async () => {
    await row('CpuHigh').click({ position: { x: 12, y: 12 } });
    await page.keyboard.press('x');
    await page.locator('[data-testid=selection-bar]').waitFor();
    await page.keyboard.press('s');
    const dialog = page.locator('[data-testid=selection-silence-dialog]');
    await dialog.waitFor();
    assert.equal(await dialog.locator('[data-testid=plan-cluster]').count(), 0, 'still loading');
    await page.keyboard.type('selected, before the plan');
    await dialog.locator('[data-testid=selection-duration]').fill('2h');
    await page.keyboard.press('Control+Enter');
    await waitFor(() => heldBack.length === 1, { message: 'the plan asked for' });
    await page.waitForTimeout(300);
    assert.equal(await dialog.locator('[aria-invalid="true"]').count(), 0, 'no field refused');
    const before = (await silences()).length;
    release();
    const made = await waitFor(
      async () => (await silences()).find((s) => s.comment === 'selected, before the plan'),
      { message: 'the selection silence was sent', timeoutMs: 15_000 },
    );
    assert.ok(made.matchers.some((m) => m.name === 'alertname' && m.value === 'CpuHigh'));
    assert.equal((await silences()).length, before + 1, 'one silence: the selection');
    assert.equal(Math.round((Date.parse(made.endsAt) - Date.parse(made.startsAt)) / 1000), 7200);
    await dialog.locator('[data-testid=plan-created]').first().waitFor();
    await waitFor(async () => (await stateOf('CpuHigh')) === 'suppressed');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  // The user's habit after Ctrl+Enter is Esc. Pressed while the silence still waits, it once
  // closed the dialog and nothing was created, without a word. Esc twice: Chromium closes a
  // modal on a second Esc without asking once a cancel was refused.
  it('Esc while the submit waits keeps the dialog until the silence is made, then says so', async () => {
    await row('MemHigh').dblclick({ position: { x: 12, y: 12 } });
    const dialog = page.locator('[data-testid=silence-dialog]');
    await dialog.waitFor();
    await dialog.locator('#silence-comment').fill('made, then escaped');
    await dialog.locator('#silence-comment').press('Control+Enter');
    await waitFor(() => heldBack.length === 1, { message: 'the matchers asked for' });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.waitForTimeout(300);
    assert.equal(await dialog.count(), 1, 'the dialog waits for the silence');
    assert.equal(
      await dialog.locator('[data-testid=silence-footnote]').innerText(),
      'Closes once the server has it',
    );
    assert.equal((await silences()).filter((s) => s.comment === 'made, then escaped').length, 0);
    release();
    const made = await waitFor(
      async () => (await silences()).find((s) => s.comment === 'made, then escaped'),
      { message: 'the silence was sent after Esc', timeoutMs: 15_000 },
    );
    assert.ok(made.matchers.some((m) => m.name === 'alertname' && m.value === 'MemHigh'));
    await dialog.waitFor({ state: 'detached' });
    const toast = page
      .locator('[data-testid=toast]')
      .filter({ hasText: 'Silence created' })
      .filter({ hasText: 'MemHigh' });
    await toast.waitFor();
    assert.match(await toast.innerText(), /alertname="MemHigh"/);
    // Where it went, in words: "(am1)" after the matchers read as one more of them.
    assert.match(await toast.innerText(), /alertname="MemHigh".* for .+ on \S+/);
    await waitFor(async () => (await stateOf('MemHigh')) === 'suppressed');
    // Its Expire undoes it.
    await toast.locator('[data-testid=toast-expire]').click();
    await waitFor(async () => (await stateOf('MemHigh')) === 'active', {
      message: 'expired from the toast',
    });
  });

  it('Esc while a selection waits for its plan creates it, then closes with a toast', async () => {
    await row('NetDown').click({ position: { x: 12, y: 12 } });
    await page.keyboard.press('x');
    await page.locator('[data-testid=selection-bar]').waitFor();
    await page.keyboard.press('s');
    const dialog = page.locator('[data-testid=selection-silence-dialog]');
    await dialog.waitFor();
    await page.keyboard.type('selected, then escaped');
    // The plan has not come: the button is offered all the same (its click waits for it).
    const submit = dialog.locator('[data-testid=selection-submit]');
    assert.equal(await submit.innerText(), 'Create silences');
    await submit.click();
    await waitFor(() => heldBack.length === 1, { message: 'the plan asked for' });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    assert.equal(await dialog.count(), 1, 'the dialog waits for the silences');
    release();
    await waitFor(
      async () => (await silences()).find((s) => s.comment === 'selected, then escaped'),
      { message: 'the selection silence was sent after Esc', timeoutMs: 15_000 },
    );
    await dialog.waitFor({ state: 'detached' });
    // Toasts are newest first: this selection's.
    const toast = page.locator('[data-testid=toast]').first();
    await toast.filter({ hasText: 'Silence created' }).waitFor();
    // What was silenced, not only how many rows: the one silence's matchers, and where.
    const said = await toast.innerText();
    assert.match(said, /alertname="NetDown"/);
    assert.match(said, / on \S+ \(1 selected\)/);
    await waitFor(async () => (await stateOf('NetDown')) === 'suppressed');
    // Undo expires what the selection made.
    await toast.locator('[data-testid=toast-undo]').click();
    await waitFor(async () => (await stateOf('NetDown')) === 'active', { message: 'undone' });
  });

  it('Cancel while the submit waits for the matchers calls it off: nothing is sent', async () => {
    await row('DiskFull').dblclick({ position: { x: 12, y: 12 } });
    const dialog = page.locator('[data-testid=silence-dialog]');
    await dialog.waitFor();
    await dialog.locator('#silence-comment').fill('called off');
    await dialog.locator('#silence-comment').press('Control+Enter');
    await waitFor(() => heldBack.length === 1, { message: 'the matchers asked for' });
    await dialog.getByTestId('silence-cancel').click();
    await dialog.waitFor({ state: 'detached' });
    release();
    await page.waitForTimeout(1_500);
    assert.equal((await silences()).filter((s) => s.comment === 'called off').length, 0);
    const said = await page.locator('[data-testid=toast]').allInnerTexts();
    assert.ok(!said.some((t) => /called off|not created/i.test(t)), said.join(' | '));
  });

  // A comment typed on while the silence was on its way was dropped without a word: the
  // server had the draft as it was sent. The fields are read-only until it answers.
  it('the comment cannot be typed on while the silence is on its way', async () => {
    await row('CpuHigh').dblclick({ position: { x: 12, y: 12 } });
    const dialog = page.locator('[data-testid=silence-dialog]');
    await dialog.waitFor();
    release();
    await dialog.getByTestId('preview-count').waitFor();
    const comment = dialog.locator('#silence-comment');
    await comment.fill('sent as it was');
    holdCreate = true;
    try {
      await comment.press('Control+Enter');
      await waitFor(() => heldBack.length === 1, { message: 'the create asked for' });
      assert.equal(await comment.getAttribute('readonly'), '', 'read-only while sending');
      await page.keyboard.type(' and more');
      assert.equal(await comment.inputValue(), 'sent as it was');
      release();
      await dialog.getByTestId('silence-success').waitFor();
    } finally {
      holdCreate = false;
    }
    const made = (await silences()).find((s) => s.comment.startsWith('sent as it was'));
    assert.equal(made?.comment, 'sent as it was');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  // Create went disabled under the click while the plan (or the matchers) were on their way:
  // focus fell to the page and Esc, Tab and Enter no longer reached the dialog.
  it('Create clicked before the plan came keeps focus in the dialog', async () => {
    await row('FanLoud').click({ position: { x: 12, y: 12 } });
    await page.keyboard.press('x');
    await page.locator('[data-testid=selection-bar]').waitFor();
    await page.keyboard.press('s');
    const dialog = page.locator('[data-testid=selection-silence-dialog]');
    await dialog.waitFor();
    await page.keyboard.type('focus kept');
    const submit = dialog.getByTestId('selection-submit');
    await submit.click();
    await waitFor(() => heldBack.length === 1, { message: 'the plan asked for' });
    assert.equal(await focusedId(), 'selection-submit', 'focus stays on Create, in the dialog');
    assert.equal(await submit.getAttribute('aria-disabled'), 'true', 'shown as busy');
    // A second click while it waits sends nothing twice (forced: Playwright waits for an
    // aria-disabled button to be enabled; a user's click lands).
    await submit.click({ force: true });
    release();
    await dialog.getByTestId('selection-done').waitFor();
    assert.equal((await silences()).filter((s) => s.comment === 'focus kept').length, 1);
    assert.equal(await focusedId(), 'selection-done');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it("Create clicked before the alert's matchers came keeps focus in the dialog", async () => {
    await row('FanStuck').dblclick({ position: { x: 12, y: 12 } });
    const dialog = page.locator('[data-testid=silence-dialog]');
    await dialog.waitFor();
    await dialog.locator('#silence-comment').fill('focus kept here too');
    const submit = dialog.getByTestId('silence-submit');
    await submit.click();
    await waitFor(() => heldBack.length === 1, { message: 'the matchers asked for' });
    assert.equal(await focusedId(), 'silence-submit', 'focus stays on Create, in the dialog');
    assert.equal(await submit.getAttribute('aria-disabled'), 'true', 'shown as busy');
    release();
    await dialog.getByTestId('silence-success').waitFor();
    assert.equal(await focusedId(), 'silence-done');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});
