// A silence write must never leave a twin. The first cluster member is SIGSTOPped just before
// Create: the POST to it times out, the core writes to the next member and reports success;
// when the stopped member resumes it serves the queued POST and a second, identical silence
// gossips to every peer. The core must notice that late copy, expire it and say so once,
// leaving exactly one active silence on every peer. Real 3-peer Alertmanager cluster.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { GettableSilence } from '../../main/core/api/types.ts';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  startCluster,
  waitFor,
  type AmCluster,
} from '../support/alertmanager.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { untilOneHealthyCluster, watchCore, type Watched } from './support/core.ts';

async function activeSilences(url: string, comment: string): Promise<GettableSilence[]> {
  const res = await fetch(`${url}/api/v2/silences`);
  const all = (await res.json()) as GettableSilence[];
  return all.filter((s) => s.comment === comment && s.status.state === 'active');
}

describe('no twin after a timed-out write', { skip: amSkipReason() }, () => {
  let cluster: AmCluster;
  let w: Watched;
  let clock: FakeClock;

  before(async () => {
    cluster = await startCluster(3);
    await postAlerts(cluster.urls, [makeAlert({ alertname: 'TwinCheck', team: 'core' })]);
    clock = new FakeClock();
    w = watchCore({
      instances: cluster.urls.map((url) => ({ url, timeoutSec: 1 })),
      clock,
    });
    await untilOneHealthyCluster(w);
  });

  after(async () => {
    for (const p of cluster?.peers ?? []) p.resume();
    await w?.stop();
    await cluster?.stop();
  });

  it('create on a SIGSTOPped first member leaves exactly one active silence', async () => {
    const s = w.core.snapshot();
    const clusterId = s.instances.i0!.clusterId;
    const comment = `twin check ${Date.now()}`;
    const now = clock.now();
    cluster.peers[0]!.pause();
    let result;
    try {
      result = await w.core.silences.create(clusterId, {
        matchers: [{ name: 'alertname', value: 'TwinCheck', isRegex: false, isEqual: true }],
        startsAt: new Date(now).toISOString(),
        endsAt: new Date(now + 3_600_000).toISOString(),
        createdBy: 'fault-suite',
        comment,
      });
    } finally {
      cluster.peers[0]!.resume();
    }
    assert.notEqual(result.instanceId, 'i0', 'the write went to another member');

    // The resumed member serves the queued POST: a second silence appears and gossips.
    await waitFor(async () => (await activeSilences(cluster.urls[2]!, comment)).length === 2, {
      timeoutMs: 20_000,
      message: 'the late POST did not create its copy (the test would prove nothing)',
    });

    // The core notices the copy on its next polls and expires it.
    await waitFor(
      async () => {
        await w.core.refresh();
        const counts = await Promise.all(cluster.urls.map((u) => activeSilences(u, comment)));
        return counts.every((c) => c.length === 1 && c[0]!.id === result.id);
      },
      { timeoutMs: 30_000, message: 'the twin was not expired on every peer' },
    );
    const said = w.notifications.filter((n) => n.title === 'Duplicate silence expired');
    assert.equal(said.length, 1, 'said once');
    assert.match(said[0]!.body, /i0/);
    assert.equal(said[0]!.target?.silenceKey, result.silenceKey);

    // Nothing more happens on later polls.
    for (let i = 0; i < 3; i++) await w.core.refresh();
    const still = await activeSilences(cluster.urls[1]!, comment);
    assert.deepEqual(
      still.map((x) => x.id),
      [result.id],
    );
    assert.equal(w.notifications.filter((n) => n.title === 'Duplicate silence expired').length, 1);
  });
});
