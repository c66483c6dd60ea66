// Issue 27 items 4 and 7 in the window: runbook links on rows and group rows, the `o` key,
// link templates from Settings › Links on rows and in the detail, and the filter hint.
// Real Alertmanager, real core, browser shell, headless Chromium. Links open in new tabs,
// which test/renderer/support/ui.ts records and closes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { amSkipReason, makeAlert, waitFor } from '../support/alertmanager.ts';
import { testInstance, testSettings, useAlertmanagerUi } from './support/ui.ts';

describe('row links', { skip: amSkipReason() }, () => {
  const ctx = useAlertmanagerUi({
    alerts: [
      makeAlert(
        { alertname: 'DiskFull', severity: 'warning', namespace: 'pay ments&1' },
        { annotations: { summary: 'Disk', runbook_url: 'https://runbooks.example/disk' } },
      ),
      makeAlert(
        { alertname: 'DiskFull', severity: 'warning', namespace: 'other' },
        { annotations: { summary: 'Disk', runbook_url: 'https://runbooks.example/disk' } },
      ),
      makeAlert(
        { alertname: 'Latency', severity: 'critical', namespace: 'api' },
        { annotations: { runbook: 'javascript:alert(1)', dashboard_url: 'https://g.example/d' } },
      ),
    ],
    settings: (am) => testSettings([testInstance('am1', am.url)]),
  });
  const openedUrls = (): string[] => ctx.ui.opened;

  it('every row with a runbook links it, and so does its group row', async () => {
    const { page } = ctx;
    const rows = page.locator('[data-testid=alert-row]');
    await waitFor(async () => (await rows.count()) === 3, { timeoutMs: 20_000 });
    for (let i = 0; i < 3; i++) {
      const row = rows.nth(i);
      const name = (await row.locator('.row-name').textContent())?.trim();
      const link = row.locator('[data-testid=row-link-runbook]');
      if (name === 'DiskFull') {
        assert.equal(await link.getAttribute('href'), 'https://runbooks.example/disk');
      } else {
        assert.equal(await link.count(), 0, 'a javascript: runbook is no link');
        assert.equal(
          await row.locator('[data-testid=row-link-dashboard]').getAttribute('href'),
          'https://g.example/d',
        );
      }
    }
    const group = page.locator('[data-testid=group-row]', { hasText: 'DiskFull' });
    assert.equal(
      await group.locator('[data-testid=row-link-runbook]').getAttribute('href'),
      'https://runbooks.example/disk',
    );
  });

  it('clicking a row link opens it in a new tab, not in the window', async () => {
    const { page } = ctx;
    const before = openedUrls().length;
    await page
      .locator('[data-testid=group-row]', { hasText: 'DiskFull' })
      .locator('[data-testid=row-link-runbook]')
      .click();
    await waitFor(async () => openedUrls().length > before, { timeoutMs: 5000 });
    assert.equal(openedUrls().at(-1), 'https://runbooks.example/disk');
    assert.equal(page.url().startsWith('http://127.0.0.1'), true);
    assert.deepEqual(ctx.ui.handedToShell, [], 'not opened where the shell runs');
  });

  it('`o` opens the selected alert’s runbook; nothing for an alert without one', async () => {
    const { page } = ctx;
    const row = page.locator('[data-testid=alert-row]', { hasText: 'DiskFull' }).first();
    await row.click();
    const before = openedUrls().length;
    await page.keyboard.press('o');
    await waitFor(async () => openedUrls().length > before, { timeoutMs: 5000 });
    assert.equal(openedUrls().at(-1), 'https://runbooks.example/disk');

    await page.locator('[data-testid=alert-row]', { hasText: 'Latency' }).click();
    const after = openedUrls().length;
    await page.keyboard.press('o');
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(openedUrls().length, after);
    // Typing "o" in the filter is text, not the key.
    await page.fill('[data-testid=filter-input]', '');
    await page.locator('[data-testid=filter-input]').press('o');
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(openedUrls().length, after);
    await page.fill('[data-testid=filter-input]', '');
  });

  it('a link template set in Settings shows on rows and in the detail, value encoded', async () => {
    const { page } = ctx;
    await page.locator('button[data-view=settings]').click();
    await page.getByRole('button', { name: 'Add link' }).click();
    await page.locator('[data-testid=link-name]').fill('Logs');
    await page.locator('[data-testid=link-url]').fill('ftp://x');
    assert.match(await page.locator('[data-testid=link-problem]').innerText(), /http/);
    await page
      .locator('[data-testid=link-url]')
      .fill('https://logs.example/?ns={{ .Labels.namespace }}&t={{ .Labels.team }}');
    await page.locator('[data-testid=settings-save]').click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    assert.deepEqual(ctx.ui.shell.core.getSettings().ui.linkTemplates, [
      {
        name: 'Logs',
        url: 'https://logs.example/?ns={{ .Labels.namespace }}&t={{ .Labels.team }}',
      },
    ]);

    await page.locator('button[data-view=alerts]').click();
    const row = page.locator('[data-testid=alert-row]', { hasText: 'pay ments' });
    const link = row.locator('[data-testid=row-link-template]');
    await link.waitFor();
    const want = 'https://logs.example/?ns=pay%20ments%261&t=';
    assert.equal(await link.getAttribute('href'), want);
    assert.equal(await link.innerText(), 'Logs');
    await row.click();
    const detail = page.locator('[data-testid=detail-links] [data-testid=row-link-template]');
    assert.equal(await detail.getAttribute('href'), want);
  });

  it('C copies the selected alert as Markdown; the detail button as text', async () => {
    const { page } = ctx;
    await ctx.ui.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(ctx.ui.shell.url).origin,
    });
    await page.locator('[data-testid=alert-row]', { hasText: 'pay ments' }).click();
    await page.keyboard.press('Shift+C');
    await page.getByText('Copied as Markdown').waitFor();
    const md = await page.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    );
    assert.match(md, /^\*\*DiskFull\*\* — active since /);
    assert.match(md, /- \*\*Where:\*\* am1/);
    assert.match(md, /`namespace="pay ments&1"`/);
    assert.match(md, /- \*\*summary:\*\* Disk/);
    assert.match(
      md,
      /\[runbook\]\(<https:\/\/runbooks\.example\/disk>\), \[Logs\]\(<https:\/\/logs\.example\/\?ns=pay%20ments%261&t=>\)/,
    );
    await page.locator('[data-testid=copy-text]').click();
    await page.getByText('Copied as text').first().waitFor();
    const text = await page.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    );
    assert.match(text, /^DiskFull — active, since /);
    assert.match(text, /runbook: https:\/\/runbooks\.example\/disk/);
  });

  it('a matcher on a label no alert has says so and names the nearest label', async () => {
    const { page } = ctx;
    await page.fill('[data-testid=filter-input]', 'namspace="payments"');
    await page.keyboard.press('Enter');
    const hint = page.locator('[data-testid=filter-hint]');
    await hint.waitFor();
    assert.match(await hint.innerText(), /No alert has label namspace; did you mean namespace\?/);
    await page.fill('[data-testid=filter-input]', 'namespace="api"');
    await waitFor(async () => (await hint.count()) === 0, { timeoutMs: 5000 });
    await page.fill('[data-testid=filter-input]', '');
  });
});
