// The window's late RE2 engine (renderer/src/lib/matchers/re2-engine-lazy.ts): until re2js has
// arrived every use says "not loaded" (never a verdict on a pattern, never cached by the
// matcher code), and once it has, it is re2js itself: same compile, same errors.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as lazy from '../../renderer/src/lib/matchers/re2-engine-lazy.ts';
import * as core from '../../main/core/matchers/re2-engine.ts';
import { RegexEngineNotLoaded } from '../../main/core/matchers/regex-engine-error.ts';

test('before it arrives: not loaded, and asking for RE2 throws RegexEngineNotLoaded', () => {
  assert.equal(lazy.regexEngineLoaded(), false);
  assert.throws(() => lazy.RE2JS.compile('a+'), RegexEngineNotLoaded);
  // instanceof answers false rather than throwing while re2js is not there.
  assert.equal(new Error('x') instanceof lazy.RE2JSSyntaxException, false);
});

test('once loaded it compiles and fails as re2js does', async () => {
  const pending = lazy.loadRegexEngine();
  assert.equal(lazy.loadRegexEngine(), pending, 'one fetch, however often asked');
  await pending;
  assert.equal(lazy.regexEngineLoaded(), true);
  assert.equal(lazy.RE2JS.compile('^(?:a+)$').test('aaa'), true);
  let thrown: unknown;
  try {
    lazy.RE2JS.compile('[a-');
  } catch (err) {
    thrown = err;
  }
  assert.ok(thrown instanceof lazy.RE2JSSyntaxException, 'a syntax error is one');
  assert.ok(thrown instanceof core.RE2JSSyntaxException, "and it is re2js's own");
});

test('both modules offer the same names (the build swaps one for the other)', () => {
  assert.deepEqual(Object.keys(lazy).sort(), Object.keys(core).sort());
});
