// The silence dialogs keep still while what they asked for arrives: the alert's matchers, the
// preview, a selection's plan. Centred and sized by its content, a dialog grew when they came
// and moved the comment, the duration and Create under the user's pointer and eyes. Here the
// bridge holds those requests back, the positions are read, the answers let go and the same
// positions read again. Real Alertmanager, real core, browser shell, Chromium at 960×680.
import assert from 'node:assert/strict';
import { before, beforeEach, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { amSkipReason, makeAlert } from '../support/alertmanager.ts';
import { useAlertmanagerUi } from './support/ui.ts';

const SLOW = ['"silences:quickMatchers"', '"silences:selectionPlan"'];
let heldBack: (() => void)[] = [];

async function holdSlowRequests(page: Page): Promise<void> {
  await page.routeWebSocket(/./, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => {
      if (typeof m === 'string' && SLOW.some((c) => m.includes(c)))
        heldBack.push(() => server.send(m));
      else server.send(m);
    });
    server.onMessage((m) => ws.send(m));
  });
}

function release(): void {
  const go = heldBack;
  heldBack = [];
  for (const send of go) send();
}

/** Where each element is on the page, rounded to the pixel. */
async function boxes(ls: Record<string, Locator>): Promise<Record<string, number[]>> {
  const out: Record<string, number[]> = {};
  for (const [name, l] of Object.entries(ls)) {
    const b = await l.boundingBox();
    assert.ok(b, `${name} is shown`);
    out[name] = [b.x, b.y, b.width, b.height].map(Math.round);
  }
  return out;
}

describe('silence dialogs keep still while their content arrives', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [
      makeAlert({ alertname: 'DiskFull', severity: 'warning', instance: 'node-1', cluster: 'eu' }),
      makeAlert({ alertname: 'CpuHigh', severity: 'critical', instance: 'node-2', cluster: 'eu' }),
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
  const row = (alertname: string) =>
    page.locator('[data-testid=alert-row]').filter({ hasText: alertname }).first();

  it("the alert's silence form does not move when its matchers and preview come", async () => {
    await row('DiskFull').dblclick({ position: { x: 12, y: 12 } });
    const dialog = page.locator('[data-testid=silence-dialog]');
    await dialog.waitFor();
    const waiting = dialog.getByText('Loading matchers…');
    await waiting.waitFor();
    const stable = {
      dialog,
      comment: dialog.locator('#silence-comment'),
      duration: dialog.getByTestId('silence-duration'),
      create: dialog.getByTestId('silence-submit'),
      cancel: dialog.getByTestId('silence-cancel'),
    };
    const loading = await boxes(stable);
    // What says they are loading takes a matcher row's place (its parent is that row).
    const placeholder = await boxes({ row: waiting.locator('xpath=..') });
    release();
    await dialog.locator('[aria-label="Label name 1"]').waitFor();
    await dialog.getByTestId('preview-count').waitFor();
    assert.deepEqual(await boxes(stable), loading);
    // The first matcher lands where the placeholder row was, at its height.
    const first = await boxes({ row: dialog.locator('.matcher').first() });
    assert.deepEqual(first['row'], placeholder['row']);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('the selection dialog does not move when its plan comes', async () => {
    await row('CpuHigh').click({ position: { x: 12, y: 12 } });
    await page.keyboard.press('x');
    await page.locator('[data-testid=selection-bar]').waitFor();
    await page.keyboard.press('s');
    const dialog = page.locator('[data-testid=selection-silence-dialog]');
    await dialog.waitFor();
    const stable = {
      dialog,
      comment: dialog.locator('#selection-comment'),
      duration: dialog.getByTestId('selection-duration'),
      create: dialog.getByTestId('selection-submit'),
    };
    const loading = await boxes(stable);
    release();
    await dialog.getByTestId('plan-cluster').first().waitFor();
    const after = await boxes(stable);
    // The button's label grows with the count ("Create 1 silence"): its right edge stays.
    const right = (b: number[]) => b[0]! + b[2]!;
    assert.equal(right(after['create']!), right(loading['create']!));
    assert.equal(after['create']![1], loading['create']![1]);
    delete after['create'];
    delete loading['create'];
    assert.deepEqual(after, loading);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});
