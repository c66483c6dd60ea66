// Alertmanager's own parser test tables (upstream-cases.json, extracted from
// matcher/parse/parse_test.go, pkg/labels/parse_test.go and matcher/compat/parse_test.go by
// test/tools/extract-upstream-matcher-cases.py) run against our ports: every case must give
// the same matchers, or the same error text.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Matcher } from '../../../main/core/api/types.ts';
import { ParseFailure, toMatcher, type MatchType } from '../../../main/core/matchers/matcher.ts';
import { utf8ParseMatcher } from '../../../main/core/matchers/utf8-parser.ts';
import {
  MatcherParseError,
  parseMatcher,
  parseMatchers,
  type ParserMode,
} from '../../../main/core/matchers/parse.ts';

interface Case {
  name: string | null;
  input: string;
  error: string | null;
  matchers: { name: string; op: MatchType; value: string }[] | null;
}

const tables = JSON.parse(
  readFileSync(new URL('./upstream-cases.json', import.meta.url), 'utf8'),
) as Record<string, Case[]> & { source: string };

/** Cases where we knowingly differ from the table, with the reason. */
const KNOWN_DIFFERENCES: Record<string, string> = {};

function run(table: string, mode: ParserMode | 'utf8-package', fn: 'one' | 'list'): void {
  describe(`${table} (${tables.source})`, () => {
    const cases = tables[table] as Case[];
    it('has cases', () => assert.ok(cases.length >= 5));
    for (const c of cases) {
      const label = `${c.name ?? c.input} ${JSON.stringify(c.input)}`;
      const skip = KNOWN_DIFFERENCES[`${table}:${c.input}`];
      it(label, { skip }, () => {
        const parse = (): Matcher[] => {
          // matcher/parse.Matcher itself, without compat's brace rule (its table tests that).
          if (mode === 'utf8-package') return [utf8ParseMatcher(c.input)];
          return fn === 'one' ? [parseMatcher(c.input, mode)] : parseMatchers(c.input, mode);
        };
        if (c.error !== null) {
          assert.throws(parse, (e: unknown) => {
            assert.ok(e instanceof MatcherParseError || e instanceof ParseFailure, String(e));
            assert.equal(e.message, c.error);
            return true;
          });
        } else {
          const want = (c.matchers ?? []).map((m) => toMatcher(m.op, m.name, m.value));
          assert.deepEqual(parse(), want);
        }
      });
    }
  });
}

run('utf8Matchers', 'utf8', 'list');
run('utf8Matcher', 'utf8-package', 'one');
run('classicMatchers', 'classic', 'list');
run('fallbackMatcher', 'fallback', 'one');
run('fallbackMatchers', 'fallback', 'list');
