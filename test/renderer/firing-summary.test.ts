// An alert's detail says how often it started firing (record-words.ts `firingSummary`): an
// alert firing now must never read "started firing 0 times".
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { firingSummary } from '../../renderer/src/lib/timeline/record-words.ts';

describe('firing summary', () => {
  it('counts starts in 24 hours and 7 days', () => {
    assert.equal(
      firingSummary({ day: 1, week: 3, firstSeen: false }),
      'Started firing once in 24 hours, 3 times in 7 days.',
    );
    assert.equal(
      firingSummary({ day: 1, week: 1, firstSeen: true }),
      'Started firing once in 24 hours, once in 7 days (already firing when first seen).',
    );
  });

  it('never says "0 times"', () => {
    const texts = [
      firingSummary({ day: 0, week: 0, firstSeen: true }),
      firingSummary({ day: 0, week: 0, firstSeen: false }),
      firingSummary({ day: 0, week: 2, firstSeen: false }),
    ];
    for (const t of texts) assert.doesNotMatch(t, /\b0 times/, t);
    assert.equal(
      texts[0],
      'Already firing when first seen; it has not started firing again in 7 days.',
    );
    assert.equal(texts[2], 'Started firing twice in 7 days, not in the last 24 hours.');
  });
});
