// The filter bar's text: a space after a matcher's closing quote separates, as a comma does
// (`severity="critical" checkout` was one segment, an error that filtered nothing, and the
// list showed every alert while the error waited for a pause in typing).
import assert from 'node:assert/strict';
import { describe, it, test } from 'node:test';
import {
  completionContext,
  matcherInProgress,
  parseFilterText,
  splitSegments,
} from '../../../main/core/list/filter-text.ts';

const m = (name: string, value: string, isRegex = false) => ({
  name,
  value,
  isRegex,
  isEqual: true,
});

test('a quoted matcher and a word, with a space between', () => {
  const p = parseFilterText('severity="critical" checkout');
  assert.deepEqual(p.matchers, [m('severity', 'critical')]);
  assert.deepEqual(p.words, ['checkout']);
  assert.equal(p.error, null);
});

test('quoted matchers one after another, operators and spaces around them', () => {
  const p = parseFilterText('a = "x"  b=~"y.*"\tc!="z"');
  assert.deepEqual(p.matchers, [
    m('a', 'x'),
    m('b', 'y.*', true),
    { name: 'c', value: 'z', isRegex: false, isEqual: false },
  ]);
  assert.equal(p.error, null);
});

test('spaces inside quotes, escaped quotes and quoted names do not split', () => {
  assert.deepEqual(
    splitSegments('a="x y" z').map((s) => s.text),
    ['a="x y"', ' z'],
  );
  assert.deepEqual(parseFilterText('a="x\\" y" w').matchers, [m('a', 'x" y')]);
  assert.deepEqual(parseFilterText('"my label"="v" w').matchers, [m('my label', 'v')]);
});

test('what splits only on commas still does', () => {
  // An unquoted value keeps its spaces, as Alertmanager's classic parser reads it.
  assert.deepEqual(parseFilterText('a=x y').matchers, [m('a', 'x y')]);
  // Text glued to the closing quote is the server's error, not two segments.
  assert.match(parseFilterText('a="x"checkout').error?.message ?? '', /unescaped double quote/);
  assert.deepEqual(parseFilterText('disk full').words, ['disk', 'full']);
  assert.deepEqual(parseFilterText('{a="x", b="y"}').matchers, [m('a', 'x'), m('b', 'y')]);
});

test('segments keep their offsets (error positions, completion)', () => {
  const segs = splitSegments('a="x" b=');
  assert.deepEqual(
    segs.map((s) => [s.text, s.start]),
    [
      ['a="x"', 0],
      [' b=', 5],
    ],
  );
  assert.deepEqual(completionContext('severity="critical" ', 20), {
    kind: 'name',
    prefix: '',
    from: 20,
    to: 20,
  });
  assert.equal(completionContext('a="x" sev', 9)?.kind, 'name');
});

describe('matcherInProgress', () => {
  it('names a matcher at the end with no value yet or an open quote', () => {
    assert.deepEqual(matcherInProgress('namespace='), { text: 'namespace=', start: 0 });
    assert.deepEqual(matcherInProgress('a="b", cluster="prod-eu'), {
      text: 'cluster="prod-eu',
      start: 7,
    });
    assert.deepEqual(matcherInProgress('a="b" job=~'), { text: 'job=~', start: 6 });
    assert.equal(matcherInProgress('x="a\\"b')?.text, 'x="a\\"b');
  });
  it('is null for complete matchers, words and empty text', () => {
    for (const t of [
      '',
      'checkout',
      'namespace=""',
      'a=b',
      'cluster="prod-eu"',
      'a="b", ',
      'x="a\\"b"',
    ])
      assert.equal(matcherInProgress(t), null, t);
  });
});
