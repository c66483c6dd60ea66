// Values are shown and edited exactly: a line break survives an edit of its matcher and the
// silence created matches the intended alert; a U+202E in one value cannot reorder the text
// around it; a bad regex in the filter bar shows the server's error. Real Alertmanager, real
// core, browser shell, headless Chromium.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import type { GettableSilence } from '../../main/core/api/types.ts';
import { amSkipReason, makeAlert, waitFor, type AmProcess } from '../support/alertmanager.ts';
import { useAlertmanagerUi } from './support/ui.ts';

const RLO = '\u202e';

/** The DOM calls the geometry check uses (the root tsconfig has no DOM lib). */
interface RangeDocument {
  document: {
    createTreeWalker(root: unknown, show: number): { nextNode(): TextNode | null };
    createRange(): {
      setStart(n: TextNode, i: number): void;
      setEnd(n: TextNode, i: number): void;
      getBoundingClientRect(): { left: number };
    };
  };
}
interface TextNode {
  textContent: string | null;
}

/** Left edges of the elements, in DOM order. */
async function lefts(items: Locator): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < (await items.count()); i++) {
    const box = await items.nth(i).boundingBox();
    if (box) out.push(box.x);
  }
  return out;
}

function increasing(xs: number[]): boolean {
  return xs.every((x, i) => i === 0 || x > (xs[i - 1] as number));
}

describe('lossless values in the window', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [
      makeAlert({ alertname: 'Multiline', v: 'line1\nline2' }),
      // What a flattened value would silence instead.
      makeAlert({ alertname: 'Multiline', v: 'line1line2' }),
      makeAlert({ alertname: 'Bidi', a1: 'first', a2: `abc${RLO}def`, a3: 'third', a4: 'fourth' }),
    ],
    viewport: { width: 1280, height: 800 },
    ready: async () => undefined,
  });
  let page: Page;
  let am: AmProcess;
  before(() => ({ page, am } = t));

  it('shows a line break as a marker, not as nothing', async () => {
    const rows = page.locator('[data-testid=alert-row]', { hasText: 'line1' });
    await waitFor(async () => (await rows.count()) === 2, { timeoutMs: 30_000 });
    const texts = await rows.allTextContents();
    assert.ok(
      texts.some((t) => t.includes('line1↵line2')),
      texts.join(' | '),
    );
    assert.ok(
      texts.some((t) => t.includes('line1line2')),
      texts.join(' | '),
    );
  });

  it('keeps the line break through an edit of its field and silences exactly that alert', async () => {
    const row = page.locator('[data-testid=alert-row]', { hasText: 'line1↵line2' });
    await row.dblclick({ position: { x: 12, y: 12 } });
    const dialog = page.locator('dialog[open]');
    await dialog.waitFor();
    const values = dialog.locator('textarea.mvalue');
    await waitFor(async () => (await values.count()) >= 2);
    let field: Locator | undefined;
    for (let i = 0; i < (await values.count()); i++) {
      if ((await values.nth(i).inputValue()).includes('line1')) field = values.nth(i);
    }
    assert.ok(field, 'the v matcher row');
    assert.equal(await field.inputValue(), 'line1\nline2');
    // The exact value is spelled out under the field.
    assert.match(
      (await dialog.locator('[data-testid=matcher-reveal]').first().textContent()) ?? '',
      /line1↵line2/,
    );
    // Touch the field: type at the end, then take it back.
    await field.click();
    await page.keyboard.press('End');
    await page.keyboard.type('x');
    await page.keyboard.press('Backspace');
    assert.equal(await field.inputValue(), 'line1\nline2');
    await waitFor(
      async () =>
        (await dialog
          .locator('[data-testid=preview-count]')
          .textContent()
          .catch(() => '')) === '1',
    );
    await dialog.locator('#silence-comment').first().fill('lossless');
    await dialog.locator('[data-testid=silence-submit]').click();
    const idText = dialog.locator('[data-testid=silence-id]');
    await idText.waitFor({ timeout: 15_000 });
    const id = ((await idText.textContent()) ?? '').trim();
    const res = await fetch(`${am.url}/api/v2/silence/${id}`);
    const silence = (await res.json()) as GettableSilence;
    const v = silence.matchers.find((m) => m.name === 'v');
    assert.equal(v?.value, 'line1\nline2');
    await dialog.getByRole('button', { name: 'Done' }).click();
    // The server silences exactly the intended alert.
    await waitFor(async () => {
      const alerts = (await (
        await fetch(`${am.url}/api/v2/alerts?filter=alertname="Multiline"`)
      ).json()) as { labels: Record<string, string>; status: { state: string } }[];
      const state = (value: string) => alerts.find((a) => a.labels.v === value)?.status.state;
      return state('line1\nline2') === 'suppressed' && state('line1line2') === 'active';
    });
  });

  it('a U+202E in one value does not reorder its neighbours', async () => {
    const row = page.locator('[data-testid=alert-row]', { hasText: 'Bidi' });
    await row.waitFor();
    const chips = row.locator('.chip');
    assert.equal(await chips.count(), 4);
    assert.ok(increasing(await lefts(chips)), 'chips left to right in label order');
    assert.match((await chips.nth(1).textContent()) ?? '', /a2=abc⟨U\+202E⟩def/);
    // Inside the chip too: "def" is drawn right of "abc".
    // No named helpers inside evaluate: the test loader would wrap them in a __name call.
    const order = await chips.nth(1).evaluate((el) => {
      const doc = (globalThis as unknown as RangeDocument).document;
      const walker = doc.createTreeWalker(el, 4);
      const found: Record<string, number> = {};
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        for (const s of ['abc', 'def']) {
          const i = (n.textContent ?? '').indexOf(s);
          if (i < 0) continue;
          const r = doc.createRange();
          r.setStart(n, i);
          r.setEnd(n, i + s.length);
          found[s] = r.getBoundingClientRect().left;
        }
      }
      return { abc: found['abc'] ?? NaN, def: found['def'] ?? NaN };
    });
    assert.ok(order.abc < order.def, JSON.stringify(order));

    // The silence preview and the silences list keep the order as well.
    await row.dblclick({ position: { x: 12, y: 12 } });
    const dialog = page.locator('dialog[open]');
    await dialog.waitFor();
    const items = dialog.locator('[data-testid=silence-preview] li .pl');
    await waitFor(async () => (await items.count()) === 4);
    assert.ok(increasing(await lefts(items)), 'preview labels left to right');
    await dialog.locator('#silence-comment').first().fill('bidi');
    await dialog.locator('[data-testid=silence-submit]').click();
    await dialog.locator('[data-testid=silence-id]').waitFor({ timeout: 15_000 });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page
      .getByRole('button', { name: /^Silences/ })
      .first()
      .click();
    const silenceRow = page.locator('[data-testid=silence-row]', { hasText: 'bidi' });
    await silenceRow.waitFor({ timeout: 15_000 });
    const matchers = silenceRow.locator('.matcher-text');
    assert.equal(await matchers.count(), 5);
    assert.ok(increasing(await lefts(matchers)), 'matchers left to right');
    assert.match((await silenceRow.textContent()) ?? '', /a2="abc⟨U\+202E⟩def"/);
  });

  it('after a matcher edit the detail pane follows the new silence; tabs clear it', async () => {
    await page.locator('button[data-view=silences]').click();
    const row = page.locator('[data-testid=silence-row]', { hasText: 'lossless' });
    await row.waitFor({ timeout: 15_000 });
    const oldId = (await row.getAttribute('data-silence-id')) ?? '';
    await row.click();
    const detail = page.locator('[data-testid=silence-detail]');
    await detail.locator('[data-testid=silence-edit]').click();
    const dialog = page.locator('dialog[open]');
    await dialog.waitFor();
    // A new matcher: the server expires the old silence and creates a new one.
    await dialog.getByRole('button', { name: '+ Add matcher' }).click();
    const n = await dialog.locator('[aria-label^="Label name"]').count();
    await dialog.locator(`[aria-label="Label name ${n}"]`).fill('idx');
    await dialog.locator(`[aria-label="Operator ${n}"]`).selectOption('!=');
    await dialog.locator(`[aria-label="Value ${n}"]`).fill('nothing');
    await dialog.locator('[data-testid=silence-submit]').click();
    const newId = ((await dialog.locator('[data-testid=silence-id]').textContent()) ?? '').trim();
    assert.ok(newId && newId !== oldId, `a new id (${newId})`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await waitFor(async () => ((await detail.locator('.id').textContent()) ?? '') === newId, {
      message: 'the detail pane shows the new silence',
    });
    assert.match((await detail.locator('.badge').first().textContent()) ?? '', /active/);
    assert.equal(await detail.locator('[data-testid^=recreate-]').count(), 0);
    // Another tab never keeps this tab's silence open.
    await page.locator('[data-tab=expired]').click();
    await waitFor(async () => (await detail.count()) === 0);
    await page.locator('[data-tab=active]').click();
  });

  it('shows the server error for an invalid regex in the filter bar', async () => {
    await page
      .getByRole('button', { name: /^Alerts/ })
      .first()
      .click();
    await page.fill('[data-testid=filter-input]', 'v=~"("');
    const err = page.locator('[data-testid=filter-error]');
    await err.waitFor();
    assert.match(
      (await err.textContent()) ?? '',
      /error parsing regexp: missing closing \): `\^\(\?:\(\)\$`/,
    );
  });
});
