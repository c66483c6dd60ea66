// SilenceActions against a real 3-peer Alertmanager cluster: one write per silence (gossip
// does the rest), failover to the next member, and following the id the server returns.
import { silenceRecord } from '../../../main/core/engine/merge-records.ts';
import { strict as assert } from 'node:assert';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { AlertmanagerClient } from '../../../main/core/api/client.ts';
import { AlertmanagerError } from '../../../main/core/api/errors.ts';
import type { GettableSilence } from '../../../main/core/api/types.ts';
import type { SilenceView } from '../../../main/core/model/view.ts';
import type { SilenceDraft } from '../../../main/core/service.ts';
import {
  SilenceActions,
  SilenceWriteError,
  type ClusterMember,
  type SilenceClient,
} from '../../../main/core/silences/actions.ts';
import { amSkipReason, startCluster, waitFor, type AmCluster } from '../../support/alertmanager.ts';

const CLUSTER = 'prod';
const MIN = 60_000;

/** Delegates to the real client and counts calls, to prove which member was used. */
class CountingClient implements SilenceClient {
  calls: string[] = [];
  constructor(readonly real: AlertmanagerClient) {}
  /** When set, the next POST reaches the server but its answer is "lost" (a timeout). */
  loseNextAnswer = false;
  async postSilence(...args: Parameters<SilenceClient['postSilence']>) {
    this.calls.push('post');
    const id = await this.real.postSilence(...args);
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      throw new AlertmanagerError({
        kind: 'timeout',
        endpoint: 'POST /silences',
        message: 'POST /silences: timed out',
      });
    }
    return id;
  }
  getSilences(...args: Parameters<AlertmanagerClient['getSilences']>) {
    this.calls.push('list');
    return this.real.getSilences(...args);
  }
  getSilence(...args: Parameters<SilenceClient['getSilence']>) {
    this.calls.push('get');
    return this.real.getSilence(...args);
  }
  deleteSilence(...args: Parameters<SilenceClient['deleteSilence']>) {
    this.calls.push('delete');
    return this.real.deleteSilence(...args);
  }
}

function toView(s: GettableSilence): SilenceView {
  return silenceRecord(CLUSTER, s);
}

describe('SilenceActions on a real 3-peer cluster', { skip: amSkipReason() }, () => {
  let cluster: AmCluster;
  let reals: AlertmanagerClient[] = [];
  let members: (ClusterMember & { client: CountingClient })[] = [];
  const view = new Map<string, SilenceView>();
  let refreshes = 0;
  let actions: SilenceActions;

  const accessor = {
    members: (clusterId: string) => (clusterId === CLUSTER ? members : []),
    silence: (key: string) => view.get(key),
    refresh: async (clusterId: string) => {
      assert.equal(clusterId, CLUSTER);
      refreshes++;
      for (const m of members) {
        try {
          const list = await m.client.real.getSilences();
          view.clear();
          for (const s of list) view.set(`${CLUSTER}/${s.id}`, toView(s));
          return;
        } catch {
          // next member
        }
      }
    },
  };

  const draft = (comment: string, value = 'HighCPU', minutes = 60): SilenceDraft => ({
    matchers: [{ name: 'alertname', value, isRegex: false, isEqual: true }],
    startsAt: new Date().toISOString(),
    endsAt: new Date(Date.now() + minutes * MIN).toISOString(),
    createdBy: 'b2-test',
    comment,
  });

  /** Silences with this comment on one peer. */
  const withComment = async (client: AlertmanagerClient, comment: string) =>
    (await client.getSilences()).filter((s) => s.comment === comment);

  const resetCalls = () => members.forEach((m) => (m.client.calls = []));

  before(async () => {
    cluster = await startCluster(3);
    reals = cluster.urls.map((u) => new AlertmanagerClient({ baseUrl: u, timeoutMs: 5000 }));
    members = reals.map((real, i) => ({
      instanceId: `p${i}`,
      client: new CountingClient(real),
      healthy: true,
    }));
    actions = new SilenceActions(accessor);
  });

  after(async () => {
    await Promise.all(reals.map((c) => c.close().catch(() => undefined)));
    await cluster?.stop();
  });

  it('create writes once, to the first healthy member; it exists exactly once on every peer', async () => {
    const comment = `create-${randomUUID()}`;
    members[0]!.healthy = false; // unhealthy members are tried last
    resetCalls();
    const refreshesBefore = refreshes;
    const r = await actions.create(CLUSTER, draft(comment));
    members[0]!.healthy = true;
    assert.equal(r.instanceId, 'p1');
    assert.equal(r.clusterId, CLUSTER);
    assert.equal(r.silenceKey, `${CLUSTER}/${r.id}`);
    assert.deepEqual(
      members.map((m) => m.client.calls.filter((c) => c === 'post').length),
      [0, 1, 0],
    );
    assert.equal(refreshes, refreshesBefore + 1, 'the cluster is refreshed after the write');
    await waitFor(
      async () => {
        for (const c of reals) if ((await withComment(c, comment)).length === 0) return false;
        return true;
      },
      { timeoutMs: 30_000, message: 'silence gossiped to every peer' },
    );
    for (const c of reals) {
      const found = await withComment(c, comment);
      assert.equal(found.length, 1, `exactly one copy on ${c.baseUrl}`);
      assert.equal(found[0]!.id, r.id);
      assert.equal(found[0]!.status.state, 'active');
    }
  });

  it('update: same matchers in place (same id); changed matchers -> new id, old expired', async () => {
    const comment = `update-${randomUUID()}`;
    const created = await actions.create(CLUSTER, draft(comment));
    const current = view.get(created.silenceKey);
    assert.ok(current);

    const inPlace = await actions.update(created.silenceKey, {
      matchers: current.matchers,
      startsAt: current.startsAt,
      endsAt: current.endsAt,
      createdBy: 'b2-test',
      comment: `${comment}-edited`,
    });
    assert.equal(inPlace.id, created.id, 'comment change is in place');

    const changed = await actions.update(created.silenceKey, {
      ...draft(`${comment}-edited`, 'DiskFull'),
      startsAt: current.startsAt,
    });
    assert.notEqual(changed.id, created.id, 'changed matchers make a new silence');
    assert.equal(changed.silenceKey, `${CLUSTER}/${changed.id}`);
    await waitFor(
      async () => {
        for (const c of reals) {
          if ((await c.getSilence(created.id)).status.state !== 'expired') return false;
          if ((await c.getSilence(changed.id)).status.state !== 'active') return false;
        }
        return true;
      },
      { timeoutMs: 30_000, message: 'old expired and new active on every peer' },
    );
    const fresh = await reals[2]!.getSilence(changed.id);
    assert.equal(fresh.matchers[0]?.value, 'DiskFull');
  });

  it('extend moves endsAt (following the returned id); expire; recreate from an expired one', async () => {
    const comment = `extend-${randomUUID()}`;
    const created = await actions.create(CLUSTER, draft(comment, 'Extend', 30));
    const newEnd = new Date(Date.now() + 120 * MIN).toISOString();
    const extended = await actions.extend(created.silenceKey, newEnd);
    const got = await reals[0]!.getSilence(extended.id);
    assert.equal(Date.parse(got.endsAt), Date.parse(newEnd));
    assert.equal(got.status.state, 'active');
    assert.equal(extended.id, created.id, 'an active silence is extended in place');

    await actions.expire(extended.silenceKey);
    await waitFor(
      async () => (await reals[1]!.getSilence(extended.id)).status.state === 'expired',
      {
        timeoutMs: 30_000,
      },
    );
    assert.equal(view.get(extended.silenceKey)?.state, 'expired');
    resetCalls();
    await actions.expire(extended.silenceKey); // already expired: nothing sent
    assert.deepEqual(
      members.flatMap((m) => m.client.calls),
      [],
    );

    const again = await actions.recreate(extended.silenceKey, 15 * MIN, 'carol');
    assert.notEqual(again.id, extended.id);
    const s = await reals[0]!.getSilence(again.id);
    assert.equal(s.status.state, 'active');
    assert.equal(s.createdBy, 'carol');
    assert.equal(s.comment, comment);
    assert.deepEqual(
      s.matchers.map((m) => [m.name, m.value]),
      [['alertname', 'Extend']],
    );
    const lasts = Date.parse(s.endsAt) - Date.parse(s.startsAt);
    assert.ok(Math.abs(lasts - 15 * MIN) < 5000, `lasts ${lasts} ms`);
  });

  it('a 4xx is surfaced with the server message and not retried on other members', async () => {
    resetCalls();
    const unknown = `${CLUSTER}/${randomUUID()}`;
    await assert.rejects(actions.update(unknown, draft('unknown')), (err: unknown) => {
      assert.ok(err instanceof AlertmanagerError, String(err));
      assert.equal(err.status, 404);
      assert.match(err.serverMessage ?? '', /silence not found/);
      return true;
    });
    assert.deepEqual(
      members.map((m) => m.client.calls.length),
      [1, 0, 0],
    );
  });

  it('a 5xx moves on to the next member; all failing gives SilenceWriteError with every attempt', async () => {
    // 0.25 answers DELETE of an unknown id with 500 "silence not found".
    resetCalls();
    const unknown = `${CLUSTER}/${randomUUID()}`;
    await assert.rejects(actions.expire(unknown), (err: unknown) => {
      assert.ok(err instanceof SilenceWriteError, String(err));
      assert.deepEqual(
        err.attempts.map((a) => a.instanceId),
        ['p0', 'p1', 'p2'],
      );
      assert.match(err.message, /silence not found/);
      return true;
    });
  });

  it('a create whose answer timed out is not created twice on the next member', async () => {
    resetCalls();
    members[0]!.client.loseNextAnswer = true;
    const comment = `lost-answer-${randomUUID()}`;
    const r = await actions.create(CLUSTER, draft(comment));
    assert.equal(r.instanceId, 'p1');
    assert.deepEqual(
      members.map((m) => m.client.calls.filter((c) => c === 'post').length),
      [1, 0, 0],
      'the next member was not asked to create it again',
    );
    await waitFor(
      async () => {
        for (const c of reals) if ((await withComment(c, comment)).length === 0) return false;
        return true;
      },
      { timeoutMs: 30_000 },
    );
    for (const c of reals) {
      const found = await withComment(c, comment);
      assert.equal(found.length, 1);
      assert.equal(found[0]!.id, r.id);
    }
  });

  it('with the first member killed, the write goes to the next and still lands once everywhere', async () => {
    await cluster.peers[0]!.kill();
    resetCalls();
    const comment = `failover-${randomUUID()}`;
    const r = await actions.create(CLUSTER, draft(comment)); // p0 still marked healthy
    assert.equal(r.instanceId, 'p1');
    assert.deepEqual(
      members.map((m) => m.client.calls.filter((c) => c === 'post').length),
      [1, 1, 0],
    );
    await waitFor(async () => (await withComment(reals[2]!, comment)).length === 1, {
      timeoutMs: 30_000,
    });
    for (const c of reals.slice(1)) assert.equal((await withComment(c, comment)).length, 1);
  });
});
