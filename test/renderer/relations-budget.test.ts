// An alert's list of expired silences that matched it, under the matching budget: one whose
// regex is too expensive to test on the alert is skipped and counted, never guessed.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { SilenceView } from '../../main/core/model/view.ts';
import { expiredSilencesOf } from '../../renderer/src/lib/silences/relations.ts';
import { alertView } from '../support/views.ts';

const HUGE = '(a?)'.repeat(4000);

describe('expired silences over the matching budget', () => {
  it('one too expensive to test is skipped and counted', () => {
    const alert = alertView('f1', { alertname: 'A', long: 'a'.repeat(4000) });
    const silence = (id: string, value: string): SilenceView => ({
      key: `c1/${id}`,
      id,
      clusterId: 'c1',
      matchers: [{ name: 'long', value, isRegex: true, isEqual: true }],
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: '2026-01-01T01:00:00Z',
      updatedAt: '2026-01-01T01:00:00Z',
      createdBy: 'x',
      comment: '',
      state: 'expired',
    });
    const r = expiredSilencesOf(alert, [silence('a', HUGE), silence('b', 'a+')]);
    assert.deepEqual(
      r.silences.map((s) => s.id),
      ['b'],
    );
    assert.equal(r.skipped, 1);
  });
});
