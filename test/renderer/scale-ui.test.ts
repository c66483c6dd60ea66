// 100,000 alerts over 20 instances, the window opened after the core already holds them all:
// the view arrives as a stream of bounded parts (no reconnect loop, no "0 of 0"), and once it
// is complete every count is right. Generated payloads (support/generated-fleet.ts): 20 real
// Alertmanagers holding 5,000 alerts each are too slow to fill on a 2-core machine.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { chromiumSkipReason } from '../support/chromium.ts';
import { startGeneratedFleet, type GeneratedFleet } from '../support/generated-fleet.ts';
import { waitFor } from '../support/wait.ts';
import { launchBrowser, openUi, testInstance, testSettings, type Ui } from './support/ui.ts';

const INSTANCES = 20;
const PER_INSTANCE = 5_000;
const TOTAL = INSTANCES * PER_INSTANCE;

describe('100,000 alerts over 20 instances', { skip: chromiumSkipReason() }, () => {
  let fleet: GeneratedFleet;
  let browser: Browser;
  let ui: Ui;
  const messages: string[] = [];

  before(async () => {
    fleet = await startGeneratedFleet({ instances: INSTANCES, alertsPerInstance: PER_INSTANCE });
    browser = await launchBrowser();
    ui = await openUi(
      browser,
      testSettings(
        fleet.urls.map((url, k) =>
          testInstance(`am${k}`, url, { pollIntervalSec: 300, timeoutSec: 60 }),
        ),
      ),
      {
        // The core polls every instance first; only then does the window open.
        beforeOpen: async (shell) => {
          await waitFor(
            () => {
              const s = shell.core.snapshot();
              return s.summary.firing === TOTAL && Object.keys(s.alerts).length === TOTAL;
            },
            { timeoutMs: 240_000, intervalMs: 250, message: 'core holds 100,000 alerts' },
          );
        },
        onPage: (page) =>
          page.on('websocket', (ws) => {
            ws.on('framereceived', (f) => {
              const text = typeof f.payload === 'string' ? f.payload : f.payload.toString();
              messages.push(text.length > 200 ? `${text.slice(0, 120)}…(${text.length})` : text);
            });
          }),
      },
    );
  });

  after(async () => {
    await ui?.close();
    await browser?.close();
    await fleet?.stop();
  });

  it('streams the view in bounded parts and shows every count right once complete', async () => {
    const page = ui.page;
    const count = page.locator('[data-testid=alert-count]');
    // While the stream is on its way the count says "loading", never a complete-looking N of N.
    await waitFor(
      async () => (await count.textContent().catch(() => ''))?.trim() === `${TOTAL} of ${TOTAL}`,
      { timeoutMs: 120_000, intervalMs: 200, message: 'all 100,000 alerts in the window' },
    );
    const expected = fleet.expected();
    for (const [severity, n] of Object.entries(expected.bySeverity)) {
      const button = page.locator(`.summary button[data-severity="${severity}"]`);
      const text = (await button.textContent())?.trim() ?? '';
      assert.equal(text.split(/\s+/)[0], String(n), `${severity} count: ${text}`);
    }
    // Group headers are in the list (windowed: only what is visible is in the DOM).
    const rows = await page.locator('[data-testid=group-row]').count();
    assert.ok(rows > 0 && rows < 150, `${rows} group rows in the DOM`);
    // No frame carried anything near the old single ~85 MB snapshot; no reconnect happened.
    const sizes = messages.map((m) => Number(/…\((\d+)\)$/.exec(m)?.[1] ?? m.length));
    const biggest = Math.max(...sizes);
    assert.ok(biggest < 4 * 1024 * 1024, `largest frame ${biggest} chars`);
    assert.ok(
      messages.filter((m) => m.includes('"type":"snapshot","snapshot"')).length === 1,
      'one snapshot (no reconnect loop)',
    );
    assert.deepEqual(ui.problems, []);
  });
});
