// The window (browser shell, Chromium) refuses a URL holding credentials or a query: the
// setup screen's Test and Save answer with the schema's message (use the basic auth fields;
// remove the query), nothing is applied, and the password never comes back in the page.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, openUi, testSettings, type Ui } from './support/ui.ts';

describe('URL credentials in the setup screen', () => {
  let browser: Browser;
  let ui: Ui;
  before(async () => {
    browser = await launchBrowser();
    ui = await openUi(browser, testSettings([]));
  });
  after(async () => {
    await ui?.close();
    await browser?.close();
  });

  it('Test and Save refuse them, saying what to do; nothing is applied or shown', async () => {
    const setup = ui.page.locator('[data-testid=setup-screen]');
    await setup.waitFor({ timeout: 20_000 });
    await setup.locator('[data-testid=instance-url]').fill('http://oncall:pw-Secret-6@127.0.0.1:1');
    await setup.locator('[data-testid=test-connection]').click();
    const result = setup.locator('[data-testid=test-result]');
    await result.waitFor({ timeout: 20_000 });
    assert.match((await result.textContent()) ?? '', /basic auth fields/);
    await setup.locator('[data-testid=instance-save]').click();
    const saveError = setup.locator('[data-testid=save-error]');
    await saveError.waitFor({ timeout: 20_000 });
    assert.match((await saveError.textContent()) ?? '', /user name or password in the URL/);
    assert.equal(ui.shell.core.getSettings().instances.length, 0, 'not applied');
    const shown = await ui.page.locator('body').innerText();
    assert.doesNotMatch(shown, /pw-Secret-6/);

    await setup.locator('[data-testid=instance-url]').fill('http://127.0.0.1:1/?tenant=a');
    await setup.locator('[data-testid=instance-save]').click();
    await ui.page
      .locator('[data-testid=save-error]', { hasText: 'cannot have a query' })
      .waitFor({ timeout: 20_000 });
    assert.equal(ui.shell.core.getSettings().instances.length, 0, 'not applied');
    assert.deepEqual(ui.problems, []);
  });
});
