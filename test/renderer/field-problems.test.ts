// The bridge's one validation speaks plain words, field by field, and the window places each
// at its field: what the bridge refuses with is what the window checks before sending (the
// same rules and words, core/model/field-rules.ts), and a refusal that still arrives is put at
// the field by its path, never shown as the bridge's log message ("argument 1.comment").
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BridgeCallError } from '../../main/core/bridge/contract.ts';
import { validateArgs } from '../../main/core/bridge/validate.ts';
import { defaultSettings } from '../../main/core/settings/defaults.ts';
import { errorMessage } from '../../renderer/src/lib/app/errors.ts';
import { checkDraft, emptyRow, type MatcherRow } from '../../renderer/src/lib/silences/draft.ts';
import { placeProblems } from '../../renderer/src/lib/silences/server-problems.ts';
import {
  fieldsOf,
  numberProblems,
  placeSettingsProblems,
} from '../../renderer/src/lib/settings/settings-fields.ts';

function refused(channel: Parameters<typeof validateArgs>[0], args: unknown[]): BridgeCallError {
  const r = validateArgs(channel, args);
  assert.ok(!r.ok, 'refused');
  return new BridgeCallError({ kind: 'invalid-argument', message: r.message, fields: r.fields });
}

const COMMENT_WORDS = 'The comment is too long: at most 65,536 characters (this one has 100,000).';

describe('field problems', () => {
  it('a 100,000-character comment: the bridge and the form say the same, at the comment', () => {
    const now = Date.now();
    const draft = {
      matchers: [{ name: 'alertname', value: 'X', isRegex: false, isEqual: true }],
      startsAt: new Date(now).toISOString(),
      endsAt: new Date(now + 3_600_000).toISOString(),
      createdBy: 'me',
      comment: 'c'.repeat(100_000),
    };
    const err = refused('silences:create', ['instance:am1', draft]);
    assert.deepEqual(err.error.fields, [{ path: 'comment', message: COMMENT_WORDS }]);
    assert.doesNotMatch(errorMessage(err), /argument|silences:create/);
    assert.equal(errorMessage(err), COMMENT_WORDS);

    const rows: MatcherRow[] = [{ ...emptyRow(), name: 'alertname', value: 'X' }];
    const placed = placeProblems(err, rows);
    assert.deepEqual(placed.fields, { comment: COMMENT_WORDS });
    assert.equal(placed.rest, null);

    // The window's own check, before sending: the same words.
    const check = checkDraft({
      rows,
      startsAt: draft.startsAt,
      endsAt: draft.endsAt,
      createdBy: 'me',
      comment: draft.comment,
      requireComment: true,
      now,
    });
    assert.equal(check.comment, COMMENT_WORDS);
    assert.equal(check.valid, false);
  });

  it('a matcher problem goes to its row by index', () => {
    const rows: MatcherRow[] = [
      { ...emptyRow(), name: 'a', value: '1' },
      { ...emptyRow(), name: 'b', value: 'v'.repeat(70_000) },
    ];
    const err = refused('silences:create', [
      'instance:am1',
      {
        matchers: rows.map((r) => ({
          name: r.name,
          value: r.value,
          isRegex: false,
          isEqual: true,
        })),
        startsAt: new Date().toISOString(),
        endsAt: new Date(Date.now() + 60_000).toISOString(),
        createdBy: 'me',
        comment: '',
      },
    ]);
    const placed = placeProblems(err, rows);
    assert.deepEqual(placed.fields, {
      [`m${rows[1]!.id}`]:
        'The value is too long: at most 65,536 characters (this one has 70,000).',
    });
    assert.equal(
      checkDraft({
        rows,
        startsAt: null,
        endsAt: null,
        createdBy: 'x',
        comment: '',
        requireComment: false,
        now: 0,
      }).matcherErrors[rows[1]!.id],
      'The value is too long: at most 65,536 characters (this one has 70,000).',
    );
  });

  it('an Alertmanager refusal naming a matcher goes to that row, in Go’s words', () => {
    const rows: MatcherRow[] = [
      { ...emptyRow(), name: 'job', value: 'api' },
      { ...emptyRow(), name: 'alertname', op: '=~', value: '(Amtool[a-' },
    ];
    const err = new BridgeCallError({
      kind: 'alertmanager',
      message: 'no member accepted',
      alertmanager: {
        kind: 'http',
        endpoint: 'POST /silences',
        message: 'HTTP 400',
        status: 400,
        serverMessage:
          'silence invalid: invalid label matcher 1: invalid regular expression "(Amtool[a-": error parsing regexp: missing closing ]: `[a-`',
      },
    });
    assert.deepEqual(placeProblems(err, rows).fields, {
      [`m${rows[1]!.id}`]:
        'Invalid regular expression: error parsing regexp: missing closing ]: `[a-`',
    });
    // The form's own check says exactly that before sending.
    const check = checkDraft({
      rows,
      startsAt: null,
      endsAt: null,
      createdBy: 'x',
      comment: '',
      requireComment: false,
      now: 0,
    });
    assert.equal(
      check.matcherErrors[rows[1]!.id],
      'Invalid regular expression: error parsing regexp: missing closing ]: `[a-`',
    );
    assert.equal(check.matcherErrorParts[rows[1]!.id], 'value');
  });

  it('Settings minutes 1: "At least 5 minutes." from the bridge and from the form, at the field', () => {
    const s = defaultSettings();
    s.silences.unusedAfterMin = 1;
    const err = refused('settings:update', [s]);
    assert.deepEqual(err.error.fields, [
      { path: 'silences.unusedAfterMin', message: 'At least 5 minutes.' },
    ]);
    assert.doesNotMatch(errorMessage(err), /argument|settings:update/);
    const f = fieldsOf(s);
    assert.deepEqual(numberProblems(f), { 'silences.unusedAfterMin': 'At least 5 minutes.' });
    const placed = placeSettingsProblems(err.error.fields!, f);
    assert.deepEqual(placed.fields, {
      'silences.unusedAfterMin': { message: 'At least 5 minutes.', value: 1 },
    });
    assert.equal(placed.rest, null);
  });

  it('each settings number rule is the schema’s: too small, too large, not whole, empty', () => {
    const cases: [string, (s: ReturnType<typeof defaultSettings>) => void, string][] = [
      ['silences.ackMinutes', (s) => (s.silences.ackMinutes = 1), 'At least 2 minutes.'],
      ['silences.ackMaxHours', (s) => (s.silences.ackMaxHours = 400), 'At most 336 hours.'],
      ['silences.longRunningDays', (s) => (s.silences.longRunningDays = 0), 'At least 1 day.'],
      ['history.maxMb', (s) => (s.history.maxMb = 2.5), 'A whole number of MB.'],
      ['history.retentionDays', (s) => (s.history.retentionDays = 4000), 'At most 3,650 days.'],
      [
        'notifications.stormThreshold',
        (s) => (s.notifications.stormThreshold = null as unknown as number),
        'Enter a number.',
      ],
      [
        'notifications.expiringWithinMin',
        (s) => (s.notifications.expiringWithinMin = -1),
        'At least 0 minutes.',
      ],
    ];
    for (const [path, change, words] of cases) {
      const s = defaultSettings();
      change(s);
      assert.deepEqual(refused('settings:update', [s]).error.fields, [{ path, message: words }]);
      assert.deepEqual(numberProblems(fieldsOf(s)), { [path]: words }, path);
    }
  });
});
