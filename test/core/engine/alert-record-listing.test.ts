// Work the core does on every merge that changed an alert must not list the 100,000-key alerts
// record (for…in, Object.keys/values: ~60 ms each in V8): it reads the list the merger built
// the record from (model/record-values.ts). A Proxy counts every listing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PipelineWatch } from '../../../main/core/engine/pipeline-watch.ts';
import { AlertCounts } from '../../../main/core/engine/summary.ts';
import { labelTest } from '../../../main/core/matchers/label-test.ts';
import type { AlertView, ClusterView } from '../../../main/core/model/view.ts';
import { prng } from '../../bench/lib/fixtures.ts';
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
  it('where the Watchdog is listed is kept as records come and go, never by listing them', () => {
    // The merger's counts follow each record replaced or removed (summary.ts); checked against
    // a recount of the live records after every step of a random sequence.
    const counts = new AlertCounts();
    const test = labelTest('alertname="Watchdog"')!;
    counts.exclude = test;
    const live = new Map<string, AlertView>();
    const rand = prng(7);
    const clusterIds = ['c1', 'c2', 'c3'];
    for (let step = 0; step < 2_000; step++) {
      const fp = `a${Math.floor(rand() * 12)}`;
      const old = live.get(fp);
      if (old) counts.add(old, -1);
      if (rand() < 0.3) {
        live.delete(fp);
      } else {
        const view = alertView(
          fp,
          { alertname: rand() < 0.5 ? 'Watchdog' : 'Disk' },
          {
            clusters: clusterIds.filter(() => rand() < 0.5),
            stale: rand() < 0.2,
          },
        );
        live.set(fp, view);
        counts.add(view, 1);
      }
      const want = new Set<string>();
      for (const a of live.values()) {
        if (!a.stale && test(a.labels)) for (const c of a.clusters) want.add(c);
      }
      assert.deepEqual([...counts.excludedOn.keys()].sort(), [...want].sort(), `step ${step}`);
    }
  });

  it('the Watchdog watch decides from the clusters it is listed on', () => {
    const watch = new PipelineWatch();
    const clusters = { c1: cluster('c1'), c2: cluster('c2') };
    const n = {
      watchdog: 'alertname="Watchdog"',
      watchdogExpect: 'always' as const,
      watchdogSilentMin: 1,
    };
    watch.observe(new Set(['c1']), clusters, n, 0);
    // c2 has not shown the Watchdog for longer than a minute: silent; c1 shows it.
    assert.deepEqual(watch.observe(new Set(['c1']), clusters, n, 61_000), ['c2']);
    assert.deepEqual(watch.observe(new Set(), clusters, n, 61_000 + 59_000), ['c2']);
    assert.deepEqual(watch.observe(new Set(), clusters, n, 61_000 + 61_000), ['c1', 'c2']);
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
