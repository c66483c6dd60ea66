// The core's log of the groups each published view touched (engine/change-log.ts): the list
// trusts it to skip every other group, so it must say "not known" whenever it cannot be sure.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ChangeLog } from '../../../main/core/engine/change-log.ts';

const keys = (c: ReturnType<ChangeLog['since']>): string[] | undefined =>
  c && c.groups !== 'all' ? [...c.groups].sort() : undefined;

describe('ChangeLog', () => {
  it('unites the groups touched between two views', () => {
    const log = new ChangeLog();
    log.record(1, ['a']);
    log.record(2, ['b', 'c']);
    log.record(3, []);
    log.record(4, ['a', 'd']);
    assert.deepEqual(keys(log.since(1, 4, 7)), ['a', 'b', 'c', 'd']);
    assert.deepEqual(keys(log.since(3, 4, 7)), ['a', 'd']);
    assert.deepEqual(keys(log.since(2, 3, 7)), []);
    assert.equal(log.since(1, 4, 7)?.alertCount, 7);
  });

  it('says "not known" for a merge that could not say, a gap, or views it no longer holds', () => {
    const log = new ChangeLog();
    log.record(1, ['a']);
    log.record(2, undefined);
    log.record(3, ['b']);
    assert.equal(log.since(1, 3, 0), undefined, 'view 2 could not say');
    assert.deepEqual(keys(log.since(2, 3, 0)), ['b']);
    log.record(5, ['c']);
    assert.equal(log.since(3, 5, 0), undefined, 'view 4 has no entry');
    assert.equal(log.since(3, 3, 0), undefined, 'no later view');
    assert.equal(log.since(5, 6, 0), undefined, 'a view not recorded yet');
    for (let seq = 6; seq < 200; seq++) log.record(seq, ['x']);
    assert.equal(log.since(5, 199, 0), undefined, 'forgotten');
    assert.deepEqual(keys(log.since(190, 199, 0)), ['x']);
  });
});
