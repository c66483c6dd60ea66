// What the app reads from matcher text in the server's default mode (classic wins where it
// accepts, UTF-8 where only it accepts), the other two modes, the error positions the UI
// points at, and that what we print reads back identically in every mode.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { Matcher } from '../../../main/core/api/types.ts';
import { formatMatcher, formatMatchers, operatorOf } from '../../../main/core/matchers/format.ts';
import { toMatcher, type MatchType } from '../../../main/core/matchers/matcher.ts';
import {
  MatcherParseError,
  parseMatcher,
  parseMatchers,
  parsersDisagree,
  type ParserMode,
} from '../../../main/core/matchers/parse.ts';
import { compileMatcherRegex } from '../../../main/core/matchers/regex.ts';

const m = (name: string, op: MatchType, value: string): Matcher => toMatcher(op, name, value);

describe('default (fallback) mode reads what the server reads', () => {
  const cases: [string, Matcher][] = [
    // The classic parser keeps unknown escapes literally, and its result wins.
    ['v="C:\\path\\to\\x"', m('v', '=', 'C:\\path\\to\\x')],
    ['v="tab\\there"', m('v', '=', 'tab\\there')],
    ['v="\\xf0\\x9f\\x99\\x82"', m('v', '=', '\\xf0\\x9f\\x99\\x82')],
    ['v="line\\nbreak"', m('v', '=', 'line\nbreak')],
    ['v="with \\"quotes\\""', m('v', '=', 'with "quotes"')],
    ['v=~"foo\\.bar\\d+"', m('v', '=~', 'foo\\.bar\\d+')],
    ['  a  =  b c  ', m('a', '=', 'b c')],
    ['a=', m('a', '=', '')],
    ['a=b=c', m('a', '=', 'b=c')],
    ['tricky=~~~', m('tricky', '=~', '~~')],
    ['a="  padded  "', m('a', '=', '  padded  ')],
    ['a=~"[[:alpha:]]+"', m('a', '=~', '[[:alpha:]]+')],
    // Only the UTF-8 parser reads these: quoted or non-classic names.
    ['"service.name"="api"', m('service.name', '=', 'api')],
    ['foo🙂=bar', m('foo🙂', '=', 'bar')],
    ['"日本"=~".+"', m('日本', '=~', '.+')],
  ];
  for (const [input, expected] of cases) {
    it(`reads ${input}`, () => assert.deepEqual(parseMatcher(input), expected));
  }

  it('strict UTF-8 mode decodes Go escapes, \\xHH as UTF-8 bytes', () => {
    assert.deepEqual(parseMatcher('v="\\xf0\\x9f\\x99\\x82"', 'utf8'), m('v', '=', '🙂'));
    assert.deepEqual(parseMatcher('v="tab\\there"', 'utf8'), m('v', '=', 'tab\there'));
    assert.deepEqual(parseMatcher('v="\\u00e9\\101"', 'utf8'), m('v', '=', 'éA'));
    assert.throws(() => parseMatcher('v="C:\\path"', 'utf8'), /invalid input/);
  });

  it('says when the two parsers read an input differently', () => {
    assert.equal(parsersDisagree('v="tab\\there"'), true);
    assert.equal(parsersDisagree('v="plain"'), false);
    assert.equal(parsersDisagree('v=a b'), false, 'only the classic parser accepts it');
  });

  it('splits lists as the server does', () => {
    const expected = [m('a', '=', 'b'), m('c', '!~', 'd.*'), m('e', '=', 'f g')];
    assert.deepEqual(parseMatchers('{a="b", c!~"d.*", e="f g"}'), expected);
    assert.deepEqual(parseMatchers('a=b,c!~d.*, e = f g '), expected);
    assert.deepEqual(parseMatchers('{a=~"x{1,3}", b="}"}'), [
      m('a', '=~', 'x{1,3}'),
      m('b', '=', '}'),
    ]);
    assert.deepEqual(parseMatchers(''), []);
    assert.deepEqual(parseMatchers('{}'), []);
  });
});

describe('errors: the server wording, and where', () => {
  const errors: [string, string, number, 'syntax' | 'regex'][] = [
    ['v=~"("', 'error parsing regexp: missing closing ): `^(?:()$`', 3, 'regex'],
    ['service=~"a|(b"', 'error parsing regexp: missing closing ): `^(?:a|(b)$`', 9, 'regex'],
    ['v=~"a**"', 'error parsing regexp: invalid nested repetition operator: `**`', 3, 'regex'],
    ['v=~"\\8"', 'error parsing regexp: invalid escape sequence: `\\8`', 3, 'regex'],
    ['foo!bar', 'bad matcher format: foo!bar', 3, 'syntax'],
    ['job="value', 'matcher value contains unescaped double quote: "value', 4, 'syntax'],
    ['a=b"c', 'matcher value contains unescaped double quote: b"c', 2, 'syntax'],
    ['{a="b"}', 'unexpected open or close brace: {a="b"}', 0, 'syntax'],
  ];
  for (const [input, message, position, kind] of errors) {
    it(`rejects ${input} at ${position}`, () => {
      assert.throws(
        () => parseMatcher(input),
        (e: unknown) => {
          assert.ok(e instanceof MatcherParseError, String(e));
          assert.equal(e.message, message);
          assert.equal(e.position, position);
          assert.equal(e.kind, kind);
          return true;
        },
      );
    });
  }

  it('counts positions in UTF-16 units after astral characters', () => {
    assert.throws(
      () => parseMatchers('🙂🙂="x", v=~"("'),
      (e: unknown) => e instanceof MatcherParseError && e.position === 13,
    );
  });
});

describe('format: what the app prints reads back identically in every mode', () => {
  it('prints the canonical quoted form', () => {
    assert.equal(formatMatcher(m('alertname', '=', 'Disk')), 'alertname="Disk"');
    assert.equal(formatMatcher(m('a', '!~', 'say "hi"\\n\n')), 'a!~"say \\"hi\\"\\\\n\\n"');
    assert.equal(formatMatcher(m('a', '=', 'tab\there')), 'a="tab\there"', 'a tab stays literal');
    assert.equal(formatMatcher(m('service.name', '=', 'x')), '"service.name"="x"');
    assert.equal(formatMatchers([m('a', '=', 'b'), m('c', '!~', 'd')]), '{a="b", c!~"d"}');
    for (const op of ['=', '!=', '=~', '!~'] as const)
      assert.equal(operatorOf(m('a', op, 'b')), op);
  });

  const classicNames = ['alertname', '__name__', 'a:b', '_'];
  const otherNames = [
    'service.name',
    'with space',
    'dash-name',
    '日本語',
    'q"uote',
    'back\\slash',
    '1digit',
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
    'trailing\\',
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
    'C:\\path\\to\\x',
    'zero\u200bwidth',
    'rtl\u202eoverride',
    'NFC é',
    'NFD e\u0301',
    '\\n literal',
    'a,b',
    '}',
  ];
  const ops = ['=', '!=', '=~', '!~'] as const;
  const modes: ParserMode[] = ['fallback', 'classic', 'utf8'];
  it('holds for every name, value, operator and mode', () => {
    let count = 0;
    for (const mode of modes) {
      for (const name of mode === 'classic' ? classicNames : [...classicNames, ...otherNames]) {
        for (const value of values) {
          for (const op of ops) {
            if (op.includes('~') && !compileMatcherRegex(value).ok) continue;
            const matcher = m(name, op, value);
            const text = formatMatcher(matcher);
            assert.deepEqual(parseMatcher(text, mode), matcher, `${mode}: ${text}`);
            assert.deepEqual(parseMatchers(`{${text}, x="y"}`, mode), [matcher, m('x', '=', 'y')]);
            count++;
          }
        }
      }
    }
    assert.ok(count > 800, String(count));
  });
});
