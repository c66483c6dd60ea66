// The instance editor (browser shell, Chromium) asks for the password again when the URL
// names another server: the stored one is bound to its own origin. A path change alone asks
// nothing. Saving with the new password stores it for the new origin, and the instance works
// against a real Alertmanager behind a proxy that wants that password.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { secretKeyFor } from '../../main/core/secrets/secret-keys.ts';
import { amSkipReason, startAlertmanager, type AmProcess } from '../support/alertmanager.ts';
import { waitFor } from '../support/wait.ts';
import { startProxy, type SwitchProxy } from '../core/engine/proxy.ts';
import { launchBrowser, openUi, testInstance, testSettings, type Ui } from './support/ui.ts';

const KEY = secretKeyFor('am1', 'password');
const basic = (pw: string) => `Basic ${Buffer.from(`oncall:${pw}`).toString('base64')}`;

describe('a stored password and a URL to another server', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  let oldServer: SwitchProxy;
  let newServer: SwitchProxy;
  let browser: Browser;
  let ui: Ui;

  before(async () => {
    am = await startAlertmanager();
    oldServer = await startProxy(am.url);
    oldServer.requireAuth = basic('old-Secret-1');
    newServer = await startProxy(am.url);
    newServer.requireAuth = basic('new-Secret-2');
    browser = await launchBrowser();
    const auth = { type: 'basic' as const, username: 'oncall', passwordKey: KEY };
    ui = await openUi(browser, testSettings([testInstance('am1', oldServer.url, { auth })]));
    await ui.secrets.set(KEY, 'old-Secret-1', oldServer.url);
    await waitFor(
      async () => {
        await ui.shell.core.refresh('am1');
        return ui.shell.core.snapshot().instances.am1?.health === 'ok';
      },
      { timeoutMs: 30_000 },
    );
  });
  after(async () => {
    await ui?.close();
    await browser?.close();
    await newServer?.close();
    await oldServer?.close();
    await am?.stop();
  });

  it('requires the password again, saying why; saving binds the new one', async () => {
    const { page } = ui;
    await page.locator('button[data-view=settings]').click();
    const card = page.locator('[data-testid=settings-instance][data-instance=am1]');
    await card.locator('button', { hasText: 'Edit' }).click();
    const editor = card.locator('[data-testid=instance-editor]');
    const url = editor.locator('[data-testid=instance-url]');
    const secret = editor.locator('[data-testid=instance-secret]');
    const save = editor.locator('[data-testid=instance-save]');
    assert.match((await secret.getAttribute('placeholder')) ?? '', /stored/);
    assert.equal(await save.isEnabled(), true);

    // Same origin, another path: nothing asked.
    await url.fill(`${oldServer.url}/prefix`);
    assert.equal(await secret.getAttribute('aria-invalid'), 'false');
    assert.equal(await save.isEnabled(), true);

    await url.fill(newServer.url);
    const why = `The stored password is for ${oldServer.url}; enter it again for ${newServer.url}`;
    await editor.locator('.hint', { hasText: why }).waitFor();
    assert.equal(await secret.getAttribute('aria-invalid'), 'true');
    assert.doesNotMatch((await secret.getAttribute('placeholder')) ?? '', /stored/);
    assert.equal(await save.isEnabled(), false, 'Save waits for the password');

    await secret.fill('new-Secret-2');
    assert.equal(await save.isEnabled(), true);
    const savedAt = new Date().toISOString();
    await save.click();
    await page.locator('[data-testid=settings-save]').click();
    // A poll of the new server after the save: the old one answered "ok" too, so health alone
    // can be seen before the settings are applied (it was, once, on a loaded machine).
    await waitFor(
      () => {
        const i = ui.shell.core.snapshot().instances.am1;
        return (
          ui.shell.core.getSettings().instances[0]?.url === newServer.url &&
          i?.health === 'ok' &&
          (i.lastPollAt ?? '') > savedAt
        );
      },
      { timeoutMs: 30_000, message: 'the new server polled after the save' },
    );
    assert.equal(ui.shell.core.getSettings().instances[0]?.url, newServer.url);
    assert.deepEqual(await ui.secrets.get(KEY), {
      value: 'new-Secret-2',
      origin: newServer.url,
    });
    assert.ok(!(await page.content()).includes('new-Secret-2'));
    assert.deepEqual(ui.problems, []);
  });
});
