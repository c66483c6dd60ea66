// The silence form's matcher suggestions (pure part): names and values from the label index,
// bounded however many there are, a regex pick escaped so it matches exactly its value.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileMatcherRegex } from '../../main/core/matchers/regex.ts';
import { emptyRow } from '../../renderer/src/lib/silences/draft.ts';
import { matcherSuggestions } from '../../renderer/src/lib/silences/matcher-suggestions.ts';

const labels = new Map<string, Map<string, number>>([
  [
    'alertname',
    new Map([
      ['DiskFull', 3],
      ['DiskSlow', 1],
      ['Other', 9],
    ]),
  ],
  [
    'instance',
    new Map([
      ['db.1:9100', 1],
      ['db(2)|x', 1],
    ]),
  ],
  ['pod', new Map(Array.from({ length: 100_000 }, (_, i) => [`pod-${i}`, 1] as [string, number]))],
]);

describe('matcher suggestions', () => {
  it('names by prefix, the one typed whole left out', () => {
    const row = { ...emptyRow(), name: 'al' };
    assert.deepEqual(
      matcherSuggestions(row, 'name', labels).map((s) => s.text),
      ['alertname'],
    );
    assert.deepEqual(matcherSuggestions({ ...row, name: 'alertname' }, 'name', labels), []);
  });

  it('values of the label, most frequent first; none without a name', () => {
    const row = { ...emptyRow(), name: 'alertname', value: 'Disk' };
    assert.deepEqual(
      matcherSuggestions(row, 'value', labels).map((s) => [s.text, s.detail]),
      [
        ['DiskFull', '3'],
        ['DiskSlow', '1'],
      ],
    );
    assert.deepEqual(matcherSuggestions({ ...row, name: ' ' }, 'value', labels), []);
  });

  it('bounded: 100,000 values offer 12', () => {
    const row = { ...emptyRow(), name: 'pod', value: 'pod-' };
    assert.equal(matcherSuggestions(row, 'value', labels).length, 12);
  });

  it('for =~ and !~ a picked value is escaped and matches exactly itself', () => {
    for (const op of ['=~', '!~'] as const) {
      const row = { ...emptyRow(), name: 'instance', op, value: 'db' };
      const picked = matcherSuggestions(row, 'value', labels);
      assert.equal(picked.length, 2);
      for (const s of picked) {
        const re = compileMatcherRegex(s.text);
        assert.ok(re.ok, s.text);
        assert.ok(re.test(s.label), `${s.text} matches ${s.label}`);
        assert.ok(!re.test(`${s.label}x`), `${s.text} matches only ${s.label}`);
      }
    }
  });
});
