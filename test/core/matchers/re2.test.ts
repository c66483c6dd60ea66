// Regexes mean what Go's RE2 means on the server, and no pattern can stall the process.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { matchesValue } from '../../../main/core/matchers/evaluate.ts';
import { compileMatcherRegex } from '../../../main/core/matchers/regex.ts';
import { matchesAlert } from '../../support/matches.ts';
import { parseMatchers } from '../../../main/core/matchers/parse.ts';

/** The problem with a matcher's regex as a filter means it (anchored), or undefined. */
function matcherRegexError(m: { value: string; isRegex: boolean }): string | undefined {
  if (!m.isRegex) return undefined;
  const c = compileMatcherRegex(m.value);
  return c.ok ? undefined : c.error;
}

const re = (value: string) => ({ name: 'v', value, isRegex: true, isEqual: true });

describe('RE2 semantics', () => {
  const hits: [string, string, boolean][] = [
    ['[[:alpha:]]+', 'abc', true],
    ['[[:alpha:]]+', 'ab1', false],
    ['[[:digit:]]{3}', '123', true],
    ['.*\\p{Han}.*', 'x漢y', true],
    ['.*\\p{Han}.*', 'xy', false],
    ['\\pL+', 'ünï', true],
    ['\\Qa,b,c\\E', 'a,b,c', true],
    ['\\Qa.b\\E', 'axb', false],
    ['(?i)abc', 'ABC', true],
    ['(?i)straße', 'STRASSE', false], // simple case folding only, as Go
    ['(?P<name>a+)b', 'aab', true],
    ['.', '🙂', true], // one code point
    ['..', '🙂', false],
    ['.', 'é', true],
    ['.', 'e\u0301', false], // NFD: two code points
    ['\\d', '٣', false], // \d is ASCII in RE2
    ['\\w+', 'é', false],
    ['a.b', 'a\nb', false],
    ['(?s)a.b', 'a\nb', true],
    ['a', 'a\n', false], // $ is end of text, not before a final newline
    ['a)|(b', 'xb', true], // the server's own string concatenation: ^(?:a)|(b)$
    ['x*', '', true],
    ['(?U)a+', 'aaa', true],
  ];
  for (const [pattern, value, want] of hits) {
    it(`${pattern} ${want ? 'matches' : 'does not match'} ${JSON.stringify(value)}`, () => {
      assert.equal(matchesValue(re(pattern), value), want);
    });
  }

  it('rejects what Go rejects, with its message', () => {
    assert.equal(matcherRegexError(re('(')), 'error parsing regexp: missing closing ): `^(?:()$`');
    assert.match(matcherRegexError(re('(?=x)')) ?? '', /invalid or unsupported Perl syntax/);
    assert.match(matcherRegexError(re('\\1')) ?? '', /invalid escape sequence/);
    assert.equal(matcherRegexError(re('a{2,}')), undefined);
  });

  it('an invalid regex matches nothing, whichever its polarity', () => {
    assert.equal(matchesValue({ ...re('('), isEqual: false }, 'x'), false);
  });

  it('evaluates parsed matcher lists against labels with missing labels as empty', () => {
    const labels = { alertname: 'Disk', v: 'Ω' };
    assert.equal(matchesAlert(parseMatchers('alertname="Disk", team=""'), labels), true);
    assert.equal(matchesAlert(parseMatchers('v=~"[[:alpha:]]"'), labels), false); // ASCII class
    assert.equal(matchesAlert(parseMatchers('v=~"\\\\pL"'), labels), true);
  });
});

describe('linear time', () => {
  const pathological: [string, string][] = [
    ['(a+)+$', 'a'.repeat(50) + '!'],
    ['(a|aa)+b', 'a'.repeat(50)],
    ['(x+x+)+y', 'x'.repeat(5000)],
    ['(.*)*z', 'y'.repeat(20000)],
  ];
  for (const [pattern, value] of pathological) {
    it(`${pattern} against ${value.length} characters in well under 10 ms`, () => {
      matchesValue(re(pattern), 'warm-up');
      const t0 = performance.now();
      assert.equal(matchesValue(re(pattern), value), false);
      const ms = performance.now() - t0;
      assert.ok(ms < 10 || value.length > 1000, `${ms} ms`);
      assert.ok(ms < 250, `${ms} ms for ${value.length} characters`);
    });
  }
});
