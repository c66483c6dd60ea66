// The merge's outcomes in order (outcome-queue.ts): at once when nothing waits, a turn later
// when asked, and never ahead of one that waits; a failing job is logged and the rest run;
// clear drops what waits. Turns are the real event loop's (nextTurn).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OutcomeQueue } from '../../../main/core/engine/outcome-queue.ts';

const turn = (): Promise<void> => new Promise((r) => setImmediate(r));

describe('OutcomeQueue', () => {
  it('runs at once when nothing waits and it is not asked to wait', () => {
    const q = new OutcomeQueue();
    const ran: string[] = [];
    q.run(() => ran.push('a'), false);
    assert.deepEqual(ran, ['a']);
    assert.equal(q.pending, 0);
  });

  it('a job asked to wait runs in a later turn, and later jobs wait behind it', async () => {
    const q = new OutcomeQueue();
    const ran: string[] = [];
    q.run(() => ran.push('merge 1'), true);
    q.run(() => ran.push('reminders 1'), false);
    assert.equal(ran.length, 0, 'nothing in the merge task');
    assert.equal(q.pending, 2);
    // A query's turn comes between them and the merge.
    await turn();
    for (let i = 0; i < 5 && ran.length < 2; i++) await turn();
    assert.deepEqual([...ran], ['merge 1', 'reminders 1']);
    q.run(() => ran.push('notice'), false);
    assert.deepEqual(ran, ['merge 1', 'reminders 1', 'notice'], 'nothing waits: at once again');
  });

  it('one job per turn: other work runs between two waiting outcomes', async () => {
    const q = new OutcomeQueue();
    const ran: string[] = [];
    q.run(() => ran.push('merge 1'), true);
    q.run(() => ran.push('merge 2'), true);
    let between = false;
    const other = (async () => {
      while (ran.length < 2) {
        if (ran.length === 1) between = true;
        await turn();
      }
    })();
    await other;
    assert.deepEqual(ran, ['merge 1', 'merge 2']);
    assert.ok(between, 'another turn saw the first outcome done and the second waiting');
  });

  it('a failing job is logged and the ones behind it still run', async (t) => {
    const errors: unknown[] = [];
    t.mock.method(console, 'error', (...args: unknown[]) => void errors.push(args));
    const q = new OutcomeQueue();
    const ran: string[] = [];
    q.run(() => {
      throw new Error('policy broke');
    }, true);
    q.run(() => ran.push('after'), false);
    for (let i = 0; i < 10 && ran.length === 0; i++) await turn();
    assert.deepEqual(ran, ['after']);
    assert.equal(errors.length, 1);
    assert.match(String((errors[0] as unknown[])[1]), /policy broke/);
  });

  it('clear drops what waits (the core stopped)', async () => {
    const q = new OutcomeQueue();
    const ran: string[] = [];
    q.run(() => ran.push('late'), true);
    q.clear();
    for (let i = 0; i < 5; i++) await turn();
    assert.deepEqual(ran, []);
    assert.equal(q.pending, 0);
  });
});
