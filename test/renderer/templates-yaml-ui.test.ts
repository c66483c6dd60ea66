// Templates and schedules from the window, as a team keeps them (one YAML file in git): pasted
// and imported in the Silences view, a silence started from the template in two clicks (its
// matchers and duration on the server, {author} filled), the schedule's occurrences written
// and listed, the export re-importing identically, and a bad file refused with its line while
// nothing changes. Real Alertmanager, real core, browser shell, headless Chromium at 960×680.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { GettableSilence } from '../../main/core/api/types.ts';
import { amSkipReason, makeAlert, waitFor } from '../support/alertmanager.ts';
import { useAlertmanagerUi } from './support/ui.ts';

const HOUR = 3_600_000;

function teamFile(): string {
  const base = Math.floor((Date.now() + 3 * HOUR) / 60_000) * 60_000;
  const iso = new Date(base).toISOString();
  return `version: 1
templates:
  - id: 1f0e2d3c-4b5a-4968-8776-655443322110
    name: Batch latency
    matchers:
      - { name: alertname, value: 'Latency.*', isRegex: true, isEqual: true }
    durationMin: 90
    comment: 'Nightly batch, silenced by {author}'
schedules:
  - id: 0b6f3a52-6c2e-4c59-9d51-3f1f5c1e9a01
    name: DB maintenance
    enabled: true
    matchers:
      - { name: service, value: db, isRegex: false, isEqual: true }
    comment: Database maintenance
    rrule: FREQ=DAILY
    timeZone: UTC
    startDate: ${iso.slice(0, 10)}
    start: '${iso.slice(11, 16)}'
    end: '${new Date(base + HOUR).toISOString().slice(11, 16)}'
    instances: []
    skipped: []
`;
}

describe('templates and schedules from the window', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [makeAlert({ alertname: 'LatencyHigh', severity: 'warning', job: 'batch' })],
    viewport: { width: 960, height: 680 },
  });
  let page: Page;
  before(async () => {
    page = t.page;
    await page.locator('[data-view=silences]').click();
  });

  async function silences(): Promise<GettableSilence[]> {
    return (await (await fetch(`${t.am.url}/api/v2/silences`)).json()) as GettableSilence[];
  }

  async function openYaml() {
    await page.locator('[data-testid=schedules-yaml-open]').click();
    const dialog = page.locator('[data-testid=schedules-yaml]');
    await dialog.waitFor();
    return dialog;
  }

  it('a bad file is refused with its line, and nothing changes', async () => {
    const dialog = await openYaml();
    const bad = teamFile().replace('rrule: FREQ=DAILY', 'rrule: FREQ=SOMETIMES');
    await dialog.locator('[data-testid=schedules-yaml-text]').fill(bad);
    await dialog.locator('[data-testid=schedules-yaml-import]').click();
    const problem = dialog.locator('[data-testid=schedules-yaml-problems] li').first();
    await problem.waitFor();
    const line = bad.split('\n').findIndex((l) => l.includes('SOMETIMES')) + 1;
    assert.match((await problem.textContent()) ?? '', new RegExp(`^Line ${line}, column \\d+`));
    assert.equal(t.ui.shell.core.getSettings().schedules.list.length, 0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('imports the team file; a template starts a silence in two clicks', async () => {
    const dialog = await openYaml();
    await dialog.locator('[data-testid=schedules-yaml-text]').fill(teamFile());
    await dialog.locator('[data-testid=schedules-yaml-import]').click();
    await dialog.waitFor({ state: 'detached' });
    const start = page.locator('[data-testid=template-start]', { hasText: 'Batch latency' });
    await start.click();
    const s = await waitFor(async () =>
      (await silences()).find((x) => x.comment.startsWith('Nightly batch, silenced by')),
    );
    assert.doesNotMatch(s.comment, /\{author\}/);
    assert.deepEqual(
      s.matchers.map((m) => [m.name, m.value, m.isRegex]),
      [['alertname', 'Latency.*', true]],
    );
    const minutes = (Date.parse(s.endsAt) - Date.parse(s.startsAt)) / 60_000;
    assert.equal(Math.round(minutes), 90);
  });

  it("the schedule's occurrences are written and listed", async () => {
    const section = page.locator('section[aria-label=Scheduled]');
    await section.getByText('DB maintenance').waitFor({ timeout: 20_000 });
    await section.locator('[data-occurrence]', { hasText: '✓' }).first().waitFor({
      timeout: 20_000,
    });
    // The writer creates one silence per window; the first ✓ can show before the last is
    // written (a loaded machine): wait for all seven, then make sure no more follow.
    const pending = async () =>
      (await silences()).filter(
        (x) => x.status.state === 'pending' && x.matchers.some((m) => m.value === 'db'),
      ).length;
    await waitFor(async () => (await pending()) >= 7, {
      timeoutMs: 20_000,
      message: 'the next 7 days written',
    });
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(await pending(), 7, 'the next 7 days, once each');
  });

  it('skipping one window expires its silence on the server', async () => {
    const section = page.locator('section[aria-label=Scheduled]');
    const first = section.locator('[data-occurrence]').first();
    await first.locator('[data-testid=occurrence-skip]').click();
    await first.getByText('(skipped)').waitFor({ timeout: 20_000 });
    await waitFor(
      async () =>
        (await silences()).filter(
          (x) => x.status.state === 'pending' && x.matchers.some((m) => m.value === 'db'),
        ).length === 6,
      { timeoutMs: 20_000, message: 'the skipped window expired' },
    );
  });

  it('the export re-imports identically', async () => {
    const before = t.ui.shell.core.getSettings().schedules;
    const dialog = await openYaml();
    const text = dialog.locator('[data-testid=schedules-yaml-text]');
    await waitFor(async () => (await text.inputValue()).includes('DB maintenance'));
    const exported = await text.inputValue();
    await dialog.locator('[data-testid=schedules-yaml-import]').click();
    await dialog.waitFor({ state: 'detached' });
    const after = t.ui.shell.core.getSettings().schedules;
    assert.deepEqual(after.templates, before.templates);
    assert.deepEqual(after.list, before.list);
    const again = await openYaml();
    await waitFor(async () => (await again.locator('textarea').inputValue()) === exported);
    await page.keyboard.press('Escape');
  });

  it('saves a silence form as a template, started again in one click', async () => {
    await page.locator('[data-view=alerts]').click();
    await page
      .locator('[data-testid=alert-row]')
      .first()
      .dblclick({ position: { x: 12, y: 12 } });
    const dialog = page.locator('[data-testid=silence-dialog]');
    await dialog.waitFor();
    await dialog.locator('#silence-comment').fill('Latency work by {author}');
    await dialog.locator('[data-testid=silence-duration]').fill('45m');
    await dialog.locator('[data-testid=template-open]').click();
    await dialog.locator('[data-testid=template-name]').fill('Latency 45');
    await dialog.locator('[data-testid=template-name]').press('Enter');
    await page.locator('[data-testid=toast]', { hasText: 'Template saved' }).waitFor();
    assert.equal((await silences()).filter((x) => x.comment.startsWith('Latency work')).length, 0);
    await page.keyboard.press('Escape');
    await page.locator('[data-view=silences]').click();
    // The key: t focuses the first template, Tab the next, Enter starts it.
    await page.locator('body').press('t');
    await page.keyboard.press('Tab');
    assert.equal(
      await page.evaluate(
        () =>
          (globalThis as unknown as { document: { activeElement: { textContent: string } } })
            .document.activeElement.textContent,
      ),
      'Latency 45',
    );
    await page.keyboard.press('Enter');
    const s = await waitFor(async () =>
      (await silences()).find((x) => x.comment.startsWith('Latency work by')),
    );
    assert.doesNotMatch(s.comment, /\{author\}/);
    assert.equal(Math.round((Date.parse(s.endsAt) - Date.parse(s.startsAt)) / 60_000), 45);
    assert.ok(s.matchers.some((m) => m.name === 'alertname' && m.value === 'LatencyHigh'));
  });
});
