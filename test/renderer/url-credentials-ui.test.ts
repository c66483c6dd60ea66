// The window (browser shell, Chromium) refuses a URL holding credentials or a query: the
// setup screen says the schema's message at the URL field as it is typed (use the basic auth
// fields; remove the query), Test and Save stay off, nothing is applied, and the password never
// comes back in the page. (The bridge's own refusal: test/server/server-config.test.ts.)
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
    const url = setup.locator('[data-testid=instance-url]');
    const fieldError = setup
      .locator('.field', { has: ui.page.locator('[data-testid=instance-url]') })
      .locator('.error-text');
    const test = setup.locator('[data-testid=test-connection]');
    const save = setup.locator('[data-testid=instance-save]');

    await url.fill('http://oncall:pw-Secret-6@127.0.0.1:1');
    await fieldError.filter({ hasText: /basic auth fields/ }).waitFor({ timeout: 20_000 });
    assert.ok(await test.isDisabled(), 'no test with credentials in the URL');
    assert.ok(await save.isDisabled(), 'no save with credentials in the URL');
    assert.equal(ui.shell.core.getSettings().instances.length, 0, 'not applied');
    const shown = await ui.page.locator('body').innerText();
    assert.doesNotMatch(shown, /pw-Secret-6/);

    await url.fill('http://127.0.0.1:1/?tenant=a');
    await fieldError.filter({ hasText: 'cannot have a query' }).waitFor({ timeout: 20_000 });
    assert.ok(await save.isDisabled());
    await url.fill('http://127.0.0.1:1/');
    await fieldError.waitFor({ state: 'detached' });
    assert.equal(ui.shell.core.getSettings().instances.length, 0, 'not applied');
    assert.deepEqual(ui.problems, []);
  });
});
