// The Electron app end to end (Playwright's _electron from playwright-core) against a real
// Alertmanager: the window shows a posted alert's group, silencing it from the window creates
// the silence on the server, and the tray menu lists the group (read through the test-only
// hook enabled by AMTRAY_E2E=1). Runs whenever a usable Electron binary exists
// (ELECTRON_OVERRIDE_DIST_PATH or node_modules/electron/dist); otherwise skips saying why.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import type { GettableSilence } from '../../main/core/api/types.ts';
import type { MenuItemModel, MenuModel } from '../../main/electron/tray-menu.ts';
import { usableElectron } from '../../main/tools/electron-binary.ts';
import { amSkipReason, waitFor, type AmProcess } from '../support/alertmanager.ts';
import { ensureBuilt, root } from '../support/browser-shell.ts';
import { watchedProfile, type WatchedProfile } from './watched-profile.ts';

function electronSkipReason(): string | false {
  const am = amSkipReason();
  if (am) return am;
  const binary = usableElectron();
  if (!binary.ok) return `Electron e2e skipped: ${binary.reason}`;
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return 'Electron e2e skipped: no display (run under xvfb-run)';
  }
  return false;
}

const skip = electronSkipReason();
if (skip) console.log(skip);

interface E2EHook {
  trayModel(): MenuModel;
  trayClick(id: string): Promise<void>;
  refresh(): Promise<void>;
}

function labels(items: MenuItemModel[]): string[] {
  return items.flatMap((i) => (i.type === 'item' ? [i.label] : []));
}

describe('Electron app', { skip }, () => {
  let profile: WatchedProfile | undefined;
  let am: AmProcess;
  let app: ElectronApplication | undefined;
  let page: Page;

  before(async () => {
    ensureBuilt();
    profile = await watchedProfile({ alertname: 'ElectronE2E', instance: 'db-7', name: 'e2e' });
    am = profile.am;
    const binary = usableElectron();
    assert.ok(binary.ok);
    app = await _electron.launch({
      executablePath: binary.path,
      // Containers usually lack the user namespaces Chromium's OS sandbox needs; the
      // renderer is still sandboxed by Electron's webPreferences.sandbox.
      args: ['--no-sandbox', root],
      cwd: root,
      env: { ...process.env, AMTRAY_E2E: '1', AMTRAY_USER_DATA: profile.userData },
      timeout: 60_000,
    });
    page = await app.firstWindow({ timeout: 60_000 });
  });

  after(async () => {
    await app?.evaluate(({ app: electronApp }) => electronApp.quit()).catch(() => undefined);
    await app?.close().catch(() => undefined);
    await profile?.remove();
  });

  it('runs locked down: no Node in the page, window.amtray from the preload', async () => {
    const globals = await page.evaluate(() => ({
      require: typeof (globalThis as { require?: unknown }).require,
      process: typeof (globalThis as { process?: unknown }).process,
      amtray: typeof (globalThis as { amtray?: unknown }).amtray,
      ipc: typeof (globalThis as { ipcRenderer?: unknown }).ipcRenderer,
    }));
    assert.deepEqual(globals, {
      require: 'undefined',
      process: 'undefined',
      amtray: 'object',
      ipc: 'undefined',
    });
    const info = await page.evaluate(() =>
      (globalThis as unknown as { amtray: { 'app:info'(): Promise<{ shell: string }> } }).amtray[
        'app:info'
      ](),
    );
    assert.equal(info.shell, 'electron');
  });

  it("shows the posted alert's group in the window", async () => {
    await page
      .locator('[data-testid=group-row]', { hasText: 'ElectronE2E' })
      .first()
      .waitFor({ timeout: 60_000 });
  });

  it('the tray menu lists the group with its Silence for submenu', async () => {
    const model = await waitFor(
      async () => {
        const m = await app!.evaluate(() =>
          (globalThis as unknown as { __amtrayE2E: E2EHook }).__amtrayE2E.trayModel(),
        );
        return labels(m.items).some((l) => l.includes('ElectronE2E')) ? m : undefined;
      },
      { timeoutMs: 30_000, message: 'tray lists ElectronE2E' },
    );
    assert.equal(model.icon, 'critical');
    assert.match(model.tooltip, /1 firing/);
    const group = model.items.find((i) => i.type === 'item' && i.label.includes('ElectronE2E'));
    assert.ok(group?.type === 'item' && group.submenu);
    assert.deepEqual(
      labels(group.submenu).filter((l) => /minutes|hour|day/.test(l)),
      ['15 minutes', '1 hour', '4 hours', '1 day'],
    );
  });

  it('silences the alert from the window; the server has the silence', async () => {
    const row = page.locator('[data-testid=alert-row]', { hasText: 'db-7' });
    await row.first().waitFor({ timeout: 30_000 });
    await row.first().click();
    await page.keyboard.press('s');
    const dialog = page.locator('[data-testid=silence-dialog]');
    await dialog.waitFor();
    await dialog.locator('#silence-comment').fill('silenced from the Electron e2e test');
    await dialog.locator('[data-testid=silence-submit]').click();
    const idEl = dialog.locator('[data-testid=silence-id]');
    await idEl.waitFor({ timeout: 30_000 });
    const id = ((await idEl.textContent()) ?? '').trim();
    assert.match(id, /^[0-9a-f-]{36}$/);
    const res = await fetch(`${am.url}/api/v2/silence/${id}`);
    assert.equal(res.status, 200);
    const silence = (await res.json()) as GettableSilence;
    assert.equal(silence.status.state, 'active');
    assert.equal(silence.comment, 'silenced from the Electron e2e test');
    assert.ok(silence.matchers.some((m) => m.name === 'instance' && m.value === 'db-7'));
    // The tray no longer lists the group as firing once the server reports it silenced.
    await waitFor(
      async () => {
        await app!.evaluate(() =>
          (globalThis as unknown as { __amtrayE2E: E2EHook }).__amtrayE2E.refresh(),
        );
        const m = await app!.evaluate(() =>
          (globalThis as unknown as { __amtrayE2E: E2EHook }).__amtrayE2E.trayModel(),
        );
        return !labels(m.items).some((l) => l.includes('ElectronE2E'));
      },
      { timeoutMs: 30_000, message: 'tray drops the silenced group' },
    );
  });
});
