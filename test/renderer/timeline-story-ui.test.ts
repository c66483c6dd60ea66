// The Timeline reads as a story (issue 30, item 6), in Chromium over the browser shell, the
// real core with a history file and a real Alertmanager: the range's events come first; alerts
// firing before the app looked are "already firing when first seen"; two lines of the same
// alertname are told apart by the label that differs (node), not by internal ids; a
// resolution appears while the view stays open; at 480 px nothing scrolls sideways.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert, postAlerts } from '../support/alertmanager.ts';
import { useAlertmanagerUi } from './support/ui.ts';

const dir = mkdtempSync(join(tmpdir(), 'amtray-timeline-story-'));
const labels = (node: string) => ({
  alertname: 'StoryNodeNotReady',
  severity: 'critical',
  cluster: 'prod-eu',
  node,
});

describe('timeline as a story', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [makeAlert(labels('n1')), makeAlert(labels('n2'))],
    historyPath: join(dir, 'history.sqlite'),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  });
  let page: Page;
  const events = () => page.locator('section[aria-label=Events] li.record');
  const line = (kind: string, node: string) =>
    page.locator(`section[aria-label=Events] li.record[data-kind=${kind}]`, {
      hasText: `node=${node}`,
    });

  before(async () => {
    page = t.page;
    await page.locator('button[data-view=timeline]').click();
  });

  it('puts the events first, in plain words, told apart by their labels', async () => {
    await line('first-seen', 'n2').waitFor({ timeout: 15_000 });
    await line('first-seen', 'n1').waitFor();
    const text = (await line('first-seen', 'n1').textContent()) ?? '';
    assert.match(text, /StoryNodeNotReady\s*already firing when first seen/);
    // Only the label that differs says where (cluster=prod-eu is the same on both lines).
    assert.deepEqual(await line('first-seen', 'n1').locator('.where .label').allTextContents(), [
      'node=n1',
    ]);
    assert.doesNotMatch(text, /fingerprint|instance:|[0-9a-f]{8}-[0-9a-f]{4}/);
    assert.equal(await page.locator('section[aria-label=Events] li[data-kind=fired]').count(), 0);
    // Events above "since you last looked" and the tables (behind a toggle, closed).
    const y = async (sel: string) => (await page.locator(sel).boundingBox())?.y ?? -1;
    assert.ok(
      (await y('section[aria-label=Events]')) <
        (await y('section[aria-label="Since you last looked"]')),
    );
    assert.equal(await page.locator('tr.alert-row').count(), 0);
    const heading = (await page.locator('section[aria-label=Events] h2').textContent()) ?? '';
    assert.equal(heading.trim(), 'What happened in the last 24 hours');
    const since =
      (await page.locator('section[aria-label="Since you last looked"] h2').textContent()) ?? '';
    assert.match(since.trim(), /^Since you last looked( \(.+\))?$/);
  });

  it('shows a resolution while the view stays open', async () => {
    const before = await events().count();
    await postAlerts(t.am.url, [
      makeAlert(labels('n1'), { endsAt: new Date(Date.now() - 1000).toISOString() }),
    ]);
    // One poll (2 s in the test settings) and the recorder's flush (1 s), no reopening.
    await line('resolved', 'n1').waitFor({ timeout: 10_000 });
    assert.match(
      (await line('resolved', 'n1').textContent()) ?? '',
      /StoryNodeNotReady\s*resolved/,
    );
    assert.equal(await line('resolved', 'n2').count(), 0);
    assert.ok((await events().count()) > before);
  });

  it('does not scroll sideways at 480 px, tables shown or not', async () => {
    await page.setViewportSize({ width: 480, height: 680 });
    for (const open of [false, true]) {
      if (open) {
        await page.getByTestId('timeline-tables-toggle').click();
        await page.locator('tr.alert-row').first().waitFor({ timeout: 10_000 });
      }
      // A string: the page's DOM types are not in this project's lib.
      const widths = (await page.evaluate(`(() => {
        const scroll = document.querySelector('[data-testid=timeline-scroll]');
        return {
          doc: document.scrollingElement.scrollWidth,
          box: scroll.scrollWidth,
          boxClient: scroll.clientWidth,
        };
      })()`)) as { doc: number; box: number; boxClient: number };
      assert.ok(widths.doc <= 480, `tables ${open}: document ${widths.doc}`);
      assert.ok(widths.box <= widths.boxClient, `tables ${open}: ${JSON.stringify(widths)}`);
    }
    assert.deepEqual(t.ui.problems, []);
  });
});
