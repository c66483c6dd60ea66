import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { Matcher } from '../../../main/core/api/types.ts';
import { parseMatchers } from '../../../main/core/matchers/parse.ts';
import { matchesEmpty } from '../../../main/core/matchers/evaluate.ts';
import { compileMatcherRegex } from '../../../main/core/matchers/regex.ts';
import { matchesAlert } from '../../support/matches.ts';

/** The problem with a matcher's regex as a filter means it (anchored), or undefined. */
function matcherRegexError(m: { value: string; isRegex: boolean }): string | undefined {
  if (!m.isRegex) return undefined;
  const c = compileMatcherRegex(m.value);
  return c.ok ? undefined : c.error;
}

const m = (s: string): Matcher[] => parseMatchers(s);

describe('matchesAlert (Alertmanager semantics)', () => {
  const labels = { alertname: 'HighCPU', job: 'node', instance: 'host-1:9100', env: 'prod' };

  it('equality and inequality', () => {
    assert.equal(matchesAlert(m('alertname="HighCPU"'), labels), true);
    assert.equal(matchesAlert(m('alertname="HighCpu"'), labels), false);
    assert.equal(matchesAlert(m('alertname!="HighCPU"'), labels), false);
    assert.equal(matchesAlert(m('alertname!="Disk"'), labels), true);
    assert.equal(
      matchesAlert(m('alertname="HighCPU", job="api"'), labels),
      false,
      'all must match',
    );
  });

  it('regexes are fully anchored', () => {
    assert.equal(matchesAlert(m('job=~"no"'), labels), false);
    assert.equal(matchesAlert(m('job=~"no.*"'), labels), true);
    assert.equal(matchesAlert(m('job=~"node|api"'), labels), true);
    // alternation must not escape the anchors: ^(?:a|node)$ not ^a|node$
    assert.equal(matchesAlert(m('instance=~"x|host"'), labels), false);
    assert.equal(matchesAlert(m('job!~"no.*"'), labels), false);
    assert.equal(matchesAlert(m('job!~"api"'), labels), true);
  });

  it('a missing label has the empty value', () => {
    assert.equal(matchesAlert(m('team=""'), labels), true);
    assert.equal(matchesAlert(m('team=~".*"'), labels), true);
    assert.equal(matchesAlert(m('team=~".+"'), labels), false);
    assert.equal(matchesAlert(m('team!=""'), labels), false);
    assert.equal(matchesAlert(m('team!="a"'), labels), true);
    assert.equal(matchesAlert(m('env=""'), labels), false);
  });

  it('isEqual defaults to true when absent (wire format)', () => {
    assert.equal(matchesAlert([{ name: 'job', value: 'node', isRegex: false }], labels), true);
    assert.equal(matchesAlert([{ name: 'job', value: 'n.*', isRegex: true }], labels), true);
  });

  it('RE2 syntax JS lacks: leading (?i), (?P<name>)', () => {
    assert.equal(matchesAlert(m('alertname=~"(?i)highcpu"'), labels), true);
    assert.equal(matchesAlert(m('job=~"(?P<x>no)de"'), labels), true);
  });

  it('invalid regexes never match and are reported', () => {
    const bad: Matcher = { name: 'job', value: '(unclosed', isRegex: true, isEqual: true };
    assert.equal(matchesAlert([bad], labels), false);
    assert.equal(matchesAlert([{ ...bad, isEqual: false }], labels), false);
    assert.ok(matcherRegexError(bad));
    assert.equal(matcherRegexError({ ...bad, isRegex: false }), undefined);
  });

  it('empty matcher list matches nothing', () => {
    assert.equal(matchesAlert([], labels), false);
  });

  it('matchesEmpty mirrors the server rule', () => {
    assert.equal(matchesEmpty(m('a=""')[0]!), true);
    assert.equal(matchesEmpty(m('a=~".*"')[0]!), true);
    assert.equal(matchesEmpty(m('a!="x"')[0]!), true);
    assert.equal(matchesEmpty(m('a="x"')[0]!), false);
    assert.equal(matchesEmpty(m('a!=""')[0]!), false);
    assert.equal(matchesEmpty(m('a=~".+"')[0]!), false);
  });
});
