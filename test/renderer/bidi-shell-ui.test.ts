// A bidi override (U+202E) or a newline in a server's value is shown as a marker in the places
// that drew it raw: the window title (plain text: markers, the value isolated by U+2068/U+2069),
// the top bar's severity summary and the silence detail's "Silences now" list. A severity
// `safe\u202Egnp.exe` must never read "safeexe.png". Real Alertmanager, real core, browser
// shell, headless Chromium.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert, waitFor, type AmProcess } from '../support/alertmanager.ts';
import { useAlertmanagerUi } from './support/ui.ts';

const RLO = '\u202e';
const SPOOF = `safe${RLO}gnp.exe`;

async function silence(url: string, alertname: string): Promise<void> {
  const res = await fetch(`${url}/api/v2/silences`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      matchers: [{ name: 'alertname', value: alertname, isRegex: false, isEqual: true }],
      startsAt: new Date().toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      createdBy: 'tester',
      comment: 'bidi',
    }),
  });
  assert.equal(res.status, 200, await res.text());
}

describe('bidi controls in the title, top bar and silence detail', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [
      makeAlert({ alertname: 'Spoof', severity: SPOOF }),
      makeAlert({ alertname: 'Decoy', a: `abc${RLO}def`, v: 'line1\nline2' }),
    ],
  });
  let page: Page;
  let am: AmProcess;
  before(() => ({ page, am } = t));

  it('the title shows the override as a marker, the value isolated', async () => {
    await waitFor(async () => (await page.title()).includes('gnp.exe'), { timeoutMs: 30_000 });
    const title = await page.title();
    assert.ok(!title.includes(RLO), JSON.stringify(title));
    assert.ok(title.includes('\u2068safe⟨U+202E⟩gnp.exe\u2069'), JSON.stringify(title));
  });

  it('the top bar shows the override as a marker', async () => {
    const name = page.locator('.summary button[data-severity] [data-testid=severity-name]', {
      hasText: 'gnp.exe',
    });
    // Below 1400 px the names are hidden (dots and counts stay): their text still counts.
    await name.waitFor({ state: 'attached' });
    const text = (await name.textContent()) ?? '';
    assert.ok(!text.includes(RLO), JSON.stringify(text));
    assert.ok(text.includes('safe⟨U+202E⟩gnp.exe'), JSON.stringify(text));
    const title = (await name.locator('xpath=..').getAttribute('title')) ?? '';
    assert.ok(!title.includes(RLO) && title.includes('⟨U+202E⟩'), JSON.stringify(title));
  });

  it('the silence detail lists the silenced alert with markers', async () => {
    await silence(am.url, 'Decoy');
    await page.locator('[data-view=silences]').click();
    const row = page.locator('[data-testid=silence-row]').first();
    await row.waitFor({ timeout: 30_000 });
    await row.click();
    const labels = page.locator('[data-testid=silenced-labels]');
    await labels.first().waitFor({ timeout: 30_000 });
    const text = (await labels.first().textContent()) ?? '';
    assert.ok(!text.includes(RLO) && !text.includes('\n'), JSON.stringify(text));
    assert.ok(text.includes('abc⟨U+202E⟩def'), JSON.stringify(text));
    assert.ok(text.includes('line1↵line2'), JSON.stringify(text));
  });
});
