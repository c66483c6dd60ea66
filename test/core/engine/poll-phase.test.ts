// Polls spread over the interval at scale (poll-phase.ts): instances started together no longer
// poll in the same second ever after. Scheduling on a fake clock, cycles written by the test.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { alignedWaitMs, pollPhaseMs } from '../../../main/core/engine/poll-phase.ts';
import { Poller } from '../../../main/core/engine/poller.ts';
import { FakeClock, flush } from '../../support/fake-clock.ts';

const I = 15_000;

describe('poll phases', () => {
  it('gives each id a stable place in the interval, instances with similar ids apart', () => {
    for (const prefix of ['am', 'prod-eu-', 'i', 'alertmanager-', '']) {
      const phases = Array.from({ length: 20 }, (_, k) => pollPhaseMs(`${prefix}${k}`, I));
      for (const p of phases) assert.ok(p >= 0 && p < I);
      assert.deepEqual(
        phases,
        Array.from({ length: 20 }, (_, k) => pollPhaseMs(`${prefix}${k}`, I)),
        'the same place every time',
      );
      // 20 instances at 15 s: never more than 5 of them in any one second (all 20 before).
      for (let s = 0; s < 15; s++) {
        const inSecond = phases.filter((p) => p >= s * 1000 && p < (s + 1) * 1000).length;
        assert.ok(inSecond <= 5, `${prefix}: ${inSecond} instances in second ${s}`);
      }
    }
    assert.equal(pollPhaseMs('am1', 30_000), pollPhaseMs('am1', 15_000) * 2);
  });

  it('waits for the next place on the grid: one interval when on it, never sooner than half', () => {
    // On its place (a poll that started at 5,000 + k·I and took 300 ms): one interval on.
    assert.equal(alignedWaitMs(5_300 + 2 * I, 5_000 + 2 * I, I, 5_000), I - 300);
    // Off its place: the first place at least half an interval after the start.
    for (const started of [0, 1_000, 4_999, 5_001, 12_000, 20_000, 123_456]) {
      const now = started + 200;
      const next = now + alignedWaitMs(now, started, I, 5_000);
      assert.equal((((next - 5_000) % I) + I) % I, 0, `from ${started}: on the grid`);
      assert.ok(next >= started + I / 2 && next < started + 1.5 * I, `from ${started}: ${next}`);
    }
    // A slow poll (ended 12 s after it started): not sooner than a quarter interval after it.
    const next = 12_000 + alignedWaitMs(12_000, 0, I, 14_000);
    assert.equal(next, 14_000 + I);
  });

  it('a poller with a place polls on it: after the first poll, after a refresh', async () => {
    const clock = new FakeClock(1_000);
    const starts: number[] = [];
    let spread = true;
    const p = new Poller({
      clock,
      intervalMs: I,
      timeoutMs: 10_000,
      cycle: async () => {
        starts.push(clock.now());
      },
      phaseMs: () => (spread ? 4_000 : undefined),
    });
    p.start();
    await clock.advance(4 * I + 3_000);
    assert.deepEqual(starts, [1_000, 4_000 + I, 4_000 + 2 * I, 4_000 + 3 * I, 4_000 + 4 * I]);
    // A refresh polls at once; the poll after it is back on the grid.
    await clock.advance(3_000);
    assert.equal(starts.length, 5);
    await p.refresh();
    assert.equal(starts.at(-1), 7_000 + 4 * I);
    await clock.advance(2 * I);
    assert.deepEqual(starts.slice(-2), [4_000 + 5 * I, 4_000 + 6 * I]);
    // Below scale: start to start again, from the last poll.
    spread = false;
    await clock.advance(I);
    await clock.advance(I);
    assert.deepEqual(starts.slice(-2), [4_000 + 7 * I, 4_000 + 8 * I]);
    await p.stop();
    await flush();
    assert.equal(clock.pending, 0);
  });
});
