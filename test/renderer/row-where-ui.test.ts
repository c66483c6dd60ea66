// Where each alert fires stays on its row when the window is narrow (issue 27, found by the
// on-call review): at 960×680 with the detail pane open (the list ~620 px wide), each row
// still shows the label that tells it apart from its neighbours (the node, the instance),
// a share of its summary and its whole severity word; labels all the group's alerts share are
// said once in the group header instead. Chromium over the browser shell, real Alertmanager.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { amSkipReason, makeAlert } from '../support/alertmanager.ts';
import { useAlertmanagerUi } from './support/ui.ts';

const NODES = [
  'ip-10-0-1-17.eu-west-1.compute.internal',
  'ip-10-0-2-41.eu-west-1.compute.internal',
];
const SERVICES = ['checkout', 'payments', 'search'];

describe('rows keep where at 960 with the detail open', { skip: amSkipReason() }, () => {
  const t = useAlertmanagerUi({
    alerts: [
      ...NODES.map((node) =>
        makeAlert(
          { alertname: 'KubeNodeNotReady', severity: 'warning', namespace: 'kube-system', node },
          { annotations: { summary: `Node ${node} is not ready` } },
        ),
      ),
      ...SERVICES.map((service, i) =>
        makeAlert(
          {
            alertname: 'HighErrorRate',
            severity: 'critical',
            cluster: 'prod-eu',
            namespace: 'shop',
            service,
            instance: `${service}-${i}.shop.svc:8080`,
            job: 'api',
          },
          { annotations: { summary: `${service} 5xx rate is 3${i}% (threshold 5%)` } },
        ),
      ),
      // Two where-labels with long names beside a third: each shown keeps its name and some
      // characters of its value (the walk-through's "namespace=c").
      ...['api-3.prod:8080', 'api-4.prod:8080'].map((instance) =>
        makeAlert(
          {
            alertname: 'HighLatency',
            severity: 'warning',
            namespace: `checkout-${instance.slice(4, 5)}`,
            instance,
            job: 'api-gateway',
            team: 'payments',
          },
          {
            annotations: {
              summary: `p99 latency on ${instance} is 2.3 s`,
              runbook_url: 'https://runbooks.example.com/HighLatency',
            },
          },
        ),
      ),
      // Two of a group, one of them with nothing to show beside what the header says (its
      // severity is its badge): its summary starts where the labels would.
      makeAlert(
        { alertname: 'NoChipsLeft', severity: 'critical', service: 'checkout' },
        { annotations: { summary: 'NoChipsLeft summary' } },
      ),
      makeAlert(
        // info: a warning would be inhibited by the critical (the test servers' rule).
        { alertname: 'NoChipsLeft', severity: 'info', service: 'checkout', path: '/cart' },
        { annotations: { summary: 'NoChipsLeft other' } },
      ),
      // One alert in its group: its priority labels alone are wider than its row. Each one
      // shown keeps its name and cuts its value; those that do not fit so leave the row whole.
      makeAlert(
        {
          alertname: 'NodeDiskPressure',
          severity: 'critical',
          cluster: 'prod-us-1',
          namespace: 'infra-platform-observability',
          service: 'node-exporter-daemonset',
          instance: 'ip-10-3-0-37.prod-us-1.compute.internal:9100',
          job: 'node-exporter',
          pod: 'node-exporter-x7k2p',
        },
        { annotations: { summary: 'Disk pressure on the node' } },
      ),
      // Where it fires, then a long volatile label (last): short of room the pod chip gave
      // way by leaving the line whole, and its room stayed blank before a cut summary
      // ("instance=k8s-stage-1:10250", ~150 px of nothing, "Container bui…": a walk-through).
      ...['k8s-stage-1:10250', 'k8s-stage-2:10250'].map((instance, i) =>
        makeAlert(
          {
            alertname: 'ContainerOOMKilled',
            severity: 'warning',
            namespace: 'build',
            job: 'kubelet',
            team: 'platform',
            instance,
            pod: `builder-${i}-abc12-long-replica-name`,
          },
          { annotations: { summary: 'Container builder OOM-killed while linking' } },
        ),
      ),
    ],
    viewport: { width: 960, height: 680 },
  });
  let page: Page;
  before(async () => {
    page = t.page;
    await page.locator('[data-testid=alert-row]').nth(9).waitFor({ timeout: 30_000 });
    // The pane open: the list is what is left beside it.
    await page
      .locator('[data-testid=alert-row]')
      .first()
      .click({ position: { x: 20, y: 10 } });
    await page.locator('[data-testid=alert-detail]').waitFor();
  });

  /** Per row: its visible chips (not wrapped to the hidden line), summary width, badge cut. */
  const rowFacts = () =>
    page.locator('[data-testid=alert-row]').evaluateAll((rows) =>
      rows.map((r) => {
        const line = r.querySelector('.lchips')!.getBoundingClientRect();
        const shown = [...r.querySelectorAll('.lchips .chip')].filter((c) => {
          const b = c.getBoundingClientRect();
          return b.top < line.top + 10 && b.right <= line.right + 1 && b.width > 0;
        });
        const chips = shown.map((c) => c.textContent?.replace(/\s+/g, '') ?? '');
        // How many pixels of each shown chip's value are drawn (its name may be cut first),
        // and how many characters of it that is (its drawn width over the width of one
        // character of it, from its whole width).
        const valuePx = shown.map((c) => {
          const parts = [...c.children].filter((k) => !k.classList.contains('k'));
          return parts.reduce((w, k) => w + k.getBoundingClientRect().width, 0);
        });
        const valueChars = shown.map((c) => {
          const value = c.getAttribute('title')?.split(' — ')[0]?.split('=').slice(1).join('=');
          const parts = [...c.children].filter((k) => !k.classList.contains('k'));
          const drawn = parts.reduce((w, k) => w + k.clientWidth, 0);
          const whole = parts.reduce((w, k) => w + k.scrollWidth, 0);
          const length = value?.length ?? 0;
          return {
            value,
            chars: whole <= drawn + 1 ? length : (drawn / whole) * length,
            length,
          };
        });
        const summaryBox = r.querySelector('.summary')!.getBoundingClientRect();
        const summary = summaryBox.width;
        // Blank room between the last chip shown and the summary.
        const chipsEnd = Math.max(...shown.map((c) => c.getBoundingClientRect().right));
        const gap = shown.length > 0 ? summaryBox.left - chipsEnd : 0;
        const badge = r.querySelector('[data-testid=alert-state]')!;
        return {
          name: r.querySelector('.row-name')?.textContent ?? '',
          chips,
          valuePx,
          valueChars,
          summary,
          gap,
          badgeCut: badge.scrollWidth > badge.clientWidth + 1,
          links: [...r.querySelectorAll('.row-links a, .row-links button')].filter(
            (l) => l.getBoundingClientRect().width > 0,
          ).length,
        };
      }),
    );

  it('each row shows what tells it apart, a summary and the whole severity', async () => {
    const facts = await rowFacts();
    assert.equal(facts.length, 12);
    for (const f of facts) {
      // NodeDiskPressure's five where-labels do not fit ~320 px with their names: the first
      // ones are shown, each legible (cluster and namespace at least; three at the same floor
      // of width left "namespace=i"), and the rest are in the detail.
      const telling =
        f.name === 'NoChipsLeft' // the empty case, below
          ? true
          : f.name === 'KubeNodeNotReady'
            ? f.chips.some((c) => c.startsWith('node='))
            : f.name === 'NodeDiskPressure'
              ? f.chips.some((c) => c.startsWith('cluster=')) &&
                f.chips.some((c) => c.startsWith('namespace='))
              : f.name === 'HighLatency' || f.name === 'ContainerOOMKilled'
                ? f.chips.some((c) => c.startsWith('namespace=') || c.startsWith('instance='))
                : f.chips.some((c) => c.startsWith('service=') || c.startsWith('instance='));
      assert.ok(telling, `${f.name}: ${f.chips.join(' ')}`);
      assert.ok(f.summary >= 80, `${f.name}: summary ${f.summary} px wide`);
      // Every chip shown keeps "name=value" with some of its value (a few characters at
      // least): never the value alone, never "name=" alone.
      for (const px of f.valuePx) assert.ok(px >= 15, `${f.name}: a value ${px} px drawn`);
      // A value cut short keeps several characters before its ellipsis: "namespace=c" (one
      // chip floor for every name) read as the value "c".
      for (const v of f.valueChars)
        assert.ok(
          v.chars >= Math.min(v.length, 4) - 0.5,
          `${f.name}: ${v.value} drawn as ${v.chars.toFixed(1)} of ${v.length} characters`,
        );
      assert.equal(f.badgeCut, false, `${f.name}: the severity word is cut`);
      // Beside the pane the row's link words give their room to where it fires (the pane
      // has the selected alert's links, `o` opens the cursor row's).
      assert.equal(f.links, 0, `${f.name}: link words shown beside the pane`);
      // Labels all of the group's alerts share are not repeated on the row.
      assert.ok(
        !f.chips.some((c) => c === 'namespace=kube-system' || c === 'job=api'),
        f.chips.join(' '),
      );
    }
  });

  it('a chip short of room gives way without leaving its room blank', async () => {
    const facts = (await rowFacts()).filter((f) => f.name === 'ContainerOOMKilled');
    assert.equal(facts.length, 2);
    for (const f of facts) {
      assert.ok(f.chips[0]?.startsWith('instance='), f.chips.join(' '));
      // The gap between chips and summary is the row's own spacing (8 px), give or take.
      assert.ok(
        f.gap <= 16,
        `${f.chips.join(' ')}: ${Math.round(f.gap)} px blank before the summary`,
      );
    }
  });

  it('a row with no label to show leaves no gap before its summary', async () => {
    const row = page.locator('[data-testid=alert-row]', { hasText: 'NoChipsLeft summary' });
    const gap = await row.evaluate((r) => {
      const line = r.querySelector('.lchips')!.getBoundingClientRect();
      return { chips: r.querySelectorAll('.lchips .chip').length, width: line.width };
    });
    assert.equal(gap.chips, 0);
    assert.ok(gap.width <= 1, `an empty label line ${gap.width} px wide`);
  });

  it('the group header says the shared labels once', async () => {
    const node = page.locator('[data-testid=group-row]', { hasText: 'KubeNodeNotReady' });
    assert.match(
      (await node.locator('[data-testid=group-shared]').allTextContents())
        .join(' ')
        .replace(/\s+/g, ''),
      /namespace=kube-system/,
    );
  });

  it('at 480 px each row still says what is wrong, beside where and the severity', async () => {
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 480, height: 680 });
    try {
      const facts = await rowFacts();
      for (const f of facts) {
        assert.ok(f.summary >= 40, `${f.name}: summary ${f.summary} px wide at 480`);
        assert.equal(f.badgeCut, false, `${f.name}: the severity word is cut at 480`);
        if (f.name !== 'NoChipsLeft')
          assert.ok(f.chips.length >= 1, `${f.name}: no label left at 480`);
      }
    } finally {
      await page.setViewportSize({ width: 960, height: 680 });
    }
  });
});
