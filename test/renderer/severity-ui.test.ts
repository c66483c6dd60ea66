// Severity is the strongest signal on a row, in both themes: the row's marker, its badge and
// its group's count take the severity's colour, never the state's (a warning group is not red
// because it fires). State is secondary: a silenced alert's badge is muted. A label set routed
// to two receivers (routes with `continue`) is one group naming both. Age shows at every width.
// Real Alertmanager (DEFAULT_CONFIG: critical -> pager with continue, team="b" -> team-b), real
// core, browser shell, headless Chromium.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert } from '../support/alertmanager.ts';
import { postSilence } from '../support/post-silence.ts';
import { useAlertmanagerUi } from './support/ui.ts';

// The severity text colours of app.css (--sev-*-fg), light then dark, as Chromium computes them.
const FG = {
  light: { critical: 'rgb(179, 38, 30)', warning: 'rgb(122, 86, 0)' },
  dark: { critical: 'rgb(255, 138, 128)', warning: 'rgb(245, 205, 82)' },
};

interface Styled {
  getComputedStyle(e: unknown): { color: string; boxShadow: string; display: string };
}

async function colour(page: Page, selector: string): Promise<string> {
  return page
    .locator(selector)
    .first()
    .evaluate((e) => (globalThis as unknown as Styled).getComputedStyle(e).color);
}

async function marker(page: Page, selector: string): Promise<string> {
  return page
    .locator(selector)
    .first()
    .evaluate((e) => (globalThis as unknown as Styled).getComputedStyle(e).boxShadow);
}

const group = (name: string): string => `[data-testid=group-row]:has(.gname :text-is("${name}"))`;
const row = (name: string): string => `[data-testid=alert-row]:has(.row-name:text-is("${name}"))`;

describe(
  'severity colours, one group across receivers, age at every width',
  { skip: amSkipReason() },
  () => {
    const t = useAlertmanagerUi({
      alerts: [
        makeAlert({ alertname: 'DiskFilling', severity: 'warning', instance: 'db-1' }),
        makeAlert({ alertname: 'DiskFilling', severity: 'warning', instance: 'db-2' }),
        // Critical and team b: the server lists it under pager and under team-b.
        makeAlert({ alertname: 'ApiDown', severity: 'critical', team: 'b', instance: 'api-1' }),
        makeAlert({ alertname: 'QueueStuck', severity: 'critical', instance: 'mq-1' }),
      ],
      viewport: { width: 960, height: 680 },
    });
    let page: Page;
    before(async () => {
      page = t.page;
      await postSilence(t.am.url, [
        { name: 'alertname', value: 'QueueStuck', isRegex: false, isEqual: true },
      ]);
      await page
        .locator(row('QueueStuck'))
        .locator('[data-testid=alert-state]', {
          hasText: 'silenced',
        })
        .waitFor({ timeout: 30_000 });
    });

    for (const theme of ['light', 'dark'] as const) {
      it(`${theme}: marker, badge and count follow severity; state is secondary`, async () => {
        await page.emulateMedia({ colorScheme: theme });
        const fg = FG[theme];
        assert.equal(await colour(page, `${group('DiskFilling')} .sev-count`), fg.warning);
        assert.equal(await colour(page, `${group('ApiDown')} .sev-count`), fg.critical);
        const warnBadge = page
          .locator(row('DiskFilling'))
          .first()
          .locator('[data-testid=alert-state]');
        assert.equal(await warnBadge.textContent(), 'warning');
        assert.equal(
          await colour(page, `${row('DiskFilling')} [data-testid=alert-state]`),
          fg.warning,
        );
        assert.equal(
          await colour(page, `${row('ApiDown')} [data-testid=alert-state]`),
          fg.critical,
        );
        // The 4 px marker: the severity's colour, the warning's not the critical's.
        const warnMark = await marker(page, row('DiskFilling'));
        const critMark = await marker(page, row('ApiDown'));
        assert.match(warnMark, /inset$|inset/);
        assert.notEqual(warnMark, critMark);
        assert.equal(warnMark, await marker(page, group('DiskFilling')));
        // Silenced: critical, but its badge is not in the critical colour and its marker fades.
        const silenced = await colour(page, `${row('QueueStuck')} [data-testid=alert-state]`);
        assert.notEqual(silenced, fg.critical);
        assert.notEqual(await marker(page, row('QueueStuck')), critMark);
      });
    }

    it('lists a label set routed to two receivers once, naming both', async () => {
      const groups = page.locator(group('ApiDown'));
      assert.equal(await groups.count(), 1);
      const badges = await groups.locator('.badge-filter').allTextContents();
      assert.ok(badges.includes('pager') && badges.includes('team-b'), badges.join(','));
      // The top bar counts the alert once.
      assert.equal(await page.locator(row('ApiDown')).count(), 1);
    });

    for (const width of [960, 480]) {
      it(`at ${width} px every row shows since when`, async () => {
        await page.setViewportSize({ width, height: 680 });
        await page.waitForTimeout(150);
        const ages = await page.locator('[data-testid=alert-row] .age').evaluateAll((els) =>
          els.map((e) => {
            const el = e as unknown as {
              textContent: string;
              getBoundingClientRect(): { width: number; right: number };
            };
            const r = el.getBoundingClientRect();
            return { text: el.textContent.trim(), width: r.width, right: r.right };
          }),
        );
        assert.ok(ages.length >= 4, `rows: ${ages.length}`);
        for (const a of ages) {
          assert.match(a.text, /\d+\s*(s|m|h|d)/, `age text: ${a.text}`);
          assert.ok(a.width > 10 && a.right <= width, `age visible: ${JSON.stringify(a)}`);
        }
      });
    }
  },
);
