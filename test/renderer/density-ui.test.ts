// On-call density at Electron's default 960×680, at 1280×800 and at the 480 px minimum: no
// chip cut without an ellipsis, no top-bar overflow, rows without the labels their group
// header shows; and click-to-filter from chips, top-bar counts and badges, label colouring.
// Real Alertmanager, real core, browser shell, headless Chromium.
import assert from 'node:assert/strict';
import type { PostableAlert } from '../../main/core/api/types.ts';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert, waitFor } from '../support/alertmanager.ts';
import { type Ui, useAlertmanagerUi } from './support/ui.ts';

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}
interface ChipFacts {
  text: string;
  chip: Box;
  box: Box;
  clipped: boolean;
  ellipsis: boolean;
  display: string;
}
interface LayoutDoc {
  document: {
    querySelectorAll(s: string): ArrayLike<LayoutEl>;
    querySelector(s: string): LayoutEl | null;
  };
  getComputedStyle(e: LayoutEl): { textOverflow: string; display: string; overflow: string };
}
interface LayoutEl {
  textContent: string | null;
  scrollWidth: number;
  clientWidth: number;
  parentElement: LayoutEl | null;
  closest(s: string): LayoutEl | null;
  getBoundingClientRect(): Box;
}

async function chipFacts(page: Page): Promise<ChipFacts[]> {
  return page.evaluate(() => {
    const g = globalThis as unknown as LayoutDoc;
    const out: ChipFacts[] = [];
    const chips = g.document.querySelectorAll('.glabels .chip, .lchips .chip, .gname .chip');
    for (let i = 0; i < chips.length; i++) {
      const chip = chips[i] as LayoutEl;
      const box = (chip.closest('.glabels, .lchips, .gname') as LayoutEl).getBoundingClientRect();
      const cs = g.getComputedStyle(chip);
      out.push({
        text: chip.textContent ?? '',
        chip: chip.getBoundingClientRect(),
        box,
        clipped: chip.scrollWidth > chip.clientWidth + 1,
        ellipsis: cs.textOverflow === 'ellipsis',
        display: cs.display,
      });
    }
    return out;
  });
}

async function overflowOf(page: Page, selector: string): Promise<number> {
  return page.evaluate((sel) => {
    const g = globalThis as unknown as LayoutDoc;
    const el = g.document.querySelector(sel);
    return el ? el.scrollWidth - el.clientWidth : -1;
  }, selector);
}

function twelveAlerts(): PostableAlert[] {
  const alerts: PostableAlert[] = [];
  for (let i = 0; i < 12; i++) {
    alerts.push(
      makeAlert({
        alertname: i % 2 ? 'DiskSpaceRunningOutOnProductionDatabaseVolume' : 'HighCPU',
        severity: ['critical', 'warning', 'info'][i % 3] as string,
        team: i % 2 ? 'storage-reliability-engineering' : 'compute',
        namespace: `payments-production-europe-west-${i}`,
        pod: `api-7d9f-x2k-${'q'.repeat(i * 4)}`,
        instance: `node-${i}.example.internal:9100`,
      }),
    );
  }
  return alerts;
}

describe('density and click to filter', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({ alerts: twelveAlerts() });
  let page: Page;
  let ui: Ui;
  before(() => ({ page, ui } = t));

  for (const [width, height] of [
    [960, 680],
    [1280, 800],
    [480, 680],
  ] as const) {
    it(`at ${width}×${height}: no chip cut without an ellipsis, no top-bar overflow`, async () => {
      await page.setViewportSize({ width, height });
      await page.waitForTimeout(200);
      assert.ok((await overflowOf(page, 'header.topbar')) <= 0, 'top bar overflows');
      assert.ok((await overflowOf(page, 'header.topbar .summary')) <= 0, 'summary overflows');
      const facts = await chipFacts(page);
      assert.ok(facts.length > 10, `chips seen: ${facts.length}`);
      for (const f of facts) {
        const inside = f.chip.right <= f.box.right + 1 && f.chip.bottom <= f.box.bottom + 1;
        const hidden = f.chip.top >= f.box.bottom - 1;
        assert.ok(
          inside || hidden,
          `chip cut by its row: ${f.text} ${JSON.stringify([f.chip, f.box])}`,
        );
        if (f.clipped) {
          assert.ok(f.ellipsis, `clipped chip without ellipsis: ${f.text}`);
          assert.notEqual(f.display, 'inline-flex');
        }
      }
      // Group headers keep the alert name whole.
      const names = await page.locator('[data-testid=group-row] .gname .chip').evaluateAll((els) =>
        els.map((e) => {
          const el = e as unknown as LayoutEl;
          return el.scrollWidth <= el.clientWidth + 1;
        }),
      );
      assert.ok(names.length > 0, 'group headers seen');
      // At the 480 px minimum a 45-character alert name may be ellipsized; wider, never.
      if (width > 480) assert.ok(names.every(Boolean), 'alert names not truncated');
    });
  }

  it('rows show only the labels their group header does not', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const row = page.locator('[data-testid=alert-row]').first();
    const labels = await row
      .locator('.chip')
      .evaluateAll((els) =>
        els.map((e) => (e as unknown as { dataset: { label: string } }).dataset.label),
      );
    assert.ok(!labels.includes('alertname'));
    assert.ok(labels.includes('instance'));
  });

  it('a label chip filters; Alt+click excludes', async () => {
    const chip = page
      .locator('[data-testid=alert-row]')
      .first()
      .locator('button.chip[data-label=instance]');
    const value = ((await chip.textContent()) ?? '').replace(/^instance=/, '');
    await chip.click();
    const input = page.locator('[data-testid=filter-input]');
    await waitFor(async () => (await input.inputValue()) === `instance="${value}"`);
    await waitFor(async () => (await page.locator('[data-testid=alert-row]').count()) === 1);
    await page
      .locator('[data-testid=alert-row]')
      .first()
      .locator('button.chip[data-label=instance]')
      .click({ modifiers: ['Alt'] });
    await waitFor(async () => (await input.inputValue()) === `instance!="${value}"`);
    await waitFor(async () => (await page.locator('[data-testid=alert-row]').count()) === 11);
    await input.fill('');
  });

  it('top-bar severity counts, receiver and instance badges filter', async () => {
    await page.locator('header.topbar button.sev[data-severity=critical]').click();
    const input = page.locator('[data-testid=filter-input]');
    await waitFor(async () => (await input.inputValue()) === 'severity="critical"');
    await waitFor(async () => (await page.locator('[data-testid=alert-row]').count()) === 4);
    await input.fill('');
    await page.locator('[data-testid=group-row] .badge-filter').first().click();
    await waitFor(async () =>
      ((await page.locator('summary', { hasText: 'Receivers' }).textContent()) ?? '').includes(
        '(1)',
      ),
    );
    // After the receivers (a group names every receiver of its label set): the instance badge.
    await page
      .locator('[data-testid=group-row] .badge-filter[title^="cluster or instance"]')
      .first()
      .click();
    await waitFor(async () =>
      ((await page.locator('summary', { hasText: 'Instances' }).textContent()) ?? '').includes(
        '(1)',
      ),
    );
    // The window remembers the filter after a pause: wait until it is stored, so the next test
    // (which reloads) does not race this save.
    await waitFor(() => ui.shell.core.getSettings().ui.filter.instances.length === 1);
  });

  it('label colours: a stable colour per value, or a chosen one', async () => {
    const s = ui.shell.core.getSettings();
    s.ui.labelColours = { team: {}, severity: { critical: 'red', warning: 'orange' } };
    // Start from no text, receiver or instance filter: the badges above left one remembered.
    s.ui.filter = { ...s.ui.filter, text: '', receivers: [], instances: [] };
    ui.shell.core.updateSettings(s);
    await page.reload();
    await page.locator('[data-testid=alert-row]').first().waitFor();
    // The list may still be arriving: wait for the inhibited warning's chip before reading.
    await page.locator('.chip[data-label=severity]', { hasText: 'warning' }).first().waitFor();
    const classes = await page
      .locator('.chip[data-label=team], .chip[data-label=severity]')
      .evaluateAll((els) =>
        els.map((e) => {
          const el = e as unknown as {
            dataset: { label: string };
            className: string;
            textContent: string;
          };
          return [el.dataset.label, el.textContent, (/lc-(\w+)/.exec(el.className) ?? [])[1]];
        }),
      );
    // A firing alert's row names its severity in its badge (no chip); inhibited ones keep the
    // chip, and every chip of a value has its colour.
    const warning = classes.filter(([l, t]) => l === 'severity' && t?.includes('warning'));
    assert.ok(
      warning.length > 0 && warning.every(([, , c]) => c === 'orange'),
      JSON.stringify(classes),
    );
    // The detail of a critical alert lists its labels: severity=critical in red.
    await page
      .locator('[data-testid=alert-row]', { has: page.locator('.badge', { hasText: 'critical' }) })
      .first()
      .locator('.age')
      .click();
    const chip = page.locator('[data-testid=detail-pane] .chip[data-label=severity]').first();
    assert.match((await chip.getAttribute('class')) ?? '', /lc-red/);
    await page.keyboard.press('Escape');
    const byTeam = new Map<string, Set<string | undefined>>();
    for (const [l, t, c] of classes) {
      if (l !== 'team') continue;
      if (!byTeam.has(t as string)) byTeam.set(t as string, new Set());
      byTeam.get(t as string)?.add(c);
    }
    assert.ok(byTeam.size >= 1);
    for (const colours of byTeam.values()) {
      assert.equal(colours.size, 1, 'one colour per value');
      assert.ok([...colours][0], 'coloured');
    }
    const info = classes.filter(([l, t]) => l === 'severity' && t?.includes('info'));
    assert.ok(
      info.every(([, , c]) => c === undefined),
      'unlisted values stay plain',
    );
  });
});
