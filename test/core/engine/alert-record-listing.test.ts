// Work the core does on every merge that changed an alert must not list the 100,000-key alerts
// record (for…in, Object.keys/values: ~60 ms each in V8): it reads the list the merger built
// the record from (model/record-values.ts). A Proxy counts every listing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PipelineWatch } from '../../../main/core/engine/pipeline-watch.ts';
import type { ClusterView } from '../../../main/core/model/view.ts';
import { planAcks } from '../../../main/core/silences/ack.ts';
import { alertView, countedAlertsRecord } from '../../support/views.ts';

const cluster = (id: string): ClusterView => ({
  id,
  name: id,
  members: [id],
  health: 'ok',
  stale: false,
});

describe('per-merge work reads the merger’s list of alerts', () => {
  it('the Watchdog watch finds where the Watchdog fires without listing the record', () => {
    const { alerts, listed } = countedAlertsRecord([
      alertView('w1', { alertname: 'Watchdog' }, { clusters: ['c1'] }),
      alertView('x1', { alertname: 'Disk' }, { clusters: ['c2'] }),
    ]);
    const watch = new PipelineWatch();
    const clusters = { c1: cluster('c1'), c2: cluster('c2') };
    const n = {
      watchdog: 'alertname="Watchdog"',
      watchdogExpect: 'always' as const,
      watchdogSilentMin: 1,
    };
    watch.observe(alerts, clusters, n, 0);
    // c2 has not shown the Watchdog for longer than a minute: silent; c1 shows it.
    assert.deepEqual(watch.observe(alerts, clusters, n, 61_000), ['c2']);
    assert.equal(listed(), 0);
  });

  it('tending acknowledgements reads the alerts without listing the record', () => {
    const { alerts, listed } = countedAlertsRecord([
      alertView('a1', { alertname: 'Disk' }, { clusters: ['c1'] }),
    ]);
    const silence = {
      key: 'c1/s1',
      id: 's1',
      clusterId: 'c1',
      state: 'active',
      matchers: [{ name: 'alertname', value: 'Gone', isRegex: false, isEqual: true }],
      startsAt: new Date(0).toISOString(),
      endsAt: new Date(3_600_000).toISOString(),
      ack: { mine: true },
    };
    const steps = planAcks(
      { alerts, clusters: { c1: cluster('c1') }, silences: { 'c1/s1': silence } } as never,
      () => true,
      60_000,
      {} as never,
    );
    // What it acknowledged fires no more: the acknowledgement is expired.
    assert.deepEqual(steps, [{ kind: 'expire', silenceKey: 'c1/s1' }]);
    assert.equal(listed(), 0);
  });
});
