// The first-run setup screen (issue 30, item 7) in Chromium over the browser shell: with the
// advanced options shown, every box (Authentication, Headers, TLS, Polling) stays inside the
// card at 960 and at 480 px and nothing scrolls sideways; a failed "Test connection" answer
// goes away as soon as the URL it was about is edited.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { openUi, testSettings, useBrowser, type Ui } from './support/ui.ts';

const chromium = useBrowser();

describe('setup screen layout', () => {
  let ui: Ui;
  let page: Page;

  before(async () => {
    ui = await openUi(chromium.browser, testSettings([]));
    page = ui.page;
    await page.locator('[data-testid=setup-screen]').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: /Show authentication and advanced options/ }).click();
    await page.locator('fieldset', { hasText: 'Polling' }).waitFor();
  });

  after(async () => {
    await ui?.close();
  });

  for (const width of [960, 480]) {
    it(`keeps every box inside the card at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 680 });
      // A string: the page's DOM types are not in this project's lib.
      const out = (await page.evaluate(`(() => {
        const card = document.querySelector('[data-testid=setup-screen] .card');
        const c = card.getBoundingClientRect();
        const boxes = [...card.querySelectorAll('fieldset, input, select, button')].map((el) => {
          const b = el.getBoundingClientRect();
          const name =
            el.tagName === 'FIELDSET'
              ? 'FIELDSET ' + (el.querySelector('legend')?.textContent ?? '')
              : el.tagName + ' ' + (el.getAttribute('aria-label') ?? el.textContent ?? '');
          return { name: name.trim(), left: b.left - c.left, right: c.right - b.right };
        });
        return {
          scroll: document.scrollingElement.scrollWidth,
          outside: boxes.filter((b) => b.left < 0 || b.right < 0),
          fieldsets: boxes.filter((b) => b.name.startsWith('FIELDSET')).length,
        };
      })()`)) as {
        scroll: number;
        outside: { name: string; left: number; right: number }[];
        fieldsets: number;
      };
      // Authentication, headers, TLS, polling, history (the Prometheus URL).
      assert.equal(out.fieldsets, 5);
      assert.deepEqual(out.outside, []);
      assert.ok(out.scroll <= width, `document ${out.scroll} wide at ${width}`);
    });
  }

  it('clears a failed test when the URL is edited', async () => {
    await page.setViewportSize({ width: 960, height: 680 });
    const setup = page.locator('[data-testid=setup-screen]');
    const url = setup.locator('[data-testid=instance-url]');
    // Port 1 on loopback: nothing listens, the test fails fast.
    await url.fill('http://127.0.0.1:1');
    await setup.locator('[data-testid=test-connection]').click();
    const result = setup.locator('[data-testid=test-result]');
    await result.waitFor({ timeout: 20_000 });
    assert.equal(await result.getAttribute('data-ok'), 'false');
    await url.fill('http://127.0.0.1:2');
    await result.waitFor({ state: 'detached', timeout: 2_000 });
    // Back to what was tested: the answer was about that, and is shown again.
    await url.fill('http://127.0.0.1:1');
    await result.waitFor({ timeout: 2_000 });
    assert.deepEqual(ui.problems, []);
  });
});
