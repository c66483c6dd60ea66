// A failed poll is never "all clear": when every instance has finished a poll and none has
// answered, the alert count says "no data", never "0 of 0". Chromium over the browser shell;
// the one instance is a port nothing listens on.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { amSkipReason, makeAlert, waitFor } from '../support/alertmanager.ts';
import { testInstance, testSettings, useAlertmanagerUi } from './support/ui.ts';

describe('the count with no data', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [makeAlert({ alertname: 'Unseen' })],
    settings: () => testSettings([testInstance('dead', 'http://127.0.0.1:1', { timeoutSec: 1 })]),
    ready: (page) => page.locator('[data-testid=alert-count]').waitFor({ timeout: 30_000 }),
  });

  it('says no data, never 0 of 0, once the only instance failed', async () => {
    const count = t.page.locator('[data-testid=alert-count]');
    await waitFor(async () => (await count.textContent())?.trim() === 'no data', {
      timeoutMs: 20_000,
    });
    assert.doesNotMatch((await count.textContent()) ?? '', /0 of 0/);
  });
});
