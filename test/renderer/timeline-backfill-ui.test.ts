// The Timeline shows what the app did not see itself (issue 32, item 2), in Chromium over the
// browser shell, the real core with a history file, a real Prometheus (Blink fires for 3 s
// every 10 s) feeding a real Alertmanager `am1`, and a second Alertmanager `am2` whose
// Prometheus (the per-instance override) does not answer. The file says the app last watched
// 90 s ago and knows am1's Prometheus (as learned from generatorURLs when it last ran): at
// start the time since is filled for am1, and stays a gap, with the reason, for am2.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, Page } from 'playwright-core';
import { HistoryDb } from '../../main/core/history/history-db.ts';
import { amSkipReason, startAlertmanager, type AmProcess } from '../support/alertmanager.ts';
import { promSkipReason, startPrometheus, type PromProcess } from '../support/prometheus.ts';
import { launchBrowser, openUi, testInstance, testSettings, type Ui } from './support/ui.ts';

const RULES = `groups:
  - name: blink
    interval: 1s
    rules:
      - alert: Blink
        expr: (vector(time()) % 10) < 3
        labels:
          severity: warning
`;
/** Nothing listens here: connections are refused. */
const DEAD_PROMETHEUS = 'http://127.0.0.1:9';

describe(
  'timeline: filled from Prometheus, and gaps',
  { skip: amSkipReason() || promSkipReason() },
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'amtray-timeline-backfill-'));
    let am1: AmProcess;
    let am2: AmProcess;
    let prom: PromProcess;
    let browser: Browser;
    let ui: Ui;
    let page: Page;
    const events = 'section[aria-label=Events] li.record';

    before(async () => {
      [am1, am2] = await Promise.all([startAlertmanager(), startAlertmanager()]);
      prom = await startPrometheus({ rules: RULES, alertmanagerUrls: [am1.url] });
      const path = join(dir, 'history.sqlite');
      const db = new HistoryDb(path);
      db.setMeta('watchedAt', String(Date.now() - 90_000));
      db.setMeta('prometheusServers', JSON.stringify({ 'instance:am1': [prom.url] }));
      db.close();
      // At least one whole Blink episode in Prometheus before the app starts.
      await sleep(13_000);
      browser = await launchBrowser();
      ui = await openUi(
        browser,
        testSettings([
          testInstance('am1', am1.url),
          testInstance('am2', am2.url, { prometheusUrl: DEAD_PROMETHEUS }),
        ]),
        { historyPath: path },
      );
      page = ui.page;
      await page.locator('button[data-view=timeline]').click();
    });

    after(async () => {
      await ui?.close();
      await browser?.close();
      await prom?.stop();
      await Promise.all([am1?.stop(), am2?.stop()]);
      rmSync(dir, { recursive: true, force: true });
    });

    it('marks an episode filled from Prometheus, with the query step', async () => {
      const fired = page.locator(`${events}[data-kind=fired]`, {
        hasText: 'filled from Prometheus',
      });
      await fired.first().waitFor({ timeout: 30_000 });
      assert.match(
        (await fired.first().textContent()) ?? '',
        /Blink\s*started firing\s*filled from Prometheus, ±1 s/,
      );
      const resolved = page.locator(`${events}[data-kind=resolved]`, {
        hasText: 'filled from Prometheus, ±1 s',
      });
      assert.ok((await resolved.count()) >= 1, 'its end is filled too');
      // The mark's tooltip names the Prometheus it came from.
      assert.match(
        (await fired.first().getByTestId('filled-mark').getAttribute('title')) ?? '',
        new RegExp(`filled from Prometheus ${prom.url.replace(/[.]/g, '\\.')} \\(step 1 s\\)`),
      );
    });

    it('shows a gap as a gap, with the reason, in plain words', async () => {
      const gap = page.locator(`${events}[data-kind=gap]`);
      await gap.first().waitFor({ timeout: 30_000 });
      assert.equal(await gap.count(), 1, 'one gap: am2 (am1 was filled)');
      const text = ((await gap.textContent()) ?? '').replace(/\s+/g, ' ');
      assert.match(text, /History not watched, and not filled from Prometheus/);
      // A gap of about a minute: on a loaded machine it spans two minute marks and says 2m.
      assert.match(text, /from \d{1,2}:\d{2}( [AP]M)? to \d{1,2}:\d{2}( [AP]M)? \([12]m\): /);
      assert.match(text, /Prometheus http:\/\/127\.0\.0\.1:9: .*(ECONNREFUSED|refused)/);
      assert.match(text, /on am2/);
      assert.doesNotMatch(text, /not watched from \d{4}-/, 'times as the clock shows them');
      // Written in time order with what was filled: the oldest line, at the bottom.
      assert.equal(await page.locator(events).last().getAttribute('data-kind'), 'gap');
      assert.deepEqual(ui.problems, []);
    });
  },
);
