// Matcher syntax: parsing what users and Alertmanager write, printing a canonical form, and
// parse(format(m)) === m over many tricky cases.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  formatMatcher,
  formatMatchers,
  matcherFromOperator,
  MatcherParseError,
  operatorOf,
  parseMatcher,
  parseMatchers,
} from '../../main/core/api/matchers.ts';
import type { Matcher } from '../../main/core/api/types.ts';

const m = (name: string, op: '=' | '!=' | '=~' | '!~', value: string): Matcher =>
  matcherFromOperator(name, op, value);

describe('parseMatcher', () => {
  const cases: [string, Matcher][] = [
    ['alertname=Disk', m('alertname', '=', 'Disk')],
    ['alertname="Disk"', m('alertname', '=', 'Disk')],
    ['severity!=info', m('severity', '!=', 'info')],
    ['job=~"node|api"', m('job', '=~', 'node|api')],
    ['job=~node|api', m('job', '=~', 'node|api')],
    ['a!~x.*', m('a', '!~', 'x.*')],
    ['  a  =  b  ', m('a', '=', 'b')],
    ['a = "b c"', m('a', '=', 'b c')],
    ['a=""', m('a', '=', '')],
    ['a=', m('a', '=', '')],
    ['a!=', m('a', '!=', '')],
    ['a="with \\"quotes\\""', m('a', '=', 'with "quotes"')],
    ['a="back\\\\slash"', m('a', '=', 'back\\slash')],
    ['a="line\\nbreak"', m('a', '=', 'line\nbreak')],
    ['a="tab\\there"', m('a', '=', 'tab\there')],
    ['a="\\x41\\u00e9\\U0001F600\\101"', m('a', '=', 'Aé😀A')],
    // Unknown escapes stay literal so regexes keep working.
    ['a=~"foo\\.bar\\d+"', m('a', '=~', 'foo\\.bar\\d+')],
    ['a="ünïcødé ✓"', m('a', '=', 'ünïcødé ✓')],
    ['"service.name"="api"', m('service.name', '=', 'api')],
    ['"label with \\"quote\\""!~"x"', m('label with "quote"', '!~', 'x')],
    ['"日本"=~".+"', m('日本', '=~', '.+')],
    ['__name__=up', m('__name__', '=', 'up')],
    ['a:b=c', m('a:b', '=', 'c')],
    ['a=b=c', m('a', '=', 'b=c')],
    ['a=~x{1,3}', m('a', '=~', 'x{1,3}')],
    ['a="=~!,{}"', m('a', '=', '=~!,{}')],
  ];
  for (const [input, expected] of cases) {
    it(`parses ${input}`, () => {
      assert.deepEqual(parseMatcher(input), expected);
    });
  }

  const errors: [string, RegExp, number][] = [
    ['', /expected a label name/, 0],
    ['=b', /expected a label name/, 0],
    ['alertname', /expected an operator/, 9],
    ['alertname ~ x', /expected an operator/, 10],
    ['a=="b"', /unexpected '"'/, 3],
    ['a="unterminated', /unterminated quoted value/, 2],
    ['"name=x', /unterminated quoted label name/, 0],
    ['""=x', /empty label name/, 0],
    ['a="b" c', /unexpected 'c' after the matcher/, 6],
    ['a="\\xZZ"', /invalid \\x escape/, 3],
    ['a="\\uD800"', /invalid Unicode code point/, 3],
    ['a="\\400"', /invalid octal escape/, 3],
    ['a=b"c', /unexpected '"'/, 3],
  ];
  for (const [input, message, position] of errors) {
    it(`rejects ${JSON.stringify(input)} at ${position}`, () => {
      assert.throws(
        () => parseMatcher(input),
        (err: unknown) => {
          assert.ok(err instanceof MatcherParseError, String(err));
          assert.match(err.message, message);
          assert.equal(err.position, position, err.message);
          return true;
        },
      );
    });
  }
});

describe('parseMatchers', () => {
  it('reads braced and bare lists, spaces and a trailing comma', () => {
    const expected = [m('a', '=', 'b'), m('c', '!~', 'd.*'), m('e', '=', 'f g')];
    assert.deepEqual(parseMatchers('{a="b", c!~"d.*", e="f g"}'), expected);
    assert.deepEqual(parseMatchers('a=b,c!~d.*, e = f g '), expected);
    assert.deepEqual(parseMatchers(' { a="b",c!~"d.*",e="f g", } '), expected);
  });

  it('gives an empty list for empty input and {}', () => {
    assert.deepEqual(parseMatchers(''), []);
    assert.deepEqual(parseMatchers('   '), []);
    assert.deepEqual(parseMatchers('{}'), []);
    assert.deepEqual(parseMatchers('{ }'), []);
  });

  it('keeps commas and braces inside quoted values', () => {
    assert.deepEqual(parseMatchers('{a=~"x{1,3}", b="}"}'), [
      m('a', '=~', 'x{1,3}'),
      m('b', '=', '}'),
    ]);
  });

  const errors: [string, RegExp, number][] = [
    ['{a="b"', /missing closing '}'/, 0],
    ['a="b"}', /unexpected '}' without an opening '{'/, 5],
    ['{a="b"} x', /unexpected 'x' after '}'/, 8],
    ['a="b" c="d"', /expected ',' or end of the list/, 6],
    ['a="b",,c="d"', /expected a label name/, 6],
    ['{a="b", =c}', /expected a label name/, 8],
  ];
  for (const [input, message, position] of errors) {
    it(`rejects ${JSON.stringify(input)} at ${position}`, () => {
      assert.throws(
        () => parseMatchers(input),
        (err: unknown) => {
          assert.ok(err instanceof MatcherParseError, String(err));
          assert.match(err.message, message);
          assert.equal(err.position, position, err.message);
          return true;
        },
      );
    });
  }
});

describe('formatMatcher', () => {
  it('prints the canonical quoted form', () => {
    assert.equal(formatMatcher(m('alertname', '=', 'Disk')), 'alertname="Disk"');
    assert.equal(formatMatcher(m('job', '=~', 'node|api')), 'job=~"node|api"');
    assert.equal(formatMatcher(m('a', '!=', '')), 'a!=""');
    assert.equal(formatMatcher(m('a', '!~', 'say "hi"\\n\n')), 'a!~"say \\"hi\\"\\\\n\\n"');
    assert.equal(formatMatcher(m('service.name', '=', 'x')), '"service.name"="x"');
    assert.equal(formatMatchers([m('a', '=', 'b'), m('c', '!~', 'd')]), '{a="b", c!~"d"}');
    assert.equal(formatMatchers([]), '{}');
  });

  it('maps operators to isEqual/isRegex and back', () => {
    for (const op of ['=', '!=', '=~', '!~'] as const) {
      assert.equal(operatorOf(m('a', op, 'b')), op);
    }
    assert.deepEqual(m('a', '!~', 'b'), { name: 'a', value: 'b', isRegex: true, isEqual: false });
    assert.deepEqual(m('a', '=', 'b'), { name: 'a', value: 'b', isRegex: false, isEqual: true });
  });
});

describe('round trip parse(format(m))', () => {
  const names = [
    'alertname',
    '__name__',
    'a:b',
    '_',
    'service.name',
    'with space',
    'dash-name',
    '日本語',
    'q"uote',
    'back\\slash',
    '1starts_with_digit',
    'new\nline',
    'emoji😀',
  ];
  const values = [
    '',
    'plain',
    'with space',
    ' leading and trailing ',
    '"quoted"',
    '\\',
    '\\\\',
    'trailing backslash\\',
    'foo\\.bar\\d+',
    'line\nbreak',
    'tab\tand\rcr',
    'control\u0001\u007f',
    'x{1,3}',
    '=~!,{}',
    'ünïcødé ✓ 😀',
    '\\x41 literal',
    '\\"',
    "single ' quote",
    '`backtick`',
  ];
  const ops = ['=', '!=', '=~', '!~'] as const;
  it(`holds for ${names.length * values.length * ops.length} matchers`, () => {
    let count = 0;
    for (const name of names) {
      for (const value of values) {
        for (const op of ops) {
          const matcher = m(name, op, value);
          const text = formatMatcher(matcher);
          assert.deepEqual(parseMatcher(text), matcher, `via ${text}`);
          count++;
        }
      }
    }
    assert.equal(count, names.length * values.length * ops.length);
  });

  it('holds for lists', () => {
    const list = values.map((v, i) => m(names[i % names.length] as string, ops[i % 4] as '=', v));
    assert.deepEqual(parseMatchers(formatMatchers(list)), list);
    for (const one of list) assert.deepEqual(parseMatchers(formatMatchers([one])), [one]);
  });
});
