// Cluster detection (main/core/engine/clusters.ts): which instances are peers of one HA
// cluster, and ids that stay put while peers restart.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ClusterAssigner } from '../../../main/core/engine/clusters.ts';

describe('ClusterAssigner', () => {
  it('groups instances whose peer lists overlap and keeps the id across peer restarts', () => {
    const c = new ClusterAssigner();
    const first = c.assign([
      { id: 'a', name: 'A', peers: ['p1', 'p2', 'p3'] },
      { id: 'b', name: 'B', peers: ['p2', 'p1', 'p3'] },
      { id: 'c', name: 'C', peers: ['p3', 'p1', 'p2'] },
      { id: 's', name: 'S', peers: ['z1'] },
      { id: 'n', name: 'N' },
    ]);
    const id = first.get('a')!.clusterId;
    assert.equal(id, 'peers:p1');
    assert.equal(first.get('b')!.clusterId, id);
    assert.equal(first.get('c')!.clusterId, id);
    assert.equal(first.get('s')!.clusterId, 'instance:s');
    assert.equal(first.get('n')!.clusterId, 'instance:n');
    // p1 restarted as p9 (new random name); a's status is not refreshed yet.
    const second = c.assign([
      { id: 'a', name: 'A', peers: ['p9', 'p2', 'p3'] },
      { id: 'b', name: 'B', peers: ['p2', 'p3', 'p9'] },
      { id: 'c', name: 'C', peers: ['p3', 'p2', 'p9'] },
    ]);
    for (const i of ['a', 'b', 'c']) assert.equal(second.get(i)!.clusterId, id);
    // Every peer restarted: connected only through the sticky ids.
    const third = c.assign([
      { id: 'a', name: 'A', peers: ['q1', 'q2', 'q3'] },
      { id: 'b', name: 'B', peers: ['q1', 'q2', 'q3'] },
      { id: 'c', name: 'C', peers: ['q1', 'q2', 'q3'] },
    ]);
    for (const i of ['a', 'b', 'c']) assert.equal(third.get(i)!.clusterId, id);
  });

  it('gives an HA peer its cluster id before the other peers answer (no flip)', () => {
    const c = new ClusterAssigner();
    const early = c.assign([
      { id: 'a', name: 'A', peers: ['p2', 'p1', 'p3'] },
      { id: 'b', name: 'B' },
    ]);
    assert.equal(early.get('a')!.clusterId, 'peers:p1');
    assert.equal(early.get('b')!.clusterId, 'instance:b');
    const later = c.assign([
      { id: 'a', name: 'A', peers: ['p2', 'p1', 'p3'] },
      { id: 'b', name: 'B', peers: ['p3', 'p2', 'p1'] },
    ]);
    assert.equal(later.get('a')!.clusterId, 'peers:p1');
    assert.equal(later.get('b')!.clusterId, 'peers:p1');
  });

  it('prefers the explicit cluster name, which detected peers join', () => {
    const c = new ClusterAssigner();
    const r = c.assign([
      { id: 'a', name: 'A', explicit: 'prod', peers: ['p1', 'p2'] },
      { id: 'b', name: 'B', peers: ['p1', 'p2'] },
      { id: 'x', name: 'X', explicit: 'prod' },
    ]);
    assert.deepEqual(
      ['a', 'b', 'x'].map((i) => r.get(i)!.clusterId),
      ['cluster:prod', 'cluster:prod', 'cluster:prod'],
    );
    assert.equal(r.get('a')!.clusterName, 'prod');
  });
});
