// What opening the window loads (issue 29), read off the built renderer: the scripts
// index.html names (entries and module preloads) carry Chromium's compile hint on their first
// line, and hold no RE2 (re2js is a chunk of its own, fetched after the list is drawn: see
// renderer/src/lib/matchers/re2-engine-lazy.ts); the lazy views and re2js carry no hint.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from '../support/browser-shell.ts';

const dir = fileURLToPath(new URL('../../out/renderer/', import.meta.url));
const HINT = '//# allFunctionsCalledOnLoad\n';
// An error text of re2js's parser (Go's regexp/syntax wording): in re2js's code, nowhere else.
const RE2_CODE = 'missing closing ]';

function opening(): string[] {
  ensureBuilt();
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  assert.ok(refs.length >= 3, `scripts in index.html: ${refs.join(', ')}`);
  return refs;
}

test('the scripts opening the window runs carry the compile hint and no RE2', () => {
  for (const ref of opening()) {
    const code = readFileSync(join(dir, ref), 'utf8');
    assert.ok(code.startsWith(HINT), `${ref} opens with the hint`);
    assert.ok(!code.includes(RE2_CODE), `${ref} holds no re2js`);
  }
});

test('re2js and the lazy views are chunks of their own, without the hint', () => {
  const assets = readdirSync(join(dir, 'assets')).filter((f) => f.endsWith('.js'));
  const first = new Set(opening());
  const re2 = assets.filter((f) => f.startsWith('re2js-'));
  assert.equal(re2.length, 1, assets.join(', '));
  const re2Code = readFileSync(join(dir, 'assets', re2[0]!), 'utf8');
  assert.ok(re2Code.includes(RE2_CODE) && !re2Code.startsWith(HINT));
  const views = assets.filter((f) => /^(Silences|Settings|Timeline|Instances)View-/.test(f));
  assert.equal(views.length, 4, assets.join(', '));
  for (const f of views) {
    assert.ok(!first.has(`assets/${f}`), `${f} is not loaded on opening`);
    assert.ok(!readFileSync(join(dir, 'assets', f), 'utf8').startsWith(HINT), `${f} has no hint`);
  }
});
