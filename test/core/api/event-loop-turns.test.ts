// Work in slices from several sources (20 instances' bodies read at once) goes on one slice per
// turn of the event loop, so timers and I/O (a window's list query) get in between any two.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { nextTurn } from '../../../main/core/api/event-loop-turns.ts';

describe('event loop turns for sliced work', () => {
  it('resumes one waiter per turn, in the order they asked, with timers between', async () => {
    // A counter of check phases, and of timer callbacks that ran.
    let turn = 0;
    let counting = true;
    const count = (): void => {
      turn++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    let timers = 0;
    const timer = setInterval(() => timers++, 0);
    const resumed: { who: number; turn: number; timers: number }[] = [];
    const worker = async (who: number): Promise<void> => {
      for (let i = 0; i < 5; i++) {
        await nextTurn();
        resumed.push({ who, turn, timers });
        // A slice of work: long enough for a 0 ms timer to be due after it.
        const until = performance.now() + 2;
        while (performance.now() < until);
      }
    };
    await Promise.all([worker(0), worker(1), worker(2)]);
    counting = false;
    clearInterval(timer);
    assert.equal(resumed.length, 15);
    const turns = resumed.map((r) => r.turn);
    assert.equal(new Set(turns).size, turns.length, `two slices in one turn: ${turns.join(' ')}`);
    assert.deepEqual(
      resumed.map((r) => r.who),
      [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2],
    );
    for (let i = 1; i < resumed.length; i++) {
      assert.ok(resumed[i]!.timers > resumed[i - 1]!.timers, `no timer ran before slice ${i}`);
    }
  });

  // A window's list query shares the queue with background slices (readers, the list's follow,
  // outcomes): a turn holds one slice, and the query's goes first.
  it('resumes urgent waiters before the others, one per turn', async () => {
    const order: string[] = [];
    const background = async (who: string): Promise<void> => {
      for (let i = 0; i < 3; i++) {
        await nextTurn();
        order.push(who);
      }
    };
    const a = background('a');
    const b = background('b');
    await nextTurn();
    // Asked after a and b were waiting: resumed before them each turn it waits.
    const query = (async () => {
      for (let i = 0; i < 2; i++) {
        await nextTurn(true);
        order.push('q');
      }
    })();
    await Promise.all([a, b, query]);
    const firstQ = order.indexOf('q');
    assert.deepEqual(order.slice(firstQ, firstQ + 2), ['q', 'q'], order.join(' '));
    assert.equal(order.length, 8);
  });
});
