// Receivers come from the servers, in any number: Settings' "Muted receivers" draws them in
// bounded steps (50, then 200 per "Show more"), a muted one is never hidden behind the step, and
// a receiver name with a bidi control shows its marker. Real Alertmanager with 130 receivers,
// browser shell, headless Chromium.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { amSkipReason, startAlertmanager, type AmProcess } from '../support/alertmanager.ts';
import { waitFor } from '../support/wait.ts';
import { launchBrowser, openUi, testInstance, testSettings, type Ui } from './support/ui.ts';

const NAMES = Array.from({ length: 129 }, (_, i) => `team-${String(i).padStart(3, '0')}`);
const ODD = 'abc\u202Edef';
const CONFIG = `route:
  receiver: ${NAMES[0]}
  routes:
${NAMES.slice(1)
  .map((n) => `    - receiver: ${n}\n      matchers: ['team="${n}"']`)
  .join('\n')}
    - receiver: "${ODD}"
      matchers: ['team="odd"']
receivers:
${[...NAMES, ODD].map((n) => `  - name: "${n}"`).join('\n')}
`;

describe('Settings: muted receivers at scale', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  let browser: Browser;
  let ui: Ui;
  let page: Page;

  before(async () => {
    am = await startAlertmanager({ config: CONFIG });
    browser = await launchBrowser();
    const settings = testSettings([testInstance('am1', am.url)]);
    settings.notifications.mutedReceivers = ['team-120'];
    ui = await openUi(browser, settings);
    page = ui.page;
    await page.locator('button[data-view=settings]').click();
  });
  after(async () => {
    await ui?.close();
    await browser?.close();
    await am?.stop();
  });

  it('draws 50, then the rest on Show more; the muted one first', async () => {
    const boxes = page.locator('fieldset', { hasText: 'Muted receivers' }).locator('label.check');
    const more = page.locator('[data-testid=more-mutedReceivers]');
    await more.waitFor({ timeout: 30_000 });
    assert.equal(await boxes.count(), 50);
    assert.match((await boxes.first().textContent()) ?? '', /team-120/);
    assert.ok(await boxes.first().locator('input').isChecked());
    assert.equal(await more.textContent(), 'Show 80 more of 80');
    await more.click();
    await waitFor(async () => (await boxes.count()) === 130);
    assert.equal(await more.count(), 0);
    const odd = boxes.filter({ hasText: '⟨U+202E⟩' });
    assert.equal(await odd.count(), 1, 'the bidi control shows as a marker');
    assert.deepEqual(ui.problems, []);
  });
});
