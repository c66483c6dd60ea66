// At scale (COALESCE_FROM alerts and more; here a lower threshold, set as an option), instance polls that finish close together are
// merged together: at most one merge per COALESCE_MS, the first at once, and the view after
// the last one holds every instance's change. Below that, every poll is merged at once.
// Generated payloads (support/generated-fleet.ts): the merge does not depend on the server,
// and five real Alertmanagers per test are slow to start on a 2-core machine.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AlertRecordCopy } from '../../../main/core/engine/alert-records.ts';
import { createCore } from '../../../main/core/engine/create-core.ts';
import { COALESCE_FROM, COALESCE_MS } from '../../../main/core/engine/merge-scheduler.ts';
import type { Core } from '../../../main/core/service.ts';
import { startGeneratedFleet, type GeneratedFleet } from '../../support/generated-fleet.ts';
import { waitFor } from '../../support/wait.ts';
import { MemorySecrets, Recorder, settingsFor } from './helpers.ts';

async function fleetCore(instances: number, perInstance: number, coalesceFrom?: number) {
  const fleet = await startGeneratedFleet({ instances, alertsPerInstance: perInstance });
  const core = createCore({
    settings: settingsFor(fleet.urls, { pollIntervalSec: 300 }),
    secrets: new MemorySecrets(),
    osUser: 'tester',
    ...(coalesceFrom !== undefined ? { coalesceFrom } : {}),
  });
  core.start();
  const total = instances * perInstance;
  await waitFor(() => Object.keys(core.snapshot().alerts).length === total, {
    timeoutMs: 60_000,
    message: `core holds ${total}`,
  });
  return { fleet, core, total };
}

describe('merging polls that finish together', () => {
  let fleet: GeneratedFleet;
  let core: Core;
  let total: number;

  before(async () => {
    // A lower threshold than the default (COALESCE_FROM) keeps this test light beside the
    // Chromium tests it runs with; the default's own figures are in the bench (case 6).
    ({ fleet, core, total } = await fleetCore(5, 1_000, 2_000));
    assert.ok(COALESCE_FROM >= 20_000);
  });
  after(async () => {
    await core?.stop();
    await fleet?.stop();
  });

  it('merges them at most once per interval, and the last merge has every change', async () => {
    const rec = new Recorder(core);
    // At scale a merge's events come in a turn after its delta (outcome-queue.ts): within
    // the turn of a delta, none of its events has come yet.
    let inDeltaTurn = false;
    let eventsInDeltaTurn = 0;
    const offView = core.subscribe((m) => {
      if (m.type !== 'delta') return;
      inDeltaTurn = true;
      setImmediate(() => (inDeltaTurn = false));
    });
    const offEvents = core.onEvents(() => {
      if (inDeltaTurn) eventsInDeltaTurn++;
    });
    const before = core.snapshot().alerts;
    fleet.churn(0.01);
    const t0 = Date.now();
    await core.refresh(); // all five instances poll at once
    // Every instance's change arrives (10 resolved and 10 new per instance).
    await waitFor(
      () => {
        const now = core.snapshot().alerts;
        const added = Object.keys(now).filter((fp) => !(fp in before)).length;
        return added === 50 && Object.keys(now).length === total;
      },
      { timeoutMs: 10_000, message: 'every instance churned in the view' },
    );
    const elapsed = Date.now() - t0;
    // And every change was told as events, a turn after the merge that made it.
    await waitFor(
      () =>
        rec.eventsOf('alert-firing').length >= 50 && rec.eventsOf('alert-resolved').length >= 50,
      { timeoutMs: 5_000, message: '50 firing and 50 resolved events' },
    );
    offView();
    offEvents();
    assert.equal(eventsInDeltaTurn, 0, 'events decided in the merge task');
    rec.close();
    // Five polls with changes, one delta each before; now at most one per interval.
    const bound = Math.ceil(elapsed / COALESCE_MS) + 1;
    assert.ok(
      rec.deltas.length >= 1 && rec.deltas.length <= Math.min(4, bound),
      `${rec.deltas.length} deltas for 5 changed polls in ${elapsed} ms`,
    );
  });
});

describe('the next alerts record copied ahead at scale', () => {
  it('is copied in idle turns after a merge, and the next merge changes the copy', async () => {
    // Spies on the copy (engine/alert-records.ts): the core copies the record it published
    // between merges, and a merge that changed alerts takes that copy instead of building one.
    const proto = AlertRecordCopy.prototype;
    const { work, take } = proto;
    let worked = 0;
    const taken: boolean[] = [];
    proto.work = function (this: AlertRecordCopy, budgetMs: number) {
      worked++;
      return work.call(this, budgetMs);
    };
    proto.take = function (this: AlertRecordCopy, ...a: Parameters<AlertRecordCopy['take']>) {
      const out = take.apply(this, a);
      taken.push(out !== undefined);
      return out;
    };
    const { fleet, core, total } = await fleetCore(3, 1_000, 2_000);
    try {
      await waitFor(() => worked > 0, { timeoutMs: 5_000, message: 'copied ahead' });
      const before = core.snapshot().alerts;
      const held = Object.keys(before);
      taken.length = 0;
      fleet.churn(0.01);
      await core.refresh();
      await waitFor(
        () => {
          const now = core.snapshot().alerts;
          return Object.keys(now).filter((fp) => !(fp in before)).length === 30;
        },
        { timeoutMs: 10_000, message: 'every instance churned in the view' },
      );
      assert.ok(taken.includes(true), `merges took no copy: ${taken.join(' ')}`);
      const now = core.snapshot().alerts;
      assert.equal(Object.keys(now).length, total);
      assert.notEqual(now, before, 'a new record; the published one is never written');
      assert.deepEqual(Object.keys(before), held, 'the published record is as it was');
      assert.equal(held.filter((fp) => !(fp in now)).length, 30, 'the resolved ones are gone');
    } finally {
      proto.work = work;
      proto.take = take;
      await core.stop();
      await fleet.stop();
    }
  });
});

describe('merging polls below the scale threshold', () => {
  it('merges each poll at once', async () => {
    const { fleet, core } = await fleetCore(3, 500);
    try {
      const rec = new Recorder(core);
      fleet.churn(0.01);
      await core.refresh();
      // Each changed poll gives its own delta right away (no timer involved).
      await waitFor(() => rec.deltas.length >= 3, { timeoutMs: 5_000, message: '3 deltas' });
      rec.close();
    } finally {
      await core.stop();
      await fleet.stop();
    }
  });
});
