// Team views from the server (issue 32 item 4): Alertmanager 0.33+ receivers carry labels and
// the API takes `receiver_matchers` (emulated 0.34 server: test/support/receiver-labels.ts names
// the upstream file). The client reads the labels and can pass the matchers; the core keeps
// the labels on the instance view and the "my team" notification rule (teamOnly) uses them.
// A real Alertmanager 0.25 (no receiver labels) keeps working unchanged: the rule lets
// everything through there.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AlertmanagerClient } from '../../../main/core/api/client.ts';
import { createCore } from '../../../main/core/engine/create-core.ts';
import type { AppNotification, CoreEvent } from '../../../main/core/model/events.ts';
import type { Core } from '../../../main/core/service.ts';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  startAlertmanager,
  waitFor,
  type AmProcess,
} from '../../support/alertmanager.ts';
import { startAlertmanager034, type FlavourServer } from '../../support/flavours.ts';
import type { ReceiverDef } from '../../support/receiver-labels.ts';
import { MemorySecrets, settingsFor } from '../engine/helpers.ts';

const RECEIVERS: ReceiverDef[] = [
  { name: 'payments-pager', labels: { team: 'payments', tier: '1' } },
  { name: 'storage-pager', labels: { team: 'storage' } },
  { name: 'catch-all' },
];
const ALERTS = [
  { labels: { alertname: 'CardDeclines', severity: 'critical' }, receiver: 'payments-pager' },
  { labels: { alertname: 'DiskFull', severity: 'critical' }, receiver: 'storage-pager' },
  { labels: { alertname: 'Unrouted', severity: 'critical' }, receiver: 'catch-all' },
];

interface Heard {
  core: Core;
  notes: AppNotification[];
  withheld: { event: CoreEvent; reason: string }[];
}

/** A started core on `url` with "my team" = team="payments" and teamOnly on. */
function teamCore(url: string): Heard {
  const settings = settingsFor([url]);
  settings.notifications.team = 'team="payments"';
  settings.notifications.teamOnly = true;
  const core = createCore({ settings, secrets: new MemorySecrets() });
  const h: Heard = { core, notes: [], withheld: [] };
  core.onNotification((n) => h.notes.push(n));
  core.onCycle((c) => h.withheld.push(...c.withheld));
  core.start();
  return h;
}

const namesIn = (notes: AppNotification[]) =>
  notes.map((n) => `${n.title}\n${n.body}`).join('\n---\n');

describe('receiver labels: Alertmanager 0.34 shapes', () => {
  let f: FlavourServer;
  let h: Heard;
  before(async () => {
    f = await startAlertmanager034({ alerts: ALERTS, receivers: RECEIVERS });
    h = teamCore(f.baseUrl);
  });
  after(async () => {
    await h?.core.stop();
    await f?.close();
  });

  it('the client reads receiver labels; receivers without labels have none', async () => {
    const client = new AlertmanagerClient({ baseUrl: f.baseUrl });
    try {
      assert.deepEqual(await client.getReceivers(), RECEIVERS);
    } finally {
      await client.close();
    }
  });

  it('the client may pass receiver_matchers (0.33+ filters groups and alerts by them)', async () => {
    const client = new AlertmanagerClient({ baseUrl: f.baseUrl });
    try {
      const groups = await client.getAlertGroups({ receiverMatchers: ['team="payments"'] });
      assert.deepEqual(
        groups.map((g) => g.receiver.name),
        ['payments-pager'],
      );
      const alerts = await client.getAlerts({ receiverMatchers: ['team=~"pay.*|storage"'] });
      assert.deepEqual(alerts.map((a) => a.labels.alertname).sort(), ['CardDeclines', 'DiskFull']);
    } finally {
      await client.close();
    }
  });

  it('the core keeps the labels on the instance; "my team only" notifies for my team', async () => {
    await waitFor(async () => h.notes.length > 0 && h.withheld.length >= 2, { timeoutMs: 20_000 });
    const inst = h.core.snapshot().instances['am1']!;
    assert.deepEqual(inst.receiverLabels?.['payments-pager'], { team: 'payments', tier: '1' });
    assert.equal(inst.receiverLabels?.['catch-all'], undefined);
    const text = namesIn(h.notes);
    assert.match(text, /CardDeclines/);
    assert.doesNotMatch(text, /DiskFull|Unrouted/);
    const quiet = h.withheld.filter((w) => w.reason === 'not my team');
    assert.deepEqual(quiet.map((w) => ('alertname' in w.event ? w.event.alertname : '')).sort(), [
      'DiskFull',
      'Unrouted',
    ]);
  });
});

describe(
  'receiver labels: a real Alertmanager 0.25 keeps working',
  { skip: amSkipReason() },
  () => {
    let am: AmProcess;
    let h: Heard;
    before(async () => {
      am = await startAlertmanager();
      await postAlerts(am.url, [
        makeAlert({ alertname: 'CardDeclines', severity: 'critical' }),
        makeAlert({ alertname: 'DiskFull', severity: 'critical', team: 'b' }),
      ]);
      h = teamCore(am.url);
    });
    after(async () => {
      await h?.core.stop();
      await am?.stop();
    });

    it('no labels to read, so the team rule withholds nothing', async () => {
      const client = new AlertmanagerClient({ baseUrl: am.url });
      try {
        const rs = await client.getReceivers();
        assert.ok(rs.length > 0);
        assert.ok(rs.every((r) => r.labels === undefined));
      } finally {
        await client.close();
      }
      await waitFor(
        async () => /CardDeclines/.test(namesIn(h.notes)) && /DiskFull/.test(namesIn(h.notes)),
        {
          timeoutMs: 20_000,
        },
      );
      assert.equal(h.core.snapshot().instances['am1']!.receiverLabels, undefined);
      assert.deepEqual(
        h.withheld.filter((w) => w.reason === 'not my team'),
        [],
      );
    });
  },
);
