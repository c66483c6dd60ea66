// Notification rules under the matching budget: a rule whose regex is too expensive to test on
// an alert's labels never drops its notification. An include rule that cannot be evaluated lets
// it through; an exclude rule that cannot does not exclude it. Within the budget both still
// decide exactly (the same rules, a short value).
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { RuleFilters } from '../../../main/core/policy/rule-filters.ts';
import { defaultNotificationSettings } from '../../../main/core/settings/defaults.ts';
import { alertView, snapshotOf } from '../../support/views.ts';

const HUGE = '(a?)'.repeat(4000);
const order = ['critical', 'warning', 'info'];

function blocked(rule: { include?: string[]; exclude?: string[] }, long: string): string | null {
  const n = { ...defaultNotificationSettings(), ...rule };
  const a = alertView('f1', { alertname: 'Costly', long });
  return new RuleFilters().blockedBy(a, 'c1', snapshotOf(1), n, order);
}

describe('notification rules over the matching budget', () => {
  it('an include rule that cannot be evaluated lets the notification through', () => {
    assert.equal(blocked({ include: [`long=~"${HUGE}"`] }, 'b'.repeat(4000)), null);
    // Within the budget it decides: a short value that does not match is held back.
    assert.equal(
      blocked({ include: [`long=~"${'(a?)'.repeat(4)}"`] }, 'b'),
      'not matched by include rules',
    );
  });

  it('an exclude rule that cannot be evaluated does not exclude', () => {
    assert.equal(blocked({ exclude: [`long=~"${HUGE}"`] }, 'a'.repeat(4000)), null);
    assert.equal(
      blocked({ exclude: [`long=~"${'(a?)'.repeat(4)}"`] }, 'aa'),
      'matched by an exclude rule',
    );
  });
});
