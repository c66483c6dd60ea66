// Every server flavour the app claims, as its upstream source shapes it (test/support/
// flavours.ts names the files): the client reads it, and the core shows the instance healthy
// with its version or a clear reason, with alerts, groups and silences usable.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AlertmanagerClient } from '../../../main/core/api/client.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { watchCore, type Watched } from '../../faults/support/core.ts';
import {
  startAlertmanager034,
  startGrafana,
  startGrafanaForbidden,
  startMimir,
  type FlavourServer,
} from '../../support/flavours.ts';

const HOUR = 3_600_000;
const draft = (name: string) => ({
  matchers: [{ name: 'alertname', value: name, isRegex: false, isEqual: true }],
  startsAt: new Date().toISOString(),
  endsAt: new Date(Date.now() + HOUR).toISOString(),
  createdBy: 'flavour-test',
  comment: 'flavour test',
});

async function coreOn(f: FlavourServer): Promise<Watched> {
  const w = watchCore({
    instances: [{ url: f.baseUrl, headers: f.headers }],
    clock: new FakeClock(),
  });
  await w.core.refresh();
  return w;
}

describe('Grafana-managed Alertmanager', () => {
  let f: FlavourServer;
  let w: Watched;
  before(async () => {
    f = await startGrafana({
      alerts: [{ labels: { alertname: 'CPUHigh', severity: 'critical', instance: 'a' } }],
    });
    w = await coreOn(f);
  });
  after(async () => {
    await w?.stop();
    await f?.close();
  });

  it('is healthy without /receivers: receivers come from its groups, version says why', () => {
    const i0 = w.core.snapshot().instances.i0!;
    assert.equal(i0.health, 'ok', JSON.stringify(i0.lastError));
    assert.deepEqual(i0.receivers, ['grafana-default-email']);
    assert.equal(i0.receiversDerived, true);
    assert.equal(i0.product, 'Grafana');
    assert.match(i0.versionNote ?? '', /not reported by Grafana-managed/);
  });

  it('test connection names the flavour instead of a bare N/A', async () => {
    const r = await w.core.testConnection(w.core.getSettings().instances[0]!);
    assert.equal(r.ok, true);
    assert.match(r.ok ? r.version : '', /Grafana-managed/);
  });

  it('alerts and groups show; a silence answered 202 is created and silences the alert', async () => {
    const s = w.core.snapshot();
    const group = Object.values(s.groups)[0]!;
    assert.deepEqual(group.labels, { alertname: 'CPUHigh', grafana_folder: 'Ops' });
    const res = await w.core.silences.create(group.clusterId, draft('CPUHigh'));
    assert.equal(f.silences()[0]?.id, res.id);
    const after = w.core.snapshot();
    assert.equal(after.silences[res.silenceKey]?.state, 'active');
    const alert = Object.values(after.alerts)[0]!;
    assert.deepEqual(alert.silencedBy, [res.silenceKey]);
    // Grafana never had annotations: nothing is sent that it does not know.
    assert.equal('annotations' in f.posted[0]!, false);
  });
});

describe('Grafana answering 403', () => {
  let f: FlavourServer;
  let w: Watched;
  before(async () => {
    f = await startGrafanaForbidden();
    w = await coreOn(f);
  });
  after(async () => {
    await w?.stop();
    await f?.close();
  });

  it('is "not allowed", with Grafana\'s own message, never "down"', () => {
    const i0 = w.core.snapshot().instances.i0!;
    assert.equal(i0.health, 'auth-failed');
    assert.equal(i0.lastError?.status, 403);
    assert.match(i0.lastError?.message ?? '', /not allowed for this account/);
    assert.match(i0.lastError?.serverMessage ?? '', /Permissions needed: alert\.instances:read/);
  });
});

describe('Grafana Mimir', () => {
  let f: FlavourServer;
  before(async () => {
    f = await startMimir({
      alerts: [{ labels: { alertname: 'IngesterDown', severity: 'warning' } }],
      tenant: 'team-a',
      configuredTenants: ['team-a'],
    });
  });
  after(async () => {
    await f?.close();
  });

  it('the client reads the version from buildinfo', async () => {
    const client = new AlertmanagerClient({ baseUrl: f.baseUrl, headers: f.headers });
    try {
      const st = await client.getStatus();
      assert.equal(st.versionInfo.version, '');
      const bi = await client.getBuildInfo();
      assert.deepEqual(
        { application: bi.application, version: bi.version },
        { application: 'Grafana Mimir', version: '2.14.0' },
      );
    } finally {
      await client.close();
    }
  });

  it("the core shows it healthy with Mimir's version; silences work", async () => {
    const w = await coreOn(f);
    try {
      const s = w.core.snapshot();
      const i0 = s.instances.i0!;
      assert.equal(i0.health, 'ok', JSON.stringify(i0.lastError));
      assert.equal(i0.version?.version, '2.14.0');
      assert.equal(i0.product, 'Grafana Mimir');
      assert.deepEqual(i0.receivers, ['default']);
      assert.equal(Object.keys(s.alerts).length, 1);
      const res = await w.core.silences.create(i0.clusterId, draft('IngesterDown'));
      assert.equal(w.core.snapshot().silences[res.silenceKey]?.state, 'active');
      await w.core.silences.expire(res.silenceKey);
      assert.equal(w.core.snapshot().silences[res.silenceKey]?.state, 'expired');
    } finally {
      await w.stop();
    }
  });

  it('a tenant without configuration is shown as such, never as "no alerts"', async () => {
    const w = await coreOn({ ...f, headers: { 'X-Scope-OrgID': 'team-b' } });
    try {
      const s = w.core.snapshot();
      const i0 = s.instances.i0!;
      assert.notEqual(i0.health, 'ok');
      assert.equal(i0.lastError?.status, 404);
      assert.match(i0.lastError?.message ?? '', /no Alertmanager configuration for this tenant/);
      assert.ok(s.summary.missingData.includes('i0'), 'missing data, not all clear');
      assert.notEqual(s.summary.worst, 'ok');
    } finally {
      await w.stop();
    }
  });
});

describe('Alertmanager 0.34', () => {
  let f: FlavourServer;
  let w: Watched;
  before(async () => {
    f = await startAlertmanager034({
      alerts: [
        { labels: { alertname: 'BackupLate', severity: 'warning' }, mutedBy: ['weekends'] },
        { labels: { alertname: 'DiskFull', severity: 'critical' } },
      ],
    });
    w = await coreOn(f);
  });
  after(async () => {
    await w?.stop();
    await f?.close();
  });

  it('a muted alert is suppressed, muted by its time interval, and groups keep routeLabels', () => {
    const s = w.core.snapshot();
    assert.equal(s.instances.i0?.version?.version, '0.34.0');
    const muted = Object.values(s.alerts).find((a) => a.labels.alertname === 'BackupLate')!;
    assert.equal(muted.state, 'suppressed');
    assert.deepEqual(muted.mutedBy, ['weekends']);
    assert.deepEqual(muted.silencedBy, []);
    const firing = Object.values(s.alerts).find((a) => a.labels.alertname === 'DiskFull')!;
    assert.equal(firing.state, 'active');
    assert.equal(firing.mutedBy, undefined);
    for (const g of Object.values(s.groups)) assert.deepEqual(g.routeLabels, { team: 'storage' });
    // A muted alert does not count as firing.
    assert.equal(s.summary.firing, 1);
  });

  it('silence annotations are shown and kept by edit, extend and recreate', async () => {
    const clusterId = w.core.snapshot().instances.i0!.clusterId;
    const res = await w.core.silences.create(clusterId, {
      ...draft('DiskFull'),
      annotations: { ticket: 'OPS-42' },
    });
    const key = res.silenceKey;
    assert.deepEqual(w.core.snapshot().silences[key]?.annotations, { ticket: 'OPS-42' });
    // The form sends no annotations: the update keeps the silence's own.
    const edited = await w.core.silences.update(key, {
      ...draft('DiskFull'),
      startsAt: w.core.snapshot().silences[key]!.startsAt,
      comment: 'edited',
    });
    assert.equal(edited.id, res.id, 'updated in place');
    assert.deepEqual(f.posted.at(-1)?.annotations, { ticket: 'OPS-42' });
    const extended = await w.core.silences.extend(
      edited.silenceKey,
      new Date(Date.now() + 2 * HOUR).toISOString(),
    );
    assert.deepEqual(f.posted.at(-1)?.annotations, { ticket: 'OPS-42' });
    assert.deepEqual(w.core.snapshot().silences[extended.silenceKey]?.annotations, {
      ticket: 'OPS-42',
    });
    await w.core.silences.expire(extended.silenceKey);
    const again = await w.core.silences.recreate(extended.silenceKey, HOUR);
    assert.deepEqual(w.core.snapshot().silences[again.silenceKey]?.annotations, {
      ticket: 'OPS-42',
    });
  });

  it('GET /silences state flags narrow the list', async () => {
    const client = new AlertmanagerClient({ baseUrl: f.baseUrl });
    try {
      const all = await client.getSilences();
      const live = await client.getSilences(undefined, undefined, { expired: false });
      assert.ok(all.some((s) => s.status.state === 'expired'));
      assert.ok(live.length > 0 && live.every((s) => s.status.state !== 'expired'));
    } finally {
      await client.close();
    }
  });
});
