// A real 3-peer Alertmanager cluster through the real core (createCore): one peer down and
// back, then all peers down and back. Alertmanager does not persist or gossip alerts, so a
// restarted peer is empty until Prometheus re-sends (the test posts to it again, with the
// same startsAt, right after the restart, as Prometheus would on its next evaluation).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  amSkipReason,
  postAlerts,
  startCluster,
  waitFor,
  type AmCluster,
} from '../support/alertmanager.ts';
import { FakeClock } from '../support/fake-clock.ts';
import {
  assertKept,
  firingNotificationsFor,
  untilOneHealthyCluster,
  watchCore,
  type Watched,
} from './support/core.ts';
import { baseAlerts } from './support/backend.ts';

const COUNT = 6;

describe('HA peers down and back', { skip: amSkipReason() }, () => {
  let cluster: AmCluster;
  let w: Watched;
  const alerts = (() => {
    const now = Date.now();
    return baseAlerts(
      COUNT,
      new Date(now - 600_000).toISOString(),
      new Date(now + 3_600_000).toISOString(),
    );
  })();

  before(async () => {
    cluster = await startCluster(3);
    await postAlerts(cluster.urls, alerts);
    w = watchCore({ instances: cluster.urls.map((url) => ({ url })), clock: new FakeClock() });
    await untilOneHealthyCluster(w, (s) => Object.keys(s.alerts).length === COUNT);
  });

  after(async () => {
    await w?.stop();
    await cluster?.stop();
  });

  // Peers answering their first poll one by one must not make the cluster id flip (that
  // would look like a new cluster whose alerts were already firing: a second summary).
  it('notifies the alerts already firing once at start-up', () => {
    const fps = Object.keys(w.core.snapshot().alerts);
    assert.equal(
      firingNotificationsFor(w, fps).length,
      1,
      `one start-up summary, got: ${JSON.stringify(w.notifications.map((n) => [n.title, n.target, n.events.length]))}`,
    );
  });

  it('one peer down: only it is unreachable, the cluster stays fresh, nothing resolves', async () => {
    const before = w.core.snapshot();
    const clusterId = before.instances.i0!.clusterId;
    const fps = Object.keys(before.alerts);
    const firing = firingNotificationsFor(w, fps).length;

    await cluster.peers[2]!.kill();
    await w.core.refresh();
    let s = w.core.snapshot();
    assert.equal(s.instances.i2!.health, 'unreachable');
    assert.equal(s.instances.i2!.lastError?.kind, 'network');
    assert.equal(s.instances.i0!.health, 'ok');
    assert.equal(s.instances.i1!.health, 'ok');
    assert.equal(s.clusters[clusterId]?.health, 'ok');
    assert.equal(s.clusters[clusterId]?.stale, false);
    assertKept(before, s, false);
    assert.deepEqual(s.summary.unreachableInstances, ['i2']);
    assert.equal(w.events.filter((e) => e.type === 'alert-resolved').length, 0);

    // Back, empty at first (alerts are not gossiped); the other peers still have them all.
    await cluster.peers[2]!.start();
    await w.core.refresh();
    s = w.core.snapshot();
    assert.equal(s.instances.i2!.health, 'ok');
    assert.equal(s.instances.i2!.lastError, undefined);
    assert.equal(s.instances.i2!.clusterId, clusterId, 'same cluster id after the restart');
    assertKept(before, s, false);
    await postAlerts(cluster.peers[2]!.url, alerts);
    await waitFor(async () => {
      await w.core.refresh();
      return Object.values(w.core.snapshot().alerts).every((a) => a.instances.includes('i2'));
    });
    assert.equal(w.events.filter((e) => e.type === 'alert-resolved').length, 0, 'nothing resolved');
    assert.equal(firingNotificationsFor(w, fps).length, firing, 'no duplicate notification');
  });

  it('all peers down: last good data kept and stale, then back without duplicate notifications', async () => {
    const before = w.core.snapshot();
    const clusterId = before.instances.i0!.clusterId;
    const fps = Object.keys(before.alerts);
    const firing = firingNotificationsFor(w, fps).length;

    await Promise.all(cluster.peers.map((p) => p.kill()));
    await w.core.refresh();
    let s = w.core.snapshot();
    for (const id of ['i0', 'i1', 'i2']) {
      assert.equal(s.instances[id]!.health, 'unreachable', id);
      assert.equal(s.instances[id]!.lastError?.kind, 'network', id);
    }
    assert.equal(s.clusters[clusterId]?.stale, true);
    assert.equal(s.clusters[clusterId]?.health, 'unreachable');
    assertKept(before, s, true);
    // Never all clear while blind: the firing alerts (last known) stay the first signal and
    // every peer is flagged as missing data.
    assert.equal(s.summary.worst, before.summary.worst, 'what fired still shows');
    assert.notEqual(s.summary.worst, 'ok');
    assert.deepEqual([...s.summary.missingData].sort(), ['i0', 'i1', 'i2']);
    assert.deepEqual(s.summary.staleClusters, [clusterId]);
    assert.equal(s.summary.firing, before.summary.firing, 'counts still shown');
    assert.equal(w.events.filter((e) => e.type === 'alert-resolved').length, 0, 'nothing resolved');

    await Promise.all(cluster.peers.map((p) => p.start()));
    // Prometheus re-sends to every peer.
    await postAlerts(cluster.urls, alerts);
    await waitFor(
      async () => {
        await w.core.refresh();
        const snap = w.core.snapshot();
        return ['i0', 'i1', 'i2'].every((id) => snap.instances[id]!.health === 'ok');
      },
      { timeoutMs: 30_000 },
    );
    s = w.core.snapshot();
    assertKept(before, s, false);
    assert.equal(s.clusters[clusterId]?.stale, false);
    for (const id of ['i0', 'i1', 'i2']) assert.equal(s.instances[id]!.clusterId, clusterId, id);
    assert.equal(s.summary.worst, before.summary.worst);
    assert.equal(w.events.filter((e) => e.type === 'alert-resolved').length, 0, 'nothing resolved');
    assert.equal(firingNotificationsFor(w, fps).length, firing, 'no duplicate notification');
  });
});
