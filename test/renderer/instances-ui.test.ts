// Instances, stale data, settings and first-run setup, end to end against two real
// Alertmanagers (one of them killed mid-test).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  startAlertmanager,
  waitFor,
  type AmProcess,
} from '../support/alertmanager.ts';
import { createCore } from '../../main/core/engine/create-core.ts';
import { startBrowserShell } from '../../main/server/start.ts';
import {
  buildRenderer,
  cspViolations,
  useBrowser,
  openUi,
  testInstance,
  testSettings,
  type Ui,
} from './support/ui.ts';

const chromium = useBrowser();

describe('instances, settings and setup', { skip: amSkipReason() }, () => {
  let am1: AmProcess;
  let am2: AmProcess;
  let ui: Ui;
  let page: Page;

  before(async () => {
    [am1, am2] = await Promise.all([startAlertmanager(), startAlertmanager()]);
    await postAlerts(am1.url, [makeAlert({ alertname: 'FromOne', severity: 'critical' })]);
    await postAlerts(am2.url, [makeAlert({ alertname: 'FromTwo', severity: 'warning' })]);
    ui = await openUi(
      chromium.browser,
      testSettings([testInstance('am1', am1.url), testInstance('am2', am2.url)]),
    );
    page = ui.page;
  });

  after(async () => {
    await ui?.close();
    await Promise.all([am1?.stop(), am2?.stop()]);
  });

  it('shows each instance healthy with its version and config', async () => {
    await page
      .locator('[data-testid=group-row]', { hasText: 'FromTwo' })
      .waitFor({ timeout: 30_000 });
    await page.locator('button[data-view=instances]').click();
    for (const name of ['am1', 'am2']) {
      const health = page.locator(
        `[data-testid=instance-row][data-instance=${name}] [data-testid=instance-health]`,
      );
      await waitFor(async () => (await health.textContent()) === 'ok', { timeoutMs: 20_000 });
    }
    const row = page.locator('[data-testid=instance-row][data-instance=am1]');
    await waitFor(async () => /0\.\d+/.test((await row.textContent()) ?? ''), {
      timeoutMs: 20_000,
    });
    await row.locator('button.name').click();
    await page.locator('button', { hasText: 'Show configuration' }).click();
    const config = page.locator('[data-testid=instance-config]');
    await config.waitFor();
    assert.match((await config.textContent()) ?? '', /receivers:/);
  });

  it('marks a killed instance unreachable and its data stale; the other stays', async () => {
    await am2.kill();
    const banner = page.locator('[data-testid=stale-banner]');
    await banner.waitFor({ timeout: 60_000 });
    assert.match((await banner.textContent()) ?? '', /am2 unreachable since \d{1,2}:\d\d/);
    assert.match((await banner.textContent()) ?? '', /showing last known data/);
    assert.match((await banner.getAttribute('class')) ?? '', /blind/, 'red: no data from am2');
    const health = page.locator(
      '[data-testid=instance-row][data-instance=am2] [data-testid=instance-health]',
    );
    await waitFor(async () => /unreachable/.test((await health.textContent()) ?? ''));

    await page.locator('button[data-view=alerts]').click();
    const two = page.locator('[data-testid=group-row]', { hasText: 'FromTwo' });
    await two.waitFor();
    await two.locator('.badge', { hasText: 'stale' }).waitFor({ timeout: 60_000 });
    const one = page.locator('[data-testid=group-row]', { hasText: 'FromOne' });
    await one.waitFor();
    assert.equal(await one.locator('.badge', { hasText: 'stale' }).count(), 0);
  });

  it('tests a new instance (ok and failing) and adds it', async () => {
    await page.locator('button[data-view=settings]').click();
    await page.locator('[data-testid=add-instance]').click();
    const editor = page.locator('[data-testid=instance-editor]').last();
    await editor.locator('[data-testid=instance-url]').fill(am1.url);
    await editor.locator('[data-testid=instance-name]').fill('again');
    await editor.locator('[data-testid=test-connection]').click();
    const result = editor.locator('[data-testid=test-result]');
    await result.waitFor({ timeout: 20_000 });
    assert.equal(await result.getAttribute('data-ok'), 'true', (await result.textContent()) ?? '');
    assert.match((await result.textContent()) ?? '', /Alertmanager 0\.\d+/);

    await editor.locator('[data-testid=instance-url]').fill('http://127.0.0.1:1');
    await editor.locator('[data-testid=test-connection]').click();
    await waitFor(async () => (await result.getAttribute('data-ok')) === 'false', {
      timeoutMs: 20_000,
    });
    assert.match((await result.textContent()) ?? '', /refused|ECONNREFUSED|connect/i);

    await editor.locator('[data-testid=instance-url]').fill(am1.url);
    await editor.locator('[data-testid=instance-save]').click();
    // One save model (issue 30 item 7): the instance is in the draft, marked, until saved.
    const card = page.locator('[data-testid=settings-instance][data-instance=again]');
    await card.locator('[data-testid=instance-unsaved]').waitFor();
    await page.locator('[data-testid=settings-unsaved]').waitFor();
    assert.equal(ui.shell.core.getSettings().instances.length, 2, 'not saved before Save');
    await page.locator('[data-testid=settings-save]').click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await card.locator('[data-testid=instance-unsaved]').waitFor({ state: 'detached' });
    const stored = ui.shell.core.getSettings().instances.map((i) => i.name);
    assert.deepEqual(stored.sort(), ['again', 'am1', 'am2']);
  });

  it('edits an instance: headers and a password that is stored, never shown back', async () => {
    const card = page.locator('[data-testid=settings-instance][data-instance=again]');
    await card.locator('button', { hasText: 'Edit' }).click();
    const editor = card.locator('[data-testid=instance-editor]');
    await editor.locator('select[id^=inst-auth]').selectOption('basic');
    await editor.locator('input[id^=inst-user]').fill('alice');
    await editor.locator('input[id^=inst-pass]').fill('s3cret-pw');
    await editor.locator('button', { hasText: '+ Add header' }).click();
    await editor.locator('input[aria-label="Header name"]').fill('X-Scope-OrgID');
    await editor.locator('input[aria-label="Header value"]').fill('tenant-1');
    await editor.locator('[data-testid=instance-save]').click();
    await card.locator('.badge', { hasText: 'basic auth' }).waitFor();
    const id = ui.shell.core.getSettings().instances.find((i) => i.name === 'again')!.id;
    assert.equal(await ui.secrets.get(`instance/${id}/password`), undefined, 'not before Save');
    await page.locator('[data-testid=settings-save]').click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();

    const inst = ui.shell.core.getSettings().instances.find((i) => i.name === 'again');
    assert.ok(inst);
    assert.deepEqual(inst.headers, { 'X-Scope-OrgID': 'tenant-1' });
    assert.equal(inst.auth.type, 'basic');
    assert.ok(!JSON.stringify(ui.shell.core.getSettings()).includes('s3cret-pw'));
    assert.equal((await ui.secrets.get(`instance/${inst.id}/password`))?.value, 's3cret-pw');

    await card.locator('button', { hasText: 'Edit' }).click();
    const pass = card.locator('input[id^=inst-pass]');
    assert.equal(await pass.inputValue(), '');
    assert.match((await pass.getAttribute('placeholder')) ?? '', /stored/);
    assert.ok(!(await page.content()).includes('s3cret-pw'));
    await card.locator('button', { hasText: 'Cancel' }).click();
  });

  it('saves notification rules, refusing invalid matchers', async () => {
    await page.locator('#min-sev').selectOption('critical');
    await page.getByRole('checkbox', { name: 'Notify when alerts resolve' }).check();
    await page.locator('#storm').fill('12');
    await page.locator('#include').fill('team=~"sre|ops"\nseverity=~"(crit');
    await page.locator('#include ~ .error-text').first().waitFor();
    await page.locator('[data-testid=settings-save]').click();
    await page.getByRole('alert').filter({ hasText: 'Fix the matcher errors' }).waitFor();
    assert.equal(ui.shell.core.getSettings().notifications.minSeverity, '');

    await page.locator('#include').fill('team=~"sre|ops"');
    await page.locator('[data-testid=settings-save]').click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    const n = ui.shell.core.getSettings().notifications;
    assert.equal(n.minSeverity, 'critical');
    assert.equal(n.notifyOnResolve, true);
    assert.equal(n.stormThreshold, 12);
    assert.deepEqual(n.include, ['team=~"sre|ops"']);
  });

  it('shows the secret storage warning', async () => {
    await page.locator('[data-testid=secret-warning]').waitFor();
  });

  it('ran without page errors or CSP violations', async () => {
    assert.deepEqual(ui.problems, []);
    assert.deepEqual(await cspViolations(page), []);
  });

  it('says so when the app core goes away, and keeps the hash route', async () => {
    await page.locator('button[data-view=silences]').click();
    await waitFor(() => new URL(page.url()).hash === '#/silences');
    await ui.shell.close();
    await page.locator('[data-testid=core-lost-banner]').waitFor({ timeout: 20_000 });
  });
});

describe('unreadable settings file', () => {
  it('starts from defaults and tells the user where the old file went', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'amtray-ui-settings-'));
    const configPath = join(dir, 'settings.json');
    writeFileSync(configPath, '{ this is not json');
    const shell = await startBrowserShell({
      createCore: (o) => createCore(o),
      configPath,
      rendererDir: buildRenderer(),
    });
    try {
      const context = await chromium.browser.newContext();
      const page = await context.newPage();
      await page.goto(shell.url);
      const err = page.locator('[data-testid=settings-error]');
      await err.waitFor({ timeout: 20_000 });
      assert.match((await err.textContent()) ?? '', /settings\.json\.corrupt-/);
      await page.locator('[data-testid=setup-screen]').waitFor();
      await context.close();
    } finally {
      await shell.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('first run', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  let ui: Ui;

  before(async () => {
    am = await startAlertmanager();
    await postAlerts(am.url, [makeAlert({ alertname: 'FirstRun' })]);
    ui = await openUi(chromium.browser, testSettings([]));
  });

  after(async () => {
    await ui?.close();
    await am?.stop();
  });

  it('suggests localhost:9093, tests the connection and starts watching', async () => {
    const page = ui.page;
    const setup = page.locator('[data-testid=setup-screen]');
    await setup.waitFor({ timeout: 20_000 });
    const url = setup.locator('[data-testid=instance-url]');
    assert.equal(await url.inputValue(), 'http://localhost:9093');
    await url.fill(am.url);
    await setup.locator('[data-testid=test-connection]').click();
    const result = setup.locator('[data-testid=test-result]');
    await result.waitFor({ timeout: 20_000 });
    assert.equal(await result.getAttribute('data-ok'), 'true', (await result.textContent()) ?? '');
    await setup.locator('[data-testid=instance-save]').click();
    await page
      .locator('[data-testid=group-row]', { hasText: 'FirstRun' })
      .waitFor({ timeout: 30_000 });
    assert.equal(ui.shell.core.getSettings().instances.length, 1);
    assert.deepEqual(ui.problems, []);
  });
});
