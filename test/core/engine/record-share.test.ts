// Records share their identical lists and plain statuses (record-share.ts): the same object
// for every record that has the same content, frozen, and never for a status that carries
// silences, inhibitions or mutes (those stay per record).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AlertGroup, GettableAlert } from '../../../main/core/api/types.ts';
import { Merger, type MergeInstance } from '../../../main/core/engine/merge.ts';
import { RecordShare } from '../../../main/core/engine/record-share.ts';
import { NONE } from '../../../main/core/model/none.ts';

const T = '2026-11-21T01:00:00.000Z';

function alert(fp: string, status: GettableAlert['status'] = plain()): GettableAlert {
  return {
    labels: { alertname: 'A', fp },
    annotations: {},
    receivers: [{ name: 'team-a' }, { name: 'pager' }],
    fingerprint: fp,
    startsAt: T,
    updatedAt: T,
    endsAt: T,
    status,
  };
}
function plain(): GettableAlert['status'] {
  return { state: 'active', silencedBy: [], inhibitedBy: [] };
}
function inst(id: string, clusterId: string, alerts: GettableAlert[]): MergeInstance {
  const groups: AlertGroup[] = [
    { labels: { alertname: 'A' }, receiver: { name: 'team-a' }, alerts },
  ];
  return {
    view: { id, name: id, url: `http://${id}`, clusterId, enabled: true, health: 'ok' },
    data: { groups, silences: [] },
  };
}

describe('RecordShare', () => {
  it('gives records with the same lists and plain statuses the same frozen objects', () => {
    const silenced = { state: 'suppressed' as const, silencedBy: ['s1'], inhibitedBy: [] };
    const view = new Merger().merge(
      {
        instances: [
          inst('a', 'c1', [alert('f1'), alert('f2'), alert('f3', silenced)]),
          inst('b', 'c2', [alert('f1'), alert('f2')]),
        ],
        clusterNames: {},
        severityLabel: 'severity',
        severityOrder: ['critical'],
      },
      undefined,
    ).view;
    const [f1, f2, f3] = [view.alerts['f1']!, view.alerts['f2']!, view.alerts['f3']!];
    assert.deepEqual(f1.receivers, ['pager', 'team-a']);
    assert.deepEqual(f1.instances, ['a', 'b']);
    for (const k of ['receivers', 'instances', 'clusters', 'statusByCluster'] as const) {
      assert.equal(f1[k], f2[k], `${k} shared`);
      assert.ok(Object.isFrozen(f1[k]), `${k} frozen`);
    }
    assert.ok(Object.isFrozen(f1.statusByCluster['c1']));
    // Same receivers, other instances: the receiver list is still the shared one.
    assert.equal(f3.receivers, f1.receivers);
    assert.notEqual(f3.instances, f1.instances);
    // A status with a silence is the record's own, with its silence.
    assert.notEqual(f3.statusByCluster, f1.statusByCluster);
    assert.deepEqual(f3.statusByCluster['c1']!.silencedBy, ['c1/s1']);
    assert.equal(f3.state, 'suppressed');
  });

  it('stays bounded: past its limit it starts over, giving equal lists', () => {
    const share = new RecordShare();
    const first = share.list(['x', 'y']);
    for (let i = 0; i < 5000; i++) share.list([`r${i}`]);
    const again = share.list(['x', 'y']);
    assert.deepEqual(again, first);
    assert.equal(share.list([]), NONE);
  });
});
