// An alert that fires on two separate Alertmanagers (two clusters, not one HA cluster) is
// acknowledged, or quickly silenced, from the row of one of them: the silence goes to both, or
// it keeps paging from the other. Silences do not cross clusters, so that is one silence on
// each, each matching the alert's own labels. A group's ack stays on its own cluster (its
// matchers are the group's labels, which elsewhere may hold other alerts). Real servers.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createCore } from '../../../main/core/engine/create-core.ts';
import type { Core } from '../../../main/core/service.ts';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  startAlertmanager,
  type AmProcess,
} from '../../support/alertmanager.ts';
import { MemorySecrets, settingsFor, waitForCore } from './helpers.ts';

interface ServerSilence {
  status: { state: string };
  matchers: { name: string; value: string }[];
}

async function activeSilencesOf(url: string, alertname: string): Promise<ServerSilence[]> {
  const all = (await (await fetch(`${url}/api/v2/silences`)).json()) as ServerSilence[];
  return all.filter(
    (s) =>
      s.status.state === 'active' &&
      s.matchers.some((m) => m.name === 'alertname' && m.value === alertname),
  );
}

describe('an alert on two Alertmanagers is silenced on both', { skip: amSkipReason() }, () => {
  let am1: AmProcess;
  let am2: AmProcess;
  let core: Core;

  before(async () => {
    [am1, am2] = await Promise.all([startAlertmanager(), startAlertmanager()]);
    const both = [
      makeAlert({ alertname: 'TwiceAck', severity: 'critical', instance: 'i1' }),
      makeAlert({ alertname: 'TwiceQuick', severity: 'critical', instance: 'i2' }),
    ];
    await Promise.all([postAlerts(am1.url, both), postAlerts(am2.url, both)]);
    await postAlerts(am1.url, [
      makeAlert({ alertname: 'GroupOnly', severity: 'warning', instance: 'g1' }),
    ]);
    await postAlerts(am2.url, [
      makeAlert({ alertname: 'GroupOnly', severity: 'warning', instance: 'g2' }),
    ]);
    core = createCore({
      settings: settingsFor([am1.url, am2.url]),
      secrets: new MemorySecrets(),
      osUser: 'tester',
    });
    core.start();
    await waitForCore(
      core,
      async () => {
        const alerts = Object.values(core.snapshot().alerts);
        return (
          alerts.filter((a) => a.clusters.length === 2).length === 2 &&
          alerts.filter((a) => a.labels.alertname === 'GroupOnly').length === 2
        );
      },
      { message: 'both servers polled' },
    );
  });
  after(async () => {
    await core?.stop();
    await Promise.all([am1?.stop(), am2?.stop()]);
  });

  const alertOf = (name: string) =>
    Object.values(core.snapshot().alerts).find((a) => a.labels.alertname === name)!;
  const cluster = (id: string) => core.snapshot().instances[id]!.clusterId;

  it('acknowledge from the am1 row silences it on am1 and am2', async () => {
    const a = alertOf('TwiceAck');
    const results = await core.silences.acknowledge({
      fingerprint: a.fingerprint,
      clusterId: cluster('am1'),
    });
    assert.deepEqual(
      results.map((r) => r.clusterId),
      [cluster('am1'), cluster('am2')],
      'the row’s cluster first',
    );
    assert.equal((await activeSilencesOf(am1.url, 'TwiceAck')).length, 1);
    assert.equal((await activeSilencesOf(am2.url, 'TwiceAck')).length, 1);
  });

  it('a quick silence from the am2 row goes to both too', async () => {
    const a = alertOf('TwiceQuick');
    const results = await core.silences.quick(
      { fingerprint: a.fingerprint, clusterId: cluster('am2') },
      3_600_000,
      '',
    );
    assert.deepEqual(
      results.map((r) => r.clusterId),
      [cluster('am2'), cluster('am1')],
    );
    assert.equal((await activeSilencesOf(am1.url, 'TwiceQuick')).length, 1);
    assert.equal((await activeSilencesOf(am2.url, 'TwiceQuick')).length, 1);
  });

  it("a group's ack stays on the group's own Alertmanager", async () => {
    const g = Object.values(core.snapshot().groups).find(
      (x) => x.labels.alertname === 'GroupOnly' && x.clusterId === cluster('am1'),
    )!;
    const results = await core.silences.acknowledge({ groupKey: g.key });
    assert.deepEqual(
      results.map((r) => r.clusterId),
      [cluster('am1')],
    );
    assert.equal((await activeSilencesOf(am1.url, 'GroupOnly')).length, 1);
    assert.equal((await activeSilencesOf(am2.url, 'GroupOnly')).length, 0);
  });
});
