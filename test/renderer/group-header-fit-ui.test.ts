// Group headers keep what triage reads, in every state, at Electron's default 960×680 with the
// detail pane open and closed, and at the 480 px minimum (found by an on-call walk-through: an
// acknowledged group's header read "3 fir…" and had lost its receiver and Alertmanager chips).
// For each header: its counts whole (scrollWidth <= clientWidth, inside the header), the
// Alertmanager chip shown whole inside the header; a label chip cut short has its whole text in
// its title. Row label chips beside the detail pane keep "name=value" (the name is not dropped).
// A real Alertmanager whose routing groups by several labels, sends critical alerts to a pager
// and on to the team (continue), inhibits warnings under a critical; real core, browser shell,
// Chromium.
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { amSkipReason, makeAlert } from '../support/alertmanager.ts';
import { postSilence } from '../support/post-silence.ts';
import { waitFor } from '../support/wait.ts';
import { testInstance, testSettings, useAlertmanagerUi } from './support/ui.ts';

const CONFIG = `global:
  resolve_timeout: 5m
route:
  receiver: team-default
  group_by: [alertname, cluster, namespace]
  group_wait: 1s
  group_interval: 1s
  repeat_interval: 4h
  routes:
    - receiver: pager-primary-oncall
      matchers: ['severity="critical"']
      continue: true
    - receiver: team-payments-oncall
      matchers: ['team="payments"']
receivers:
  - name: team-default
  - name: pager-primary-oncall
  - name: team-payments-oncall
inhibit_rules:
  - source_matchers: ['severity="critical"']
    target_matchers: ['severity="warning"']
    equal: [alertname]
`;

const where = { cluster: 'prod-eu-west-1', namespace: 'payments-api' };
const alerts = (name: string, severity: string, n: number, extra: Record<string, string> = {}) =>
  Array.from({ length: n }, (_, i) =>
    makeAlert({
      alertname: name,
      severity,
      team: 'payments',
      ...where,
      instance: `10.3.0.${i + 10}:9100`,
      pod: `api-7f9c${i}d-x2k${i}`,
      ...extra,
    }),
  );

/** The states a group header can be in; each name is its alertname. */
const GROUPS = {
  firing: 'FitFiring',
  acked: 'FitAcknowledged',
  silenced: 'FitSilenced',
  inhibited: 'FitInhibited',
  mixed: 'FitMixed',
  long: 'KubeDeploymentReplicasMismatchForLongerThanFifteenMinutesInProduction',
};

interface Fit {
  text: string;
  shown: boolean;
  whole: boolean;
  inside: boolean;
  title: string | null;
}

/** How an element of a group header fits: shown, not cut, inside the header's visible part. */
function fitOf(row: Locator, selector: string): Promise<Fit> {
  // One function literal, no inner named ones: the page has no `__name` helper of tsx's.
  return row.evaluate((r, sel) => {
    type El = {
      textContent: string | null;
      scrollWidth: number;
      clientWidth: number;
      getBoundingClientRect(): { left: number; right: number; width: number };
      querySelector(s: string): El | null;
      closest(s: string): El | null;
      getAttribute(n: string): string | null;
    };
    const g = globalThis as unknown as {
      getComputedStyle(e: El): { display: string };
    };
    const row = r as unknown as El;
    const el = row.querySelector(sel);
    if (!el) return { text: '', shown: false, whole: false, inside: false, title: null };
    const b = el.getBoundingClientRect();
    // Inside the header and inside its clipped part (.main hides what overflows it).
    const inside = [row, el.closest('.main')].every((o) => {
      if (!o) return true;
      const ob = o.getBoundingClientRect();
      return b.left >= ob.left - 0.5 && b.right <= ob.right + 0.5;
    });
    return {
      text: (el.textContent ?? '').trim(),
      shown: b.width > 0 && g.getComputedStyle(el).display !== 'none',
      whole: el.scrollWidth <= el.clientWidth,
      inside,
      title: el.getAttribute('title'),
    };
  }, selector);
}

const j = (v: unknown) => JSON.stringify(v);

describe('group headers keep their counts and where they are', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    amConfig: CONFIG,
    alerts: [
      ...alerts(GROUPS.firing, 'warning', 3),
      ...alerts(GROUPS.acked, 'critical', 3),
      ...alerts(GROUPS.silenced, 'warning', 2),
      // A critical inhibits the warnings of its name: 1 firing, 3 inhibited.
      ...alerts(GROUPS.inhibited, 'warning', 3),
      ...alerts(GROUPS.inhibited, 'critical', 1, { instance: 'lb-1:9100' }),
      // Firing, silenced (one of them) and acknowledged (another) at once.
      ...alerts(GROUPS.mixed, 'critical', 4),
      ...alerts(GROUPS.long, 'critical', 2, {
        cluster: 'prod-eu-west-1-payments-primary-region-cluster',
        namespace: 'payments-checkout-api-gateway-production',
      }).map((a, i) => ({
        ...a,
        labels: { ...a.labels, instance: `ip-10-3-0-3${i}.eu-west-1.compute.internal:9100` },
        // Links every alert of the group shares: the header offers them where there is room.
        annotations: {
          runbook_url: 'https://runbooks.example.com/replicas-mismatch',
          dashboard: 'https://grafana.example.com/d/deployments',
        },
      })),
    ],
    settings: (am) => testSettings([testInstance('alertmanager-prod-eu-1', am.url)], {}),
    viewport: { width: 960, height: 680 },
  });
  let page: Page;
  const header = (name: string) =>
    page.locator('[data-testid=group-row]').filter({ hasText: name }).first();

  before(async () => {
    ({ page } = t);
    await postSilence(t.am.url, [
      { name: 'alertname', value: GROUPS.silenced, isRegex: false, isEqual: true },
    ]);
    await postSilence(t.am.url, [
      { name: 'alertname', value: GROUPS.mixed, isRegex: false, isEqual: true },
      { name: 'instance', value: '10.3.0.10:9100', isRegex: false, isEqual: true },
    ]);
    // Acknowledged the way the user does it: the group selected, `a`.
    await header(GROUPS.acked).locator('.sev-dot').click();
    await page.keyboard.press('a');
    await header(GROUPS.acked).getByTestId('group-ack').waitFor({ timeout: 20_000 });
    await page
      .locator('[data-testid=alert-row]')
      .filter({ hasText: '10.3.0.11' })
      .first()
      .waitFor();
    await waitFor(
      async () => /silenced/.test((await header(GROUPS.silenced).textContent()) ?? ''),
      {
        timeoutMs: 20_000,
      },
    );
    await waitFor(
      async () => /inhibited/.test((await header(GROUPS.inhibited).textContent()) ?? ''),
      {
        timeoutMs: 20_000,
      },
    );
  });

  /** The window at this width, with the detail pane open (on the acknowledged group) or not. */
  async function show(width: number, pane: boolean): Promise<void> {
    await page.setViewportSize({ width, height: 680 });
    if (pane) {
      await header(GROUPS.acked).locator('.sev-dot').click();
      await page.getByTestId('detail-pane').waitFor();
    } else if (await page.getByTestId('detail-pane').count()) {
      await page.getByTestId('detail-close').click();
      await page.getByTestId('detail-pane').waitFor({ state: 'detached' });
    }
    await new Promise((r) => setTimeout(r, 300));
  }

  const SIZES = [
    ['960×680, detail pane closed', 960, false],
    ['960×680, detail pane open', 960, true],
    ['480 px, detail pane closed', 480, false],
  ] as const;

  for (const [what, width, pane] of SIZES) {
    it(`every header at ${what}: counts, Alertmanager and actions whole`, async () => {
      await show(width, pane);
      await page.screenshot({
        path: join(tmpdir(), `group-header-fit-${width}${pane ? '-pane' : ''}.png`),
      });
      for (const name of Object.values(GROUPS)) {
        const row = header(name);
        const counts = await fitOf(row, '.counts');
        assert.ok(counts.shown && counts.whole && counts.inside, `${name} counts: ${j(counts)}`);
        assert.match(counts.text, /\d+ (firing|silenced|inhibited|acked)/, name);
        const where = await fitOf(row, '[data-testid=group-where]');
        // Whole while the header has room; at 480 px what fires keeps its ~11em first and the
        // Alertmanager (the same on every header here) gives way, its name in the title.
        assert.ok(
          where.shown && (width < 560 || where.whole) && where.inside,
          `${name} Alertmanager: ${j(where)}`,
        );
        assert.equal(where.text, 'alertmanager-prod-eu-1');
        assert.match(where.title ?? '', /instance alertmanager-prod-eu-1 —/);
        // Nothing runs past the header (its Silence button last).
        const over = await row.evaluate((r) => r.scrollWidth - r.clientWidth);
        assert.ok(over <= 0, `${name}: ${over} px past the header`);
        // What fires: the name keeps ~9em (or all of it), before the header's links do.
        const gname = await row
          .locator('.gname')
          .evaluate((e) => ({ shown: e.clientWidth, whole: e.scrollWidth }));
        assert.ok(gname.shown >= Math.min(gname.whole, 110), `${name} name: ${j(gname)}`);
        const silence = await fitOf(row, '.silence-btn:not(.ack-btn)');
        assert.ok(silence.shown && silence.inside, `${name} Silence: ${j(silence)}`);
        // A label chip cut short holds its whole text in its title.
        for (const chip of await row.locator('.glabels .chip').all()) {
          const c = await chip.evaluate((e) => ({
            cut: [...e.querySelectorAll('*')].some((k) => k.scrollWidth > k.clientWidth),
            text: (e.textContent ?? '').trim(),
            title: e.getAttribute('title') ?? '',
          }));
          if (c.cut) assert.ok(c.title.startsWith(c.text.replace(/…$/, '')), j(c));
        }
      }
      // The acknowledged header says whose ack it is, however short (the whole in its title),
      // and offers Un-ack; at 480 px Un-ack alone.
      const ack = await fitOf(header(GROUPS.acked), '[data-testid=group-ack]');
      if (width > 760) assert.ok(ack.shown && ack.inside, `ack badge: ${j(ack)}`);
      assert.equal(ack.title, 'acknowledged by you');
      const unack = await fitOf(header(GROUPS.acked), '[data-testid=unack]');
      assert.ok(unack.shown && unack.whole && unack.inside, `Un-ack: ${j(unack)}`);
    });
  }

  for (const [what, width, pane] of SIZES) {
    it(`row label chips keep name=value at ${what}`, async () => {
      await show(width, pane);
      // Row label chips keep "name=value": the name whole, the value shown (cut, if at all,
      // with the whole in the title), on every row drawn.
      const chips = await page.locator('[data-testid=alert-row] .firsts .chip').evaluateAll((cs) =>
        cs
          .filter(
            (c) => c.getBoundingClientRect().top < c.parentElement!.getBoundingClientRect().bottom,
          )
          .map((c) => {
            const k = c.querySelector('.k');
            const name = k?.firstElementChild;
            const value = c.lastElementChild;
            return {
              text: (c.textContent ?? '').trim(),
              title: c.getAttribute('title') ?? '',
              nameShown:
                !!name &&
                k!.ownerDocument.defaultView!.getComputedStyle(k!).display !== 'none' &&
                name.clientWidth > 0,
              nameWhole: !!name && name.scrollWidth <= name.clientWidth,
              valuePx: value && value !== k ? value.clientWidth : 0,
            };
          }),
      );
      assert.ok(chips.length >= 10, `${chips.length} row chips`);
      for (const c of chips) {
        assert.ok(c.nameShown && c.nameWhole, `name cut or dropped: ${j(c)}`);
        assert.ok(c.valuePx >= 20, `value cut to nothing: ${j(c)}`);
        assert.ok(c.title.startsWith(c.text), `title holds the whole: ${j(c)}`);
      }
    });
  }
});
