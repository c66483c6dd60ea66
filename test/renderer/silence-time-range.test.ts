// The silence form's time rules: presets are exact from the start as shown (a start that has
// passed moves to now first), and moving the start keeps the duration.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fromLocalInput, toLocalInput } from '../../renderer/src/lib/format/time.ts';
import { endKeepingDuration, presetRange } from '../../renderer/src/lib/silences/time-range.ts';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const HOUR = 3_600_000;

describe('presetRange', () => {
  it('ends exactly the preset after the start as shown', () => {
    const startInput = toLocalInput(NOW + 5 * 60_000);
    const r = presetRange({
      startInput,
      startsAt: fromLocalInput(startInput),
      ms: 4 * HOUR,
      now: NOW,
    });
    assert.equal(r.startInput, startInput);
    assert.equal(Date.parse(r.endInput) - Date.parse(r.startInput), 4 * HOUR);
  });

  it('moves a start that has passed (or is not a time) to now first', () => {
    const old = toLocalInput(NOW - 2 * HOUR);
    const r = presetRange({ startInput: old, startsAt: fromLocalInput(old), ms: HOUR, now: NOW });
    assert.equal(r.startInput, toLocalInput(NOW));
    assert.equal(r.endInput, toLocalInput(NOW + HOUR));
    const bad = presetRange({ startInput: '', startsAt: null, ms: HOUR, now: NOW });
    assert.equal(bad.startInput, toLocalInput(NOW));
  });
});

describe('endKeepingDuration', () => {
  it('moves the end with the start', () => {
    const end = endKeepingDuration('2020-01-01T09:00', '2020-01-01T10:00', '2020-01-01T10:00');
    assert.equal(end, '2020-01-01T11:00');
  });

  it('keeps the end when the range was not one, or a time is missing', () => {
    assert.equal(
      endKeepingDuration('2020-01-01T10:00', '2020-01-01T11:00', '2020-01-01T09:00'),
      null,
    );
    assert.equal(endKeepingDuration('', '2020-01-01T11:00', '2020-01-01T12:00'), null);
    assert.equal(endKeepingDuration('2020-01-01T10:00', '', '2020-01-01T12:00'), null);
  });
});
