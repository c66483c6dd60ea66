// The clusters the silence form writes to for an alert or a group: every cluster the alert
// (or an alert of the group) is in, the row's own first. An alert firing on two separate
// Alertmanagers opened from one of them used to be silenced there only.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { clustersToSilence } from '../../../main/core/silences/form-prefill.ts';
import { alert, cluster, group, snapshot } from '../policy/view-fixtures.ts';

describe('silence form prefill: the clusters', () => {
  const both = alert({
    labels: { alertname: 'DiskFull', instance: 'db1' },
    states: { c1: 'active', c2: 'active' },
  });
  const onlyC2 = alert({
    labels: { alertname: 'DiskFull', instance: 'db2' },
    states: { c2: 'active' },
  });
  const onlyC1 = alert({
    labels: { alertname: 'CpuHigh', instance: 'x' },
    states: { c1: 'active' },
  });
  const g1 = group('c1', { alertname: 'DiskFull' }, [both]);
  const g2 = group('c2', { alertname: 'DiskFull' }, [both, onlyC2]);
  const gCpu = group('c1', { alertname: 'CpuHigh' }, [onlyC1]);
  const view = snapshot({
    clusters: [cluster('c1'), cluster('c2'), cluster('c3')],
    alerts: [both, onlyC2, onlyC1],
    groups: [g1, g2, gCpu],
  });

  it('an alert on two clusters: both, the one it was opened from first', () => {
    assert.deepEqual(clustersToSilence(view, { fingerprint: both.fingerprint }), ['c1', 'c2']);
    assert.deepEqual(clustersToSilence(view, { fingerprint: both.fingerprint, clusterId: 'c2' }), [
      'c2',
      'c1',
    ]);
  });

  it('an alert on one cluster: that one only', () => {
    assert.deepEqual(clustersToSilence(view, { fingerprint: onlyC2.fingerprint }), ['c2']);
  });

  it('a group: its own cluster and every cluster one of its alerts is in', () => {
    assert.deepEqual(clustersToSilence(view, { groupKey: g2.key }), ['c2', 'c1']);
    assert.deepEqual(clustersToSilence(view, { groupKey: g1.key }), ['c1', 'c2']);
    assert.deepEqual(clustersToSilence(view, { groupKey: gCpu.key }), ['c1']);
  });

  it('nothing for what left the view, and no cluster that is no longer configured', () => {
    assert.deepEqual(clustersToSilence(view, { groupKey: 'gone' }), []);
    assert.deepEqual(clustersToSilence(view, { fingerprint: 'gone' }), []);
    const without = { ...view, clusters: { c1: view.clusters.c1! } };
    assert.deepEqual(clustersToSilence(without, { fingerprint: both.fingerprint }), ['c1']);
  });
});
