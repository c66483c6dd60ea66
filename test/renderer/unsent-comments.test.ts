// Unsent silence comments: given back for the same target, once, within their time; blank
// ones and old ones are not.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UnsentComments } from '../../renderer/src/lib/silences/unsent-comments.ts';

describe('UnsentComments', () => {
  it('gives a comment back once, for its target only, within 30 minutes', () => {
    let now = 0;
    const kept = new UnsentComments(() => now);
    kept.keep('a', 'disk replaced, OPS-1');
    kept.keep('b', '   ');
    assert.equal(kept.take('b'), undefined, 'blank is not kept');
    assert.equal(kept.take('c'), undefined);
    assert.equal(kept.take('a'), 'disk replaced, OPS-1');
    assert.equal(kept.take('a'), undefined, 'taken once');
    kept.keep('a', 'later');
    now = 30 * 60_000 + 1;
    assert.equal(kept.take('a'), undefined, 'too old');
  });

  it('keeps at most 50, dropping the oldest', () => {
    const kept = new UnsentComments(() => 0);
    for (let i = 0; i < 60; i++) kept.keep(`t${i}`, `c${i}`);
    assert.equal(kept.take('t0'), undefined);
    assert.equal(kept.take('t9'), undefined);
    assert.equal(kept.take('t10'), 'c10');
    assert.equal(kept.take('t59'), 'c59');
  });
});
