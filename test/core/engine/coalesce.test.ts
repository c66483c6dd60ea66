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
import { FakeClock } from '../../support/fake-clock.ts';
import { pollPhaseMs } from '../../../main/core/engine/poll-phase.ts';
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

describe('polls spread over the interval at scale', () => {
  const I = 15_000;
  /**
   * When (fake clock, ms after start, in 500 ms steps) each instance polled after its first
   * poll, for 50 s.
   */
  async function pollTimes(coalesceFrom: number): Promise<number[][]> {
    const fleet = await startGeneratedFleet({ instances: 4, alertsPerInstance: 100 });
    // 1,000,000 = 66 intervals + 10,000: a poll at t ms after start is on place t + 10,000.
    const clock = new FakeClock(1_000_000);
    const core = createCore({
      settings: settingsFor(fleet.urls, { pollIntervalSec: I / 1000 }),
      secrets: new MemorySecrets(),
      osUser: 'tester',
      clock,
      coalesceFrom,
    });
    try {
      core.start();
      await waitFor(() => fleet.requests().every((n) => n > 0), {
        timeoutMs: 10_000,
        message: 'first polls',
      });
      // The merge at scale waits on the (fake) clock: it moves on while the first polls land.
      let t = 0;
      while (Object.keys(core.snapshot().alerts).length < 400) {
        assert.ok(t < 5_000, 'core holds 400 within 5 s of its clock');
        await new Promise((r) => setTimeout(r, 40));
        await clock.advance(100);
        t += 100;
      }
      let last = fleet.requests();
      const times: number[][] = last.map(() => []);
      // Half a second at a time, with real time for the real requests between steps.
      while (t < 50_000) {
        await clock.advance(500);
        t += 500;
        await new Promise((r) => setTimeout(r, 40));
        const now = fleet.requests();
        now.forEach((n, k) => {
          if (n > last[k]!) times[k]!.push(t);
        });
        last = now;
      }
      return times;
    } finally {
      await core.stop();
      await fleet.stop();
    }
  }

  it('each instance polls on its own place once the core holds many alerts', async () => {
    const times = await pollTimes(200);
    const places: number[] = [];
    times.forEach((ts, k) => {
      const place = pollPhaseMs(`am${k + 1}`, I);
      // On its place, within the 500 ms step the test moves the clock by.
      const onPlace = (t: number) => (((t + 10_000 - place) % I) + I) % I < 500;
      // The poll after the first: on its place, or one interval on when the first poll ended
      // before anything was merged (the core did not know yet that it holds many alerts).
      assert.ok(onPlace(ts[0]!) || (ts[0]! >= I && ts[0]! <= I + 500), `am${k + 1}: ${ts}`);
      for (const t of ts.slice(1)) assert.ok(onPlace(t), `am${k + 1} at ${t}, place ${place}`);
      assert.ok(ts[0]! >= I / 2, `am${k + 1}: not sooner than half an interval: ${ts}`);
      for (let i = 1; i < ts.length; i++)
        assert.ok(ts[i]! - ts[i - 1]! <= 1.5 * I + 500, `am${k + 1}: ${ts}`);
      assert.equal(ts.at(-1)! - ts.at(-2)!, I, `then one interval: ${ts}`);
      places.push((ts.at(-1)! + 10_000) % I);
    });
    assert.ok(new Set(places).size > 1, `not all in the same step: ${places.join(', ')}`);
  });

  it('below scale every instance polls one interval after its last poll', async () => {
    const times = await pollTimes(1_000_000);
    for (const ts of times) {
      assert.ok(ts[0]! >= I && ts[0]! <= I + 500, ts.join(', '));
      assert.deepEqual(ts.slice(1, 3), [ts[0]! + I, ts[0]! + 2 * I]);
    }
  });
});
