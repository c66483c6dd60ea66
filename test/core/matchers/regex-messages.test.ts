// A silence's regex mistakes are worded as the server words them: for each common mistake the
// app's message (the silence form's check and the core's, before anything is sent) equals the
// Go regexp/syntax error a real Alertmanager answers the same silence with. The server checks
// a silence's regex unanchored (silence/silence.go, validateMatcher), so the text shows only
// what was typed: `(Amtool[a-` is "missing closing ]: `[a-`", not a `)` nobody typed.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { silenceRegexError } from '../../../main/core/matchers/regex.ts';
import { validateDraft } from '../../../main/core/silences/validate.ts';
import { amSkipReason, startAlertmanager, type AmProcess } from '../../support/alertmanager.ts';

// [value, what the mistake is, Go's words (checked against the server below)]
const CASES: [string, string, string][] = [
  ['(Amtool[a-', 'unclosed [', 'missing closing ]: `[a-`'],
  ['[a-', 'unclosed [', 'missing closing ]: `[a-`'],
  ['[^', 'unclosed [', 'missing closing ]: `[^`'],
  ['[]', 'unclosed [ (] first is a literal)', 'missing closing ]: `[]`'],
  ['(abc', 'unclosed (', 'missing closing ): `(abc`'],
  ['(?P<n>a', 'unclosed named group', 'missing closing ): `(?P<n>a`'],
  ['abc)', 'unopened )', 'unexpected ): `abc)`'],
  ['a)|(b', 'unopened ) (fine once anchored)', 'unexpected ): `a)|(b`'],
  ['*a', 'bad repeat', 'missing argument to repetition operator: `*`'],
  ['+', 'bad repeat', 'missing argument to repetition operator: `+`'],
  ['a|*', 'bad repeat', 'missing argument to repetition operator: `*`'],
  ['??', 'bad repeat', 'missing argument to repetition operator: `??`'],
  ['a**', 'nested repeat', 'invalid nested repetition operator: `**`'],
  ['a\\q', 'invalid escape', 'invalid escape sequence: `\\q`'],
  ['\\8', 'invalid escape', 'invalid escape sequence: `\\8`'],
  ['a{1001}', 'repeat size', 'invalid repeat count: `{1001}`'],
  ['a{2,1}', 'repeat size', 'invalid repeat count: `{2,1}`'],
  ['a\\', 'trailing backslash', 'trailing backslash at end of expression: ``'],
  ['[z-a]', 'class range', 'invalid character class range: `z-a`'],
  ['(?z)', 'flag', 'invalid or unsupported Perl syntax: `(?z`'],
];

const skip = amSkipReason();

describe('silence regex messages equal the server’s', { skip }, () => {
  let am: AmProcess;
  before(async () => {
    am = await startAlertmanager();
  });
  after(async () => {
    await am?.stop();
  });

  function post(value: string): Promise<Response> {
    const now = Date.now();
    return fetch(`${am.url}/api/v2/silences`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        matchers: [{ name: 'alertname', value, isRegex: true, isEqual: true }],
        startsAt: new Date(now).toISOString(),
        endsAt: new Date(now + 3_600_000).toISOString(),
        createdBy: 'test',
        comment: 'regex message',
      }),
    });
  }

  /** What the server answers a silence with this regex (Go's part of it). */
  async function serverSays(value: string): Promise<string> {
    const res = await post(value);
    assert.equal(res.status, 400, `${value}: the server took it`);
    const body = (await res.json()) as string;
    const go = /invalid regular expression "(?:[^"\\]|\\.)*": (error parsing regexp: .*)$/s.exec(
      body,
    );
    assert.ok(go, `${value}: ${body}`);
    return go[1]!;
  }

  for (const [value, mistake, words] of CASES) {
    it(`${mistake}: ${value}`, async () => {
      const server = await serverSays(value);
      assert.equal(server, `error parsing regexp: ${words}`, 'the table says what the server says');
      assert.equal(silenceRegexError(value), server);
      // The core's check before sending says the same, at that matcher's value.
      const problems = validateDraft(
        {
          matchers: [
            { name: 'job', value: 'api', isRegex: false, isEqual: true },
            { name: 'alertname', value, isRegex: true, isEqual: true },
          ],
          startsAt: new Date().toISOString(),
          endsAt: new Date(Date.now() + 3_600_000).toISOString(),
          createdBy: 'test',
          comment: 'x',
        },
        { requireComment: false },
      );
      assert.deepEqual(problems, [
        { field: 'matchers.1.value', message: `invalid regex: ${server}` },
      ]);
    });
  }

  it('takes what the server takes', async () => {
    for (const value of ['x{2}{', 'a{,3}', '(?i)up', '[[:alpha:]]+', '\\Qa.b\\E']) {
      assert.equal(silenceRegexError(value), undefined, value);
      assert.equal((await post(value)).status, 200, value);
    }
  });
});
