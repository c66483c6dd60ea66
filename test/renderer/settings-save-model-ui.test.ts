// One save model in Settings (issue 30 item 7): the theme, launch at login, link templates and
// the instance list are part of the draft like every other field. Nothing is stored before
// "Save settings"; removals show as "removed · not saved yet" with an Undo; leaving asks;
// Save stores all of it at once; Discard drops all of it. Chromium over the browser shell,
// a real Alertmanager plus a second (dead) instance.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert } from '../support/alertmanager.ts';
import { testInstance, testSettings, useAlertmanagerUi } from './support/ui.ts';

describe('Settings: one save model', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [makeAlert({ alertname: 'SaveModel' })],
    settings: (am) =>
      testSettings([
        testInstance('am1', am.url),
        testInstance('spare', 'http://127.0.0.1:1', { timeoutSec: 1 }),
      ]),
    viewport: { width: 960, height: 680 },
  });
  let page: Page;
  const stored = () => t.ui.shell.core.getSettings();
  const dialog = () => page.locator('[data-testid=leave-settings]');
  const card = (name: string) =>
    page.locator(`[data-testid=settings-instance][data-instance=${name}]`);

  before(() => {
    page = t.page;
  });

  async function editEverything(): Promise<void> {
    await page.locator('button[data-view=settings]').click();
    await page.getByRole('radio', { name: 'dark' }).check();
    await page.getByRole('button', { name: 'Add link' }).click();
    await page.locator('[data-testid=link-name]').fill('Logs');
    await page
      .locator('[data-testid=link-url]')
      .fill('https://logs.example/?a={{ .Labels.alertname }}');
    await card('spare').getByRole('button', { name: 'Remove…' }).click();
    await card('spare').getByRole('button', { name: 'Remove', exact: true }).click();
    await page.locator('[data-testid=removed-instance]', { hasText: 'spare' }).waitFor();
    await page.locator('[data-testid=settings-unsaved]').waitFor();
  }

  it('nothing is stored before Save; a removal can be undone', async () => {
    await editEverything();
    const s = stored();
    assert.equal(s.ui.theme, 'system');
    assert.deepEqual(s.ui.linkTemplates, []);
    assert.deepEqual(
      s.instances.map((i) => i.name),
      ['am1', 'spare'],
    );
    await page
      .locator('[data-testid=removed-instance]', { hasText: 'spare' })
      .getByRole('button', { name: 'Undo' })
      .click();
    await card('spare').waitFor();
    assert.equal(await page.locator('[data-testid=removed-instance]').count(), 0);
  });

  it('Discard on leaving drops all of it', async () => {
    await page.locator('button[data-view=alerts]').click();
    await dialog().getByRole('button', { name: 'Discard' }).click();
    await dialog().waitFor({ state: 'detached' });
    await page.locator('button[data-view=settings]').click();
    assert.equal(await page.getByRole('radio', { name: 'system' }).isChecked(), true);
    assert.equal(await page.locator('[data-testid=link-name]').count(), 0);
    assert.equal(await page.locator('[data-testid=settings-unsaved]').count(), 0);
    assert.equal(stored().ui.theme, 'system');
  });

  it('Save stores the theme, the link and the removal together', async () => {
    await editEverything();
    await page.locator('[data-testid=settings-save]').click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    const s = stored();
    assert.equal(s.ui.theme, 'dark');
    assert.deepEqual(s.ui.linkTemplates, [
      { name: 'Logs', url: 'https://logs.example/?a={{ .Labels.alertname }}' },
    ]);
    assert.deepEqual(
      s.instances.map((i) => i.name),
      ['am1'],
    );
    assert.equal(await page.locator('[data-testid=removed-instance]').count(), 0);
    // Nothing left to ask about.
    await page.locator('button[data-view=alerts]').click();
    assert.equal(await dialog().count(), 0);
    assert.deepEqual(t.ui.problems, []);
  });
});
