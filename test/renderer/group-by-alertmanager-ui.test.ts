// Group by Alertmanager (karma's @alertmanager): a section per Alertmanager, by its name, its
// groups under it whole. A walk-through had prod and staging mixed in one list with only a small
// grey word on each header to tell them apart, and "Group by" offered no way to part them.
// Two real Alertmanagers, real core, browser shell, Chromium at 960×680.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { amSkipReason, makeAlert } from '../support/alertmanager.ts';
import { secondAlertmanager, testInstance, testSettings, useAlertmanagerUi } from './support/ui.ts';

describe('group by Alertmanager', { skip: amSkipReason() }, () => {
  const second = secondAlertmanager([
    makeAlert({ alertname: 'StageErrors', severity: 'critical', instance: 's1' }),
  ]);
  const t = useAlertmanagerUi({
    alerts: [
      makeAlert({ alertname: 'ProdDisk', severity: 'warning', instance: 'p1' }),
      makeAlert({ alertname: 'ProdDisk', severity: 'warning', instance: 'p2' }),
      makeAlert({ alertname: 'ProdApi', severity: 'info', instance: 'p3' }),
    ],
    settings: async (am) =>
      testSettings([
        testInstance('prod', am.url),
        testInstance('staging', (await second.start()).url),
      ]),
    cleanup: second.stop,
    viewport: { width: 960, height: 680 },
    ready: (page) =>
      page.locator('[data-testid=alert-count]', { hasText: '4 of 4' }).waitFor({ timeout: 30_000 }),
  });

  it('puts each Alertmanager’s groups under a section of its name, worst first', async () => {
    const page = t.page;
    const select = page.locator('[data-testid=group-by]');
    await select.focus();
    await select.selectOption({ label: 'Alertmanager' });
    const sections = page.locator('[data-testid=section-row]');
    await sections.nth(1).waitFor();
    const texts = (await sections.allInnerTexts()).map((s) =>
      s.replace(/[▾▸]/g, '').replace(/\s+/g, ' ').trim(),
    );
    // staging holds the critical: first.
    assert.deepEqual(texts, ['Alertmanager staging 1 alert', 'Alertmanager prod 3 alerts']);
    const order = await page
      .locator('[data-testid=section-row], [data-testid=group-row]')
      .evaluateAll((els) =>
        els.map((e) => (e.textContent ?? '').replace(/[▾▸]/g, '').replace(/\s+/g, ' ').trim()),
      );
    const at = (name: string) => order.findIndex((s) => s.startsWith(name));
    assert.ok(at('StageErrors') > 0 && at('StageErrors') < at('ProdDisk'), order.join(' | '));
    assert.ok(at('ProdDisk') > 1 && at('ProdApi') > 1, order.join(' | '));
    assert.equal(await page.getByTestId('alert-row').count(), 4, 'every alert still shown');
    assert.equal(await page.getByTestId('section-no-data').count(), 0, 'both answer');
    // One stops answering: its section says so, and since when.
    await second.am.stop();
    const note = page.getByTestId('section-no-data');
    await note.waitFor({ timeout: 20_000 });
    assert.match(await note.innerText(), /^no data since \d{1,2}:\d\d/);
    assert.equal(await note.count(), 1);
    const staging = page.locator('[data-testid=section-row]', { hasText: 'staging' });
    assert.equal(await staging.getByTestId('section-no-data').count(), 1);
    // Back to Alertmanager's own groups.
    await select.focus();
    await select.selectOption('');
    await sections.first().waitFor({ state: 'detached' });
  });
});
