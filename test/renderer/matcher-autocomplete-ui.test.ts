// Label name and value autocomplete in the silence form's matcher fields (issue 30, item 1),
// in Chromium over the browser shell against a real Alertmanager: names and values of the
// current alerts, chosen with ArrowDown/Up and Enter or Tab; Esc closes the list and not the
// dialog; at most 12 suggestions however many values a label has; a value picked for `=~`
// is escaped so it matches exactly itself; tabbing through the form never opens a list.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert } from '../support/alertmanager.ts';
import { useAlertmanagerUi } from './support/ui.ts';

const PODS = Array.from({ length: 60 }, (_, i) => `pod-${String(i).padStart(2, '0')}`);

describe('matcher autocomplete', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [
      makeAlert({ alertname: 'DiskFull', severity: 'warning', instance: 'db.1:9100' }),
      makeAlert({ alertname: 'DiskFull', severity: 'critical', instance: 'db.2:9100' }),
      makeAlert({ alertname: 'DiskSlow', severity: 'warning', instance: 'db.3:9100' }),
      ...PODS.map((pod) => makeAlert({ alertname: 'PodCrash', severity: 'info', pod })),
    ],
    viewport: { width: 960, height: 680 },
  });
  let page: Page;
  before(() => ({ page } = t));
  const dialog = () => page.locator('[data-testid=silence-dialog]');
  const list = () => dialog().locator('[data-testid=matcher-suggestions]');
  const options = () => list().locator('[role=option]');

  it('suggests label names; ArrowDown and Enter accept; the form is not submitted', async () => {
    await page.getByRole('button', { name: 'New silence', exact: true }).click();
    await dialog().waitFor();
    const name = dialog().locator('[aria-label="Label name 1"]');
    // Tabbing into the field opens nothing (Tab would accept).
    await name.focus();
    assert.equal(await list().count(), 0);
    await name.pressSequentially('se');
    await list().waitFor();
    const texts = await options().allTextContents();
    assert.equal(texts.length, 1, texts.join(' | '));
    assert.match(texts[0]!, /^severity\s*3 values$/);
    assert.equal(await name.getAttribute('aria-expanded'), 'true');
    await name.press('Enter');
    assert.equal(await name.inputValue(), 'severity');
    await list().waitFor({ state: 'detached' });
    assert.equal(await dialog().count(), 1, 'Enter accepted; nothing was submitted');
    assert.equal(await dialog().locator('[data-testid=silence-success]').count(), 0);
  });

  it('suggests that label’s values, most frequent first; ArrowUp wraps; Tab accepts', async () => {
    const name = dialog().locator('[aria-label="Label name 1"]');
    await name.fill('');
    await name.pressSequentially('alert');
    await list().waitFor();
    await name.press('Tab');
    assert.equal(await name.inputValue(), 'alertname');
    const value = dialog().locator('[aria-label="Value 1"]');
    await value.focus();
    await value.pressSequentially('Di');
    await list().waitFor();
    await page.screenshot({ path: '/tmp/matcher-autocomplete.png' }); // looked at, not compared
    const texts = await options().allTextContents();
    assert.equal(texts.length, 2);
    assert.match(texts[0]!, /^DiskFull/, 'two alerts carry DiskFull');
    assert.match(texts[1]!, /^DiskSlow/);
    assert.equal(await options().first().getAttribute('aria-selected'), 'true');
    await value.press('ArrowDown');
    assert.equal(await options().nth(1).getAttribute('aria-selected'), 'true');
    await value.press('ArrowUp');
    await value.press('ArrowUp');
    assert.equal(await options().nth(1).getAttribute('aria-selected'), 'true', 'wrapped');
    await value.press('Tab');
    assert.equal(await value.inputValue(), 'DiskSlow');
    await list().waitFor({ state: 'detached' });
  });

  it('Esc closes the list, not the dialog; a second Esc closes the dialog', async () => {
    const value = dialog().locator('[aria-label="Value 1"]');
    await value.fill('');
    await value.pressSequentially('D');
    await list().waitFor();
    await page.keyboard.press('Escape');
    await list().waitFor({ state: 'detached' });
    assert.equal(await dialog().count(), 1, 'the dialog stays');
    assert.equal(await value.inputValue(), 'D', 'what was typed stays');
    // ArrowDown opens it again.
    await value.press('ArrowDown');
    await list().waitFor();
    await page.keyboard.press('Escape');
    await list().waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
  });

  it('bounded: 60 values of a label offer at most 12; a regex pick is escaped', async () => {
    await page.getByRole('button', { name: 'New silence', exact: true }).click();
    await dialog().waitFor();
    await dialog().locator('[aria-label="Label name 1"]').fill('pod');
    const value = dialog().locator('[aria-label="Value 1"]');
    await value.focus();
    await value.pressSequentially('p');
    await list().waitFor();
    assert.equal(await options().count(), 12);
    await value.fill('');
    await dialog().locator('select[aria-label="Operator 1"]').selectOption('=~');
    await dialog().locator('[aria-label="Label name 1"]').fill('instance');
    await value.focus();
    await value.pressSequentially('db.2');
    await list().waitFor();
    await value.press('Enter');
    assert.equal(await value.inputValue(), 'db\\.2:9100');
    assert.equal(await value.getAttribute('aria-invalid'), 'false');
    // Picked with the mouse too, focus kept in the field.
    await value.fill('');
    await value.pressSequentially('db');
    await list().waitFor();
    await options().nth(2).locator('button').click();
    assert.match(await value.inputValue(), /^db\\\.\d:9100$/);
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
  });
});
