// Triage at Electron's default 960×680 right after load, nothing selected, as a paged engineer
// sees it: a real Alertmanager whose routing sends critical alerts to a pager receiver and
// (`continue: true`) on to team receivers — the shape of most real configurations — and ~150
// realistic alerts. At least 14 alert rows fully visible; a group routed to two receivers
// appears once; every visible row or its group row links its runbook; every visible group's
// cluster is shown whole; where it fires (cluster, namespace, service) comes before volatile
// labels (pod); labels every alert shares are said once. Real core, browser shell, Chromium.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { PostableAlert } from '../../main/core/api/types.ts';
import { amSkipReason, makeAlert } from '../support/alertmanager.ts';
import { testInstance, testSettings, useAlertmanagerUi } from './support/ui.ts';

// Critical: the pager, then on to the owning team (continue). group_by keeps the cluster in
// the group's labels, as most setups do.
const ROUTED = `global:
  resolve_timeout: 5m
route:
  receiver: team-default
  group_by: [alertname, cluster]
  group_wait: 1s
  group_interval: 1s
  repeat_interval: 4h
  routes:
    - receiver: pager
      matchers: ['severity="critical"']
      continue: true
    - receiver: team-payments
      matchers: ['team="payments"']
    - receiver: team-platform
      matchers: ['team="platform"']
receivers:
  - name: team-default
  - name: pager
  - name: team-payments
  - name: team-platform
`;

const RULES: { name: string; severity: string; team: string; service: string; n: number }[] = [
  { name: 'KubePodCrashLooping', severity: 'warning', team: 'payments', service: 'api', n: 30 },
  { name: 'RedisDown', severity: 'critical', team: 'payments', service: 'redis', n: 6 },
  {
    name: 'KubeDeploymentReplicasMismatchForLongerThanFifteenMinutes',
    severity: 'warning',
    team: 'platform',
    service: 'ingress',
    n: 20,
  },
  {
    name: 'NodeFilesystemAlmostOutOfSpace',
    severity: 'critical',
    team: 'platform',
    service: 'node',
    n: 24,
  },
  { name: 'HighRequestLatency', severity: 'warning', team: 'payments', service: 'checkout', n: 30 },
  {
    name: 'CertificateExpiringSoon',
    severity: 'info',
    team: 'platform',
    service: 'cert-manager',
    n: 20,
  },
  { name: 'TargetDown', severity: 'warning', team: 'platform', service: 'exporter', n: 20 },
];

function realisticAlerts(): PostableAlert[] {
  const out: PostableAlert[] = [];
  for (const r of RULES) {
    for (let i = 0; i < r.n; i++) {
      const cluster = ['prod-eu-west-1', 'prod-us-east-2'][i % 2]!;
      out.push(
        makeAlert(
          {
            alertname: r.name,
            severity: r.severity,
            team: r.team,
            cluster,
            namespace: `${r.team}-${r.service}`,
            service: r.service,
            job: 'kubernetes-pods',
            container: r.service,
            pod: `${r.service}-7d9f8c6b5-${(i * 7919).toString(36).padStart(5, 'x')}`,
            instance: `10.${i % 4}.${i}.17:9100`,
            prometheus: 'monitoring/k8s',
          },
          {
            annotations: {
              summary: `${r.name} on ${r.service} ${i}`,
              runbook_url: `https://runbooks.example.com/${r.name}`,
            },
          },
        ),
      );
    }
  }
  return out;
}

interface Rect {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

describe(
  'triage at 960×680: dense, whole, one look to the runbook',
  { skip: amSkipReason() },
  () => {
    const alerts = realisticAlerts();
    const t = useAlertmanagerUi({
      alerts,
      amConfig: ROUTED,
      settings: (am) => testSettings([testInstance('am1', am.url)]),
      viewport: { width: 960, height: 680 },
      ready: (page) =>
        page.waitForFunction(
          (n) =>
            (
              globalThis as unknown as { document: { body: { textContent: string } } }
            ).document.body.textContent.includes(`${n} of ${n}`),
          alerts.length,
          { timeout: 30_000 },
        ),
    });
    let page: Page;
    before(() => {
      page = t.page;
    });

    it('shows at least 14 whole alert rows with nothing selected, and no detail pane', async () => {
      assert.equal(await page.locator('[data-testid=detail-pane]').count(), 0);
      const list = await page.locator('section.list .vlist').boundingBox();
      assert.ok(list);
      const rows = await page
        .locator('[data-testid=alert-row]')
        .evaluateAll((els) =>
          els.map((e) =>
            (e as unknown as { getBoundingClientRect(): Rect }).getBoundingClientRect(),
          ),
        );
      const whole = rows.filter((r) => r.top >= list.y - 1 && r.bottom <= list.y + list.height + 1);
      assert.ok(whole.length >= 14, `whole alert rows: ${whole.length}`);
    });

    it('lists a label set routed to the pager and a team once, naming both', async () => {
      const input = page.locator('[data-testid=filter-input]');
      await input.fill('alertname="RedisDown"');
      await page.getByText('6 of 150').waitFor();
      const redis = page.locator('[data-testid=group-row]', {
        has: page.locator('.gname', { hasText: 'RedisDown' }),
      });
      // Two clusters: two groups, each once (not twice per receiver).
      assert.equal(await redis.count(), 2);
      for (const g of await redis.all()) {
        const badges = await g.locator('.badge-filter').allTextContents();
        assert.ok(badges.includes('pager') && badges.includes('team-payments'), badges.join());
      }
      await input.fill('');
      await page.getByText('150 of 150').waitFor();
    });

    it('every visible row or its group row links its runbook; every cluster is whole', async () => {
      const facts = await page.evaluate(() => {
        type El = {
          querySelector(s: string): El | null;
          getAttribute(n: string): string | null;
          textContent: string;
          scrollWidth: number;
          clientWidth: number;
          getBoundingClientRect(): Rect;
          dataset: Record<string, string>;
        };
        const d = (globalThis as unknown as { document: { querySelectorAll(s: string): El[] } })
          .document;
        const groups = [...d.querySelectorAll('[data-testid=group-row]')].map((g) => ({
          key: g.dataset['groupKey'] ?? '',
          runbook: g.querySelector('[data-testid=row-link-runbook]')?.getAttribute('href') ?? null,
          where: g.querySelector('[data-testid=group-where]'),
          clusterChip: g.querySelector('.chip[data-label=cluster]'),
        }));
        return {
          groups: groups.map((g) => ({
            key: g.key,
            runbook: g.runbook,
            whereCut: g.where ? g.where.scrollWidth > g.where.clientWidth + 1 : true,
            clusterText: g.clusterChip?.textContent ?? null,
            clusterCut: g.clusterChip
              ? g.clusterChip.scrollWidth > g.clusterChip.clientWidth + 1
              : false,
          })),
          rows: [...d.querySelectorAll('[data-testid=alert-row]')].map(
            (r) => r.querySelector('[data-testid=row-link-runbook]')?.getAttribute('href') ?? null,
          ),
        };
      });
      assert.ok(facts.groups.length >= 3);
      for (const g of facts.groups) {
        assert.match(g.runbook ?? '', /^https:\/\/runbooks\.example\.com\//, `runbook on ${g.key}`);
        assert.equal(g.whereCut, false, `cluster badge cut on ${g.key}`);
        assert.ok(g.clusterText?.startsWith('cluster=prod-'), `cluster label on ${g.key}`);
        assert.equal(g.clusterCut, false, `cluster label cut on ${g.key}`);
      }
      for (const r of facts.rows) assert.match(r ?? '', /^https:\/\/runbooks\.example\.com\//);
    });

    it('puts where it fires before volatile labels and says shared labels once', async () => {
      const common = await page.locator('[data-testid=common-labels] .chip').allTextContents();
      assert.ok(common.includes('job=kubernetes-pods'), common.join());
      assert.ok(common.includes('prometheus=monitoring/k8s'), common.join());
      const first = page.locator('[data-testid=alert-row]').first();
      const chips = await first.locator('.chip').allTextContents();
      const at = (prefix: string) => chips.findIndex((c) => c.startsWith(prefix));
      // Where: on the row, or once in its group's header when all its alerts share it.
      const header = page.locator('[data-testid=group-row]').first();
      const shared = await header.locator('[data-testid=group-shared] .chip').allTextContents();
      for (const name of ['namespace=', 'service='])
        assert.ok(
          at(name) >= 0 || shared.some((c) => c.startsWith(name)),
          `${name}: ${chips.join()} | ${shared.join()}`,
        );
      if (at('pod=') >= 0) assert.ok(at('pod=') > at('namespace='), chips.join());
      assert.equal(at('job='), -1, 'shared by every alert: not on the row');
      assert.equal(at('cluster='), -1, 'the group header shows it');
      assert.equal(await first.locator('.alertname').count(), 0, 'the group header shows it');
    });

    it('opens the detail pane on selection and closes it with ×', async () => {
      await page.locator('[data-testid=alert-row]').first().locator('.age').click();
      await page.locator('[data-testid=detail-pane]').waitFor();
      await page.locator('[data-testid=detail-close]').click();
      assert.equal(await page.locator('[data-testid=detail-pane]').count(), 0);
    });
  },
);
