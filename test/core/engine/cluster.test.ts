// The engine against a real 3-peer Alertmanager HA cluster: de-duplication of alerts, groups
// and silences across peers, one write per silence, and what the view does when peers die
// and come back. Polls are driven by core.refresh() on a fake clock (no timer ever fires on
// its own), so nothing depends on wall-clock timing.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { GettableSilence, PostableAlert } from '../../../main/core/api/types.ts';
import { createCore } from '../../../main/core/engine/create-core.ts';
import type { Core } from '../../../main/core/service.ts';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  startCluster,
  waitFor,
  type AmCluster,
} from '../../support/alertmanager.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { MemorySecrets, Recorder, settingsFor, waitForCore } from './helpers.ts';

async function listSilences(url: string): Promise<GettableSilence[]> {
  const res = await fetch(`${url}/api/v2/silences`);
  return (await res.json()) as GettableSilence[];
}

describe('engine with a 3-peer cluster', { skip: amSkipReason() }, () => {
  let cluster: AmCluster;
  let core: Core;
  let rec: Recorder;
  let clusterId = '';
  const clock = new FakeClock();
  const alerts: PostableAlert[] = [
    makeAlert({ alertname: 'EngDisk', severity: 'warning', host: 'a' }),
    makeAlert({ alertname: 'EngDisk', severity: 'warning', host: 'b' }),
    // critical -> pager, and team=b -> also team-b: one alert in two groups.
    makeAlert({ alertname: 'EngCpu', severity: 'critical', team: 'b' }),
  ];

  before(async () => {
    cluster = await startCluster(3);
    core = createCore({
      settings: settingsFor(cluster.urls),
      secrets: new MemorySecrets(),
      clock,
      osUser: 'tester',
      random: () => 0.5,
    });
    rec = new Recorder(core);
    core.start();
  });

  after(async () => {
    rec?.close();
    await core?.stop();
    await cluster?.stop();
  });

  it('shows alerts posted to all peers once, each listing the 3 peers and one cluster', async () => {
    await postAlerts(cluster.urls, alerts);
    const snap = await waitForCore(
      core,
      async () => {
        await core.refresh();
        const s = core.snapshot();
        const all = Object.values(s.alerts);
        console.log(
          JSON.stringify(Object.values(s.instances).map((i) => [i.health, i.lastError])),
          all.length,
        );
        return all.length === 3 && all.every((a) => a.instances.length === 3) ? s : undefined;
      },
      { timeoutMs: 30_000, message: 'alerts on all 3 peers' },
    );
    const all = Object.values(snap.alerts);
    for (const a of all) {
      assert.deepEqual([...a.instances].sort(), ['am1', 'am2', 'am3']);
      assert.equal(a.clusters.length, 1);
    }
    clusterId = all[0]!.clusters[0]!;
    assert.match(clusterId, /^peers:/);
    // No alert was ever shown under another cluster id (no flip while peers answered one by one).
    const seenIds = new Set(
      rec.deltas.flatMap((d) => d.upsert.alerts?.flatMap((a) => a.clusters) ?? []),
    );
    assert.deepEqual([...seenIds], [clusterId]);
    assert.ok(rec.notifications.length <= 1, 'at most one start-up summary');
    for (const i of Object.values(snap.instances)) {
      assert.equal(i.clusterId, clusterId);
      assert.equal(i.health, 'ok');
    }
    assert.deepEqual(snap.clusters[clusterId]!.members, ['am1', 'am2', 'am3']);
    // Groups: team-a/EngDisk, and EngCpu routed to pager and team-b (one label set, one group
    // naming both) — each once despite 3 peers.
    const groups = Object.values(snap.groups);
    assert.deepEqual(groups.map((g) => `${g.receivers.join('+')}/${g.labels.alertname}`).sort(), [
      'pager+team-b/EngCpu',
      'team-a/EngDisk',
    ]);
    const cpu = all.find((a) => a.labels.alertname === 'EngCpu')!;
    assert.equal(groups.filter((g) => g.alerts.includes(cpu.fingerprint)).length, 1);
    assert.equal(groups.find((g) => g.receivers.includes('team-a'))!.alerts.length, 2);
    assert.equal(snap.summary.firing, 3);
    assert.deepEqual(snap.summary.bySeverity, { warning: 2, critical: 1 });
    assert.equal(snap.summary.worst, 'critical');
  });

  it('writes a silence once: every peer lists exactly one copy, the view one', async () => {
    const now = clock.now();
    const result = await core.silences.create(clusterId, {
      matchers: [{ name: 'host', value: 'a', isRegex: false, isEqual: true }],
      startsAt: new Date(now).toISOString(),
      endsAt: new Date(now + 3_600_000).toISOString(),
      createdBy: 'tester',
      comment: 'engine cluster test',
    });
    assert.equal(result.clusterId, clusterId);
    assert.equal(result.silenceKey, `${clusterId}/${result.id}`);
    // Gossip reaches every peer; each must hold the one silence, not three.
    for (const url of cluster.urls) {
      await waitFor(async () => (await listSilences(url)).some((s) => s.id === result.id), {
        timeoutMs: 20_000,
        message: `silence on ${url}`,
      });
    }
    for (const url of cluster.urls) {
      const mine = (await listSilences(url)).filter((s) => s.comment === 'engine cluster test');
      assert.equal(mine.length, 1, `one silence on ${url}`);
    }
    const snap = await waitFor(async () => {
      await core.refresh();
      const s = core.snapshot();
      const a = Object.values(s.alerts).find((x) => x.labels.host === 'a');
      return a?.state === 'suppressed' ? s : undefined;
    });
    const views = Object.values(snap.silences).filter((s) => s.comment === 'engine cluster test');
    assert.equal(views.length, 1);
    assert.equal(views[0]!.key, result.silenceKey);
    const silenced = Object.values(snap.alerts).find((x) => x.labels.host === 'a')!;
    assert.deepEqual(silenced.silencedBy, [result.silenceKey]);
    assert.equal(snap.summary.suppressed, 1);
    assert.equal(snap.summary.firing, 2);

    // Expire it again so the restarted peers below start from the same silence state.
    await core.silences.expire(result.silenceKey);
    await waitFor(async () => {
      await core.refresh();
      return core.snapshot().silences[result.silenceKey]?.state === 'expired';
    });
    await waitFor(async () => {
      await core.refresh();
      return Object.values(core.snapshot().alerts).every((a) => a.state === 'active');
    });
  });

  it('keeps the view complete when one peer dies, marking only that peer', async () => {
    // Peers do not share alerts: one that only am3 got (Prometheus could not reach the
    // others) is its alone. Its death must not read as that alert resolving.
    await postAlerts(cluster.urls[2]!, [
      makeAlert({ alertname: 'EngOnlyOnC', severity: 'warning', host: 'c' }),
    ]);
    await waitForCore(
      core,
      async () => {
        await core.refresh();
        return Object.values(core.snapshot().alerts).some(
          (a) => a.labels['alertname'] === 'EngOnlyOnC',
        );
      },
      { timeoutMs: 20_000, message: 'the alert only am3 has is listed' },
    );
    rec.clear();
    await cluster.peers[2]!.kill();
    await core.refresh();
    const snap = core.snapshot();
    const only = Object.values(snap.alerts).find((a) => a.labels['alertname'] === 'EngOnlyOnC');
    assert.ok(only, 'the alert only the dead peer listed is kept');
    assert.deepEqual(only.instances, ['am3']);
    assert.equal(only.stale, true, 'its last known state, marked stale');
    assert.deepEqual(rec.eventsOf('alert-resolved'), [], 'a dead peer resolves nothing');
    for (const a of Object.values(snap.alerts)) {
      if (a === only) continue;
      assert.deepEqual([...a.instances].sort(), ['am1', 'am2']);
      assert.equal(a.stale, false);
    }
    assert.equal(snap.instances.am3!.health, 'unreachable');
    assert.ok(snap.instances.am3!.lastError, 'lastError set');
    assert.ok(snap.instances.am3!.failingSince, 'failingSince set');
    assert.equal(snap.instances.am1!.health, 'ok');
    assert.equal(snap.instances.am2!.health, 'ok');
    assert.equal(Object.keys(snap.alerts).length, 4);
    assert.equal(snap.clusters[clusterId]!.health, 'ok');
    assert.equal(snap.clusters[clusterId]!.stale, false);
    assert.deepEqual(snap.summary.unreachableInstances, ['am3']);
    // Its peers answer: the cluster is degraded, no data is missing, the critical alert shows.
    assert.deepEqual(snap.summary.missingData, []);
    assert.deepEqual(snap.summary.degradedClusters, [clusterId]);
    assert.equal(snap.summary.worst, 'critical');
  });

  it('keeps the last data, stale, when every peer is dead: never "all clear"', async () => {
    await cluster.peers[0]!.kill();
    await cluster.peers[1]!.kill();
    rec.clear();
    await core.refresh();
    const snap = core.snapshot();
    for (const id of ['am1', 'am2', 'am3']) assert.equal(snap.instances[id]!.health, 'unreachable');
    const c = snap.clusters[clusterId]!;
    assert.equal(c.stale, true);
    assert.equal(c.health, 'unreachable');
    // The three every peer had, and the one only am3 had.
    assert.equal(Object.keys(snap.alerts).length, 4, 'alerts kept');
    for (const a of Object.values(snap.alerts)) assert.equal(a.stale, true);
    for (const g of Object.values(snap.groups)) assert.equal(g.stale, true);
    assert.equal(snap.summary.firing, 4);
    assert.notEqual(snap.summary.worst, 'ok');
    // What fires stays the first signal; that we cannot see is the second one.
    assert.equal(snap.summary.worst, 'critical');
    assert.deepEqual([...snap.summary.missingData].sort(), ['am1', 'am2', 'am3']);
    assert.deepEqual(snap.summary.degradedClusters, []);
    assert.deepEqual(snap.summary.staleClusters, [clusterId]);
    assert.deepEqual(rec.eventsOf('alert-resolved'), [], 'a dead cluster resolves nothing');
  });

  it('recovers after a restart without duplicate firing events or notifications', async () => {
    for (const p of cluster.peers) await p.start();
    await postAlerts(cluster.urls, alerts);
    rec.clear();
    const snap = await waitForCore(
      core,
      async () => {
        await core.refresh();
        const s = core.snapshot();
        const ok = Object.values(s.instances).every((i) => i.health === 'ok');
        const seen = Object.values(s.alerts).filter((a) => a.instances.length === 3);
        return ok && seen.length === 3 ? s : undefined;
      },
      { timeoutMs: 30_000, message: 'all peers back with the alerts' },
    );
    // The alert only am3 had is not sent again (Prometheus would, were it still firing): what
    // the restarted servers listed before is kept, stale, a while (restart-hold.ts), never
    // logged resolved at once.
    assert.equal(Object.keys(snap.alerts).length, 4);
    const only = Object.values(snap.alerts).find((a) => a.labels['alertname'] === 'EngOnlyOnC');
    assert.equal(only?.stale, true, 'kept, stale, after the restart');
    assert.deepEqual(only?.instances, ['am3']);
    for (const a of Object.values(snap.alerts))
      if (a !== only) assert.equal(a.stale, false, 'the alerts sent again are current');
    assert.ok(snap.instances.am3!.restartedAt, 'am3 says it restarted');
    assert.deepEqual(rec.eventsOf('alert-resolved'), []);
    assert.equal(snap.clusters[clusterId]?.stale, false, 'same cluster id after restart');
    assert.deepEqual(Object.keys(snap.clusters), [clusterId]);
    assert.equal(snap.summary.worst, 'critical');
    assert.deepEqual(rec.eventsOf('alert-firing'), []);
    assert.equal(rec.eventsOf('instance-recovered').length, 3);
    assert.deepEqual(
      rec.notifications.filter((n) => n.events.some((e) => e.type === 'alert-firing')),
      [],
    );
  });
});
