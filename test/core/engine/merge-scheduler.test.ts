// When the core merges (merge-scheduler.ts), on the fake clock: at once below the threshold;
// from it, the first poll at once and the rest at most one merge per COALESCE_MS; a merge
// for another reason takes in a waiting one; stale deadlines re-merge; stop drops the timers.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COALESCE_MS, MergeScheduler } from '../../../main/core/engine/merge-scheduler.ts';
import { FakeClock } from '../../support/fake-clock.ts';

function setup(alerts: number) {
  const clock = new FakeClock(1_000_000);
  const merges: number[] = [];
  const takenIn: number[] = [];
  const s: MergeScheduler = new MergeScheduler({
    clock,
    coalesceFrom: 100,
    alertCount: () => alerts,
    merge: () => {
      merges.push(clock.now());
      s.merging([], true);
    },
    takeIn: () => takenIn.push(clock.now()),
  });
  return { clock, merges, takenIn, s };
}

describe('MergeScheduler', () => {
  it('below the threshold every finished poll merges at once', () => {
    const { merges, s } = setup(99);
    s.pollDone();
    s.pollDone();
    assert.deepEqual(merges, [1_000_000, 1_000_000]);
  });

  it('from the threshold: the first at once, then one per COALESCE_MS', async () => {
    const { clock, merges, s } = setup(100);
    s.pollDone();
    assert.deepEqual(merges, [1_000_000], 'the first at once');
    await clock.advance(100);
    s.pollDone();
    s.pollDone();
    assert.equal(merges.length, 1, 'the next ones wait');
    assert.equal(clock.pending, 1, 'one timer for all of them');
    await clock.advance(COALESCE_MS);
    assert.deepEqual(merges, [1_000_000, 1_000_000 + COALESCE_MS]);
    await clock.advance(5 * COALESCE_MS);
    s.pollDone();
    assert.equal(merges.length, 3, 'long after the last merge: at once again');
  });

  it('a poll whose merge waits is taken in at once; one merged at once is not', async () => {
    const { clock, merges, takenIn, s } = setup(100);
    s.pollDone();
    assert.deepEqual(takenIn, [], 'merged at once: nothing to take in ahead');
    await clock.advance(100);
    s.pollDone();
    await clock.advance(200);
    s.pollDone();
    assert.deepEqual(takenIn, [1_000_100, 1_000_300], 'each waiting poll, when it finished');
    assert.equal(merges.length, 1);
    await clock.advance(COALESCE_MS);
    assert.equal(merges.length, 2, 'then merged together');
    assert.equal(takenIn.length, 2);
    const below = setup(99);
    below.s.pollDone();
    below.s.pollDone();
    assert.deepEqual(below.takenIn, [], 'below the threshold every poll merges at once');
  });

  it('a merge for another reason takes in the waiting one', async () => {
    const { clock, merges, s } = setup(100);
    s.pollDone();
    s.pollDone();
    assert.equal(clock.pending, 1);
    s.merging([], true); // e.g. a settings change merged
    assert.equal(clock.pending, 0);
    await clock.advance(10 * COALESCE_MS);
    assert.equal(merges.length, 1);
  });

  it('re-merges at the next stale deadline while running, never after stop', async () => {
    const { clock, merges, s } = setup(0);
    s.merging([undefined, clock.now() + 5_000, clock.now() + 3_000, clock.now() - 1], true);
    assert.equal(clock.nextDelay(), 3_000, 'the earliest future deadline');
    await clock.advance(3_000);
    assert.deepEqual(merges, [1_003_000]);
    s.merging([clock.now() + 1_000], false);
    assert.equal(clock.pending, 0, 'not running: no stale check');
    s.merging([clock.now() + 1_000], true);
    s.stop();
    assert.equal(clock.pending, 0, 'stop drops the timers');
  });
});
