// When a silence reads as ending soon (renderer/src/lib/silences/ends-soon.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { endsSoon, endsSoonWindowMin } from '../../renderer/src/lib/silences/ends-soon.ts';

describe('ends soon', () => {
  const now = Date.parse('2026-11-29T03:00:00Z');
  const at = (min: number) => new Date(now + min * 60_000).toISOString();

  it('uses the "silence ending" notification window, the default when that is off', () => {
    assert.equal(endsSoonWindowMin(30), 30);
    assert.equal(endsSoonWindowMin(0), 10);
    assert.equal(endsSoonWindowMin(undefined), 10);
  });

  it('is an active silence ending within the window', () => {
    assert.equal(endsSoon({ state: 'active', endsAt: at(9) }, now, 10), true);
    assert.equal(endsSoon({ state: 'active', endsAt: at(10) }, now, 10), true);
    assert.equal(endsSoon({ state: 'active', endsAt: at(11) }, now, 10), false);
    // Past its end but not yet seen expired (the next poll says so): still ending.
    assert.equal(endsSoon({ state: 'active', endsAt: at(-1) }, now, 10), true);
  });

  it('is never a pending or expired silence, an acknowledgement, or an unreadable end', () => {
    assert.equal(endsSoon({ state: 'pending', endsAt: at(5) }, now, 10), false);
    assert.equal(endsSoon({ state: 'expired', endsAt: at(-5) }, now, 10), false);
    const ack = { by: 'me', mine: true };
    assert.equal(endsSoon({ state: 'active', endsAt: at(5), ack }, now, 10), false);
    assert.equal(endsSoon({ state: 'active', endsAt: 'not a time' }, now, 10), false);
  });
});
