// What the window asks the core for its list (issue 29): a window opening on a core that holds
// its alerts asks once for its first rows (subscribing to list:changed says the current view at
// once; that used to send a second, identical query and draw the rows twice), and a change in
// the core (a new alert on a real Alertmanager) makes it ask again and show the change.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  startAlertmanager,
  waitFor,
  type AmProcess,
} from '../support/alertmanager.ts';
import { launchBrowser, openUi, testInstance, testSettings, type Ui } from './support/ui.ts';

describe('list queries', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  let browser: Browser;
  let ui: Ui;
  const queries: number[] = [];

  before(async () => {
    am = await startAlertmanager();
    await postAlerts(
      am.url,
      Array.from({ length: 30 }, (_, i) =>
        makeAlert({ alertname: `Disk${i % 3}`, severity: 'warning', instance: `node-${i}` }),
      ),
    );
    browser = await launchBrowser();
    ui = await openUi(
      browser,
      testSettings([testInstance('am', am.url, { pollIntervalSec: 300 })]),
      {
        beforeOpen: async (shell) => {
          await waitFor(() => Object.keys(shell.core.snapshot().alerts).length === 30, {
            timeoutMs: 30_000,
            message: 'core holds 30 alerts',
          });
        },
        onPage: (page) =>
          page.on('websocket', (ws) =>
            ws.on('framesent', (f) => {
              const text = typeof f.payload === 'string' ? f.payload : f.payload.toString();
              if (text.includes('"channel":"list:query"')) queries.push(Date.now());
            }),
          ),
      },
    );
  });

  after(async () => {
    await ui?.close();
    await browser?.close();
    await am?.stop();
  });

  it('asks once for the first rows of a window opening', async () => {
    const count = ui.page.getByTestId('alert-count');
    await waitFor(async () => (await count.textContent())?.trim().startsWith('30 of 30'), {
      timeoutMs: 20_000,
      message: 'count 30 of 30',
    });
    await new Promise((r) => setTimeout(r, 1_000));
    assert.equal(queries.length, 1, `${queries.length} list queries while opening`);
  });

  it('asks again when the core’s view changes, and shows the change', async () => {
    const before = queries.length;
    await postAlerts(am.url, [makeAlert({ alertname: 'NewOne', severity: 'critical' })]);
    await ui.shell.core.refresh();
    await ui.page.getByTestId('alert-row').filter({ hasText: 'NewOne' }).first().waitFor();
    const count = ui.page.getByTestId('alert-count');
    await waitFor(async () => (await count.textContent())?.trim().startsWith('31 of 31'), {
      timeoutMs: 10_000,
      message: 'count 31 of 31',
    });
    assert.ok(queries.length > before, 'a query after the change');
  });
});
