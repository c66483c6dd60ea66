// Hidden characters in server values become visible markers; RTL values are isolated.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import {
  hasHiddenCharacters,
  isolatedProse,
  isolatedText,
  isolatedValue,
  visibleParts,
  visibleText,
} from '../../../main/core/model/visible-text.ts';

describe('visibleText', () => {
  const cases: [string, string][] = [
    ['plain value', 'plain value'],
    ['line1\nline2', 'line1↵line2'],
    ['tab\there', 'tab⇥here'],
    ['cr\rlf', 'cr␍lf'],
    [' padded  ', '␣padded␣␣'],
    ['inner space', 'inner space'],
    ['zero\u200bwidth', 'zero⟨U+200B⟩width'],
    ['rtl\u202eoverride', 'rtl⟨U+202E⟩override'],
    ['isolate\u2066x\u2069', 'isolate⟨U+2066⟩x⟨U+2069⟩'],
    ['nbsp\u00a0here', 'nbsp⟨U+00A0⟩here'],
    ['bom\ufeff', 'bom⟨U+FEFF⟩'],
    ['bell\u0007', 'bell⟨U+0007⟩'],
    ['c1\u0085', 'c1⟨U+0085⟩'],
    ['family 👨‍👩‍👧 emoji', 'family 👨‍👩‍👧 emoji'],
    ['heart ❤️', 'heart ❤️'],
    ['a\u200db', 'a⟨U+200D⟩b'],
    ['漢字 and é', '漢字 and é'],
  ];
  for (const [raw, shown] of cases) {
    it(`${JSON.stringify(raw)} -> ${shown}`, () => {
      assert.equal(visibleText(raw), shown);
      assert.equal(hasHiddenCharacters(raw), raw !== shown);
    });
  }

  it('marks parts with what they stand for', () => {
    assert.deepEqual(visibleParts('a\nb'), [
      { text: 'a' },
      { text: '↵', hidden: 'line break (\\n)' },
      { text: 'b' },
    ]);
  });

  it('isolates right-to-left values and prose, not others', () => {
    assert.equal(isolatedText('שלום'), '\u2068שלום\u2069');
    assert.equal(isolatedText('abc'), 'abc');
    assert.equal(isolatedText('a\u202eb'), 'a⟨U+202E⟩b');
    assert.equal(isolatedProse('Disk full\nsee runbook'), 'Disk full\nsee runbook');
    assert.equal(isolatedProse('x\u202ey'), '\u2068x\u202ey\u2069');
  });

  it('a value in a plain-text sentence: markers, isolated unless plain', () => {
    assert.equal(isolatedValue('critical'), 'critical');
    assert.equal(isolatedValue('safe\u202egnp.exe'), '\u2068safe⟨U+202E⟩gnp.exe\u2069');
    assert.equal(isolatedValue('a\nb'), '\u2068a↵b\u2069');
    assert.equal(isolatedValue('שלום'), '\u2068שלום\u2069');
  });
});
