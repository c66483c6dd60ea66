// The tests' plain yes/no over the production evaluateAlert: every test value is within the
// per-test matching bound, so an 'unknown' here is a failure, never a quiet false. The turn's
// time budget is left out: node:test runs tests back to back in one turn of the event loop, so on
// a loaded machine a semantics test would read 'unknown' for reasons that are not its subject
// (budget.test.ts and the preview tests cover the turn budget).
import assert from 'node:assert/strict';
import type { LabelSet } from '../../main/core/api/types.ts';
import { evaluateAlert, type MatcherInput } from '../../main/core/matchers/evaluate.ts';

export function matchesAlert(matchers: readonly MatcherInput[], labels: LabelSet): boolean {
  const v = evaluateAlert(matchers, labels, { turnBudget: false });
  assert.notEqual(v, 'unknown', 'within the matching budget');
  return v === 'match';
}
