// The tests' plain yes/no over the production evaluateAlert: every test value is within the
// matching budget, so an 'unknown' here is a failure, never a quiet false.
import assert from 'node:assert/strict';
import type { LabelSet } from '../../main/core/api/types.ts';
import { evaluateAlert, type MatcherInput } from '../../main/core/matchers/evaluate.ts';

export function matchesAlert(matchers: readonly MatcherInput[], labels: LabelSet): boolean {
  const v = evaluateAlert(matchers, labels);
  assert.notEqual(v, 'unknown', 'within the matching budget');
  return v === 'match';
}
