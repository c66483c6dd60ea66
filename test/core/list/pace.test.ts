// The list's work in slices (pace.ts): a pace is due only once its slice is used up, looking
// at the clock now and then, weighed by the work each step did; steps run a slice per turn.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  drain,
  NEVER,
  runSliced,
  SlicePace,
  type Pace,
  type Steps,
} from '../../../main/core/list/pace.ts';

function* count(n: number, pace: Pace, seen: number[]): Steps<number> {
  let sum = 0;
  for (let i = 0; i < n; i++) {
    sum += i;
    if (pace.due()) {
      seen.push(i);
      yield;
    }
  }
  return sum;
}

describe('pace', () => {
  it('NEVER is never due: drain runs the steps to their value in one go', () => {
    const seen: number[] = [];
    assert.equal(drain(count(10_000, NEVER, seen)), (10_000 * 9_999) / 2);
    assert.deepEqual(seen, []);
  });

  it('a slice pace is due once its time is used up, looking at the clock every 128 units', () => {
    let t = 0;
    let reads = 0;
    const pace = new SlicePace(10, () => {
      reads++;
      return t;
    });
    pace.start();
    assert.equal(reads, 1);
    for (let i = 0; i < 127; i++) assert.equal(pace.due(), false);
    assert.equal(reads, 1, 'the clock is not read for every step');
    assert.equal(pace.due(), false, 'the 128th step looks: 0 ms of 10 used');
    assert.equal(reads, 2);
    t = 10;
    for (let i = 0; i < 127; i++) assert.equal(pace.due(), false);
    assert.equal(pace.due(), true);
    // A step that did a big group's work counts as that much.
    pace.start();
    t = 25;
    assert.equal(pace.due(5_000), true, 'one group of 5,000 alerts is reason enough to look');
  });

  it('runs the steps a slice per turn, resolving with their value', async () => {
    let turns = 0;
    const seen: number[] = [];
    const slow = (): Pace => ({ due: () => true });
    const value = await runSliced(
      () => count(5, slow(), seen),
      10,
      async () => {
        turns++;
      },
    );
    assert.equal(value, 10);
    assert.deepEqual(seen, [0, 1, 2, 3, 4]);
    assert.equal(turns, 5, 'one turn after each slice but the last');
  });

  it('with the real clock, a loop of a million steps yields and still adds up', async () => {
    let turns = 0;
    const seen: number[] = [];
    const value = await runSliced(
      (pace) => count(3_000_000, pace, seen),
      1,
      async () => {
        turns++;
      },
    );
    assert.equal(value, (3_000_000 * 2_999_999) / 2);
    assert.ok(turns >= 1, 'a million steps take more than 1 ms');
    assert.equal(turns, seen.length);
  });
});
