// The window under the matching budget: the filter bar shows an alert its regex is too
// expensive to test on (never hides it on a guess) and marks it; an alert's list of expired
// silences that matched it skips one whose regex is too expensive, and counts it.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { SilenceView } from '../../main/core/model/view.ts';
import {
  alertPasses,
  filterUndecided,
  type AlertFilter,
} from '../../renderer/src/lib/alerts/rows.ts';
import { expiredSilencesOf } from '../../renderer/src/lib/silences/relations.ts';
import { alertView } from '../support/views.ts';

const HUGE = '(a?)'.repeat(4000);

const filter = (matchers: AlertFilter['matchers']): AlertFilter => ({
  showActive: true,
  showSilenced: true,
  showInhibited: true,
  showUnprocessed: true,
  receivers: [],
  instances: [],
  matchers,
  words: [],
});

describe('window filter over the matching budget', () => {
  it('shows the alert it cannot evaluate, marked; decides the others', () => {
    const f = filter([{ name: 'long', value: HUGE, isRegex: true, isEqual: true }]);
    const long = alertView('f1', { alertname: 'A', long: 'b'.repeat(4000) });
    assert.equal(alertPasses(long, f), true);
    assert.equal(filterUndecided(long, f), true);
    // Within the budget (16 × 4,001 units) the same value is evaluated: no match, hidden.
    const small = filter([{ name: 'long', value: '(a?)'.repeat(4), isRegex: true, isEqual: true }]);
    assert.equal(alertPasses(long, small), false);
    assert.equal(filterUndecided(long, small), false);
    // The note belongs to that filter: another filter has not failed to decide.
    assert.equal(filterUndecided(long, filter([{ ...f.matchers[0]!, value: 'b+' }])), false);
  });

  it('expired silences: one too expensive to test is skipped and counted', () => {
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
    const r = expiredSilencesOf(alert, { a: silence('a', HUGE), b: silence('b', 'a+') });
    assert.deepEqual(
      r.silences.map((s) => s.id),
      ['b'],
    );
    assert.equal(r.skipped, 1);
  });
});
