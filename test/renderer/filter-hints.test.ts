// "no alert has label `namspace`; did you mean `namespace`?": bounded edit distance over the
// label index's names.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { boundedDistance, labelHints } from '../../renderer/src/lib/alerts/filter-hints.ts';
import type { LabelCounts } from '../../main/core/list/label-index.ts';

const counts = (...names: string[]): LabelCounts =>
  new Map(names.map((n) => [n, new Map([['v', 1]])]));
const m = (name: string) => ({ name, value: 'x', isRegex: false, isEqual: true });

test('a misspelt label name gets the nearest known name', () => {
  const c = counts('alertname', 'namespace', 'severity', 'instance');
  assert.deepEqual(labelHints([m('namspace')], c), [{ name: 'namspace', suggestion: 'namespace' }]);
  assert.deepEqual(labelHints([m('Severity')], c), [{ name: 'Severity', suggestion: 'severity' }]);
});

test('a known name has no hint; an unknown name far from all has no suggestion', () => {
  const c = counts('alertname', 'namespace');
  assert.deepEqual(labelHints([m('namespace')], c), []);
  assert.deepEqual(labelHints([m('team')], c), [{ name: 'team', suggestion: null }]);
  assert.deepEqual(labelHints([m('team')], counts()), [], 'no alerts, nothing to say');
});

test('the distance gives up past its limit', () => {
  assert.equal(boundedDistance('kitten', 'sitting', 3), 3);
  assert.equal(boundedDistance('a'.repeat(60), 'b'.repeat(60), 2), 3);
});

test('bounded on hostile input: long names, many labels', () => {
  const c = counts(...Array.from({ length: 20_000 }, (_, i) => `label_${i}`));
  const t0 = performance.now();
  const hints = labelHints([m('x'.repeat(100_000)), m('label_1x'), m('lable_5')], c);
  assert.equal(hints[0]!.suggestion, null);
  assert.ok(hints[1]!.suggestion?.startsWith('label_1'));
  assert.ok(performance.now() - t0 < 1000);
});
