// 100,000 server silences (anyone who can reach an Alertmanager may create them): the
// Silences view opens in under a second with no main-thread task over 200 ms, scrolls to the
// last silence and finds one by search. The same server lists 100,000 receivers and 10,000
// cluster peers: the receiver picker is windowed, the instance detail draws bounded chips. The server is Alertmanager 0.34's shape on the
// hostile test server (support/flavours.ts) with GET /silences answering a prepared body:
// posting 100,000 silences to a real Alertmanager takes minutes on this machine.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import type { GettableSilence } from '../../main/core/api/types.ts';
import { chromiumSkipReason } from '../support/chromium.ts';
import { startAlertmanager034, type FlavourServer } from '../support/flavours.ts';
import { waitFor } from '../support/wait.ts';
import { bestTry, describeTries, longTasks, watchLongTasks } from './support/long-tasks.ts';
import { launchBrowser, openUi, testInstance, testSettings, type Ui } from './support/ui.ts';

const N = 100_000;
const RECEIVERS = 100_000;
const PEERS = 10_000;
const NEEDLE = 4_321;

function silences(): GettableSilence[] {
  const now = Date.now();
  return Array.from({ length: N }, (_, i) => ({
    id: `sil-${i}`,
    matchers: [{ name: 'job', value: `svc-${i}`, isRegex: false, isEqual: true }],
    startsAt: new Date(now - 3_600_000).toISOString(),
    // Active, ending in index order: the list's last row is the last silence.
    endsAt: new Date(now + 86_400_000 + i * 1000).toISOString(),
    updatedAt: new Date(now - 3_600_000).toISOString(),
    createdBy: `user-${i % 50}`,
    comment: i === NEEDLE ? 'the one haystack needle' : `bulk silence ${i}`,
    status: { state: 'active' },
  }));
}

describe('100,000 silences', { skip: chromiumSkipReason() }, () => {
  let server: FlavourServer;
  let browser: Browser;
  let ui: Ui;
  let page: Page;
  const rows = (): Locator => page.locator('[data-testid=silence-row]');

  before(async () => {
    server = await startAlertmanager034({
      alerts: [{ labels: { alertname: 'Ready', severity: 'info' } }],
    });
    server.srv.setRoute('GET /api/v2/silences', {
      kind: 'text',
      body: JSON.stringify(silences()),
      contentType: 'application/json',
    });
    server.srv.setRoute('GET /api/v2/receivers', {
      kind: 'text',
      body: JSON.stringify(Array.from({ length: RECEIVERS }, (_, i) => ({ name: `recv-${i}` }))),
      contentType: 'application/json',
    });
    const status = (await (await fetch(`${server.baseUrl}/api/v2/status`)).json()) as {
      cluster: { name?: string; status: string; peers: { name: string; address: string }[] };
    };
    status.cluster = {
      name: 'peer-0',
      status: 'ready',
      peers: Array.from({ length: PEERS }, (_, i) => ({
        name: `peer-${i}`,
        address: `10.1.${i >> 8}.${i & 255}:9094`,
      })),
    };
    server.srv.setRoute('GET /api/v2/status', { kind: 'json', body: status });
    browser = await launchBrowser();
    ui = await openUi(
      browser,
      testSettings([testInstance('am1', server.baseUrl, { pollIntervalSec: 300, timeoutSec: 60 })]),
      {
        beforeOpen: async (shell) => {
          await waitFor(() => Object.keys(shell.core.snapshot().silences).length === N, {
            timeoutMs: 120_000,
            intervalMs: 250,
            message: 'core holds 100,000 silences',
          });
        },
      },
    );
    page = ui.page;
    await page.locator('[data-testid=alert-row]').first().waitFor({ timeout: 60_000 });
    await waitFor(
      async () => (await page.locator('[data-view=silences] .count').textContent()) === `${N}`,
      { timeoutMs: 60_000, message: 'the top bar counts every silence' },
    );
    await page.waitForTimeout(1000); // the stream and first render settle
  });

  after(async () => {
    await ui?.close();
    await browser?.close();
    await server?.close();
  });

  it('opens in under 1 s with no task over 200 ms', async (t) => {
    const {
      tasks,
      ms: opened,
      all,
    } = await bestTry(
      page,
      async () => {
        const t0 = Date.now();
        await page.locator('[data-view=silences]').click();
        await rows().first().waitFor({ timeout: 30_000 });
        const ms = Date.now() - t0;
        await page.waitForTimeout(1000);
        return ms;
      },
      {
        maxTaskMs: 200,
        maxMs: 1000,
        reset: async () => {
          await page.locator('[data-view=alerts]').click();
          await page.locator('[data-testid=alert-row]').first().waitFor();
          await page.waitForTimeout(1000);
        },
      },
    );
    t.diagnostic(describeTries(all));
    assert.ok(opened < 1000, `opened in ${opened} ms`);
    assert.ok(
      tasks.every((d) => d <= 200),
      `long tasks: ${tasks.map((d) => Math.round(d)).join(', ')} ms`,
    );
    const drawn = await rows().count();
    assert.ok(drawn > 0 && drawn < 200, `${drawn} rows in the DOM`);
    assert.equal(await page.locator('[data-tab=active] .n').textContent(), `${N}`);
    assert.equal(await rows().first().getAttribute('data-silence-id'), 'sil-0');
  });

  it('scrolls to the last silence', async () => {
    await watchLongTasks(page);
    await page.locator('[role=list][aria-label=Silences]').evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await page.locator(`[data-silence-id="sil-${N - 1}"]`).waitFor({ timeout: 10_000 });
    const tasks = await longTasks(page);
    assert.ok(
      tasks.every((d) => d <= 200),
      `while scrolling: ${tasks.join(', ')} ms`,
    );
  });

  it('finds a silence by search, each keystroke under 200 ms', async (t) => {
    await watchLongTasks(page);
    await page.getByLabel('Search silences').pressSequentially('needle', { delay: 50 });
    await waitFor(async () => (await rows().count()) === 1, { message: 'one row left' });
    assert.equal(await rows().first().getAttribute('data-silence-id'), `sil-${NEEDLE}`);
    const tasks = await longTasks(page);
    t.diagnostic(`long tasks while typing: ${tasks.map(Math.round).join(', ')}`);
    assert.ok(
      tasks.every((d) => d <= 200),
      `while typing: ${tasks.join(', ')} ms`,
    );
    await page.getByLabel('Search silences').fill('');
    await waitFor(async () => (await rows().count()) > 1, { message: 'every row back' });
  });

  it('the receiver picker draws a window of 100,000 receivers', async () => {
    await page.locator('[data-view=alerts]').click();
    await watchLongTasks(page);
    await page.locator('summary', { hasText: 'Receivers' }).click();
    const list = page.locator('[role=list][aria-label=Receivers]');
    await list.locator('label', { hasText: 'recv-0' }).first().waitFor();
    const drawn = await list.locator('label').count();
    assert.ok(drawn > 0 && drawn < 100, `${drawn} receivers in the DOM`);
    await list.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await list.locator('label', { hasText: `recv-${RECEIVERS - 1}` }).waitFor();
    const tasks = await longTasks(page);
    assert.ok(
      tasks.every((d) => d <= 200),
      `receiver picker: ${tasks.join(', ')} ms`,
    );
    await page.keyboard.press('Escape');
  });

  it('the instance detail shows receivers and peers as bounded chips', async () => {
    await page.locator('[data-view=instances]').click();
    await watchLongTasks(page);
    await page.locator('[data-testid=instance-row]').first().click();
    const detail = page.locator('[data-testid=instance-detail]');
    await detail.locator('[data-testid=more-chips]').first().waitFor();
    const chips = await detail.locator('.chip, .peer').count();
    assert.ok(chips <= 100, `${chips} receiver and peer chips drawn`);
    assert.match((await detail.textContent()) ?? '', /\+99,950 more/);
    const tasks = await longTasks(page);
    assert.ok(
      tasks.every((d) => d <= 200),
      `instance detail: ${tasks.join(', ')} ms`,
    );
  });
});
