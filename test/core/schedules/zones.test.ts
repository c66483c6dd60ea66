// A schedule's occurrences across daylight-saving changes and in zones with odd offsets. The
// wall-clock times the user chose are kept; the two edge cases follow the rule in
// main/core/schedules/zone-time.ts: a start that does not exist (spring forward) moves forward
// by the gap; a time that exists twice (fall back) is the earlier instant.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { occurrencesBetween } from '../../../main/core/schedules/occurrences.ts';
import { iso, schedule } from './fixtures.ts';

const at = (text: string) => Date.parse(text);
const windows = (s: Parameters<typeof occurrencesBetween>[0], from: string, to: string) =>
  occurrencesBetween(s, at(from), at(to)).map((o) => [o.key, iso(o.startsAt), iso(o.endsAt)]);

describe('schedule occurrences in named time zones', () => {
  it('Europe/Berlin: Sunday 02:00-04:00 around the last Sunday of March and October', () => {
    const s = schedule({ rrule: 'FREQ=WEEKLY;BYDAY=SU', timeZone: 'Europe/Berlin' });
    assert.deepEqual(windows(s, '2026-03-21T00:00Z', '2026-04-06T00:00Z'), [
      ['2026-03-22T02:00', '2026-03-22T01:00:00.000Z', '2026-03-22T03:00:00.000Z'], // CET
      // 02:00 does not exist on 29 March (clocks jump 02:00 -> 03:00): start moves forward by
      // the gap to 03:00 CEST; the end keeps 04:00 CEST. A one-hour window.
      ['2026-03-29T02:00', '2026-03-29T01:00:00.000Z', '2026-03-29T02:00:00.000Z'],
      ['2026-04-05T02:00', '2026-04-05T00:00:00.000Z', '2026-04-05T02:00:00.000Z'], // CEST
    ]);
    assert.deepEqual(windows(s, '2026-10-17T00:00Z', '2026-11-02T00:00Z'), [
      ['2026-10-18T02:00', '2026-10-18T00:00:00.000Z', '2026-10-18T02:00:00.000Z'], // CEST
      // 02:00-03:00 happens twice on 25 October: the start is the first 02:00 (CEST), the end
      // 04:00 CET. A three-hour window that covers all of 02:00-04:00 on the wall.
      ['2026-10-25T02:00', '2026-10-25T00:00:00.000Z', '2026-10-25T03:00:00.000Z'],
      ['2026-11-01T02:00', '2026-11-01T01:00:00.000Z', '2026-11-01T03:00:00.000Z'], // CET
    ]);
  });

  it('America/New_York: second Sunday of March and first Sunday of November', () => {
    const s = schedule({
      rrule: 'FREQ=DAILY',
      timeZone: 'America/New_York',
      start: '01:30',
      end: '02:30',
    });
    // 8 March 2026: 02:00 EST -> 03:00 EDT. 01:30 exists (EST); 02:30 does not -> 03:30 EDT.
    assert.deepEqual(windows(s, '2026-03-07T12:00Z', '2026-03-09T12:00Z'), [
      ['2026-03-08T01:30', '2026-03-08T06:30:00.000Z', '2026-03-08T07:30:00.000Z'],
      ['2026-03-09T01:30', '2026-03-09T05:30:00.000Z', '2026-03-09T06:30:00.000Z'],
    ]);
    // 1 November 2026: 02:00 EDT -> 01:00 EST. 01:30 happens twice: the first (EDT) is taken;
    // 02:30 is EST. So the window runs two hours on the wall's one.
    assert.deepEqual(windows(s, '2026-10-31T12:00Z', '2026-11-02T12:00Z'), [
      ['2026-11-01T01:30', '2026-11-01T05:30:00.000Z', '2026-11-01T07:30:00.000Z'],
      ['2026-11-02T01:30', '2026-11-02T06:30:00.000Z', '2026-11-02T07:30:00.000Z'],
    ]);
  });

  it('a window inside the spring-forward gap moves with it, or is dropped when empty', () => {
    const moved = schedule({
      rrule: 'FREQ=DAILY',
      timeZone: 'America/New_York',
      start: '02:00',
      end: '02:30',
    });
    // 02:00 and 02:30 both fall in the gap on 8 March: both move forward an hour.
    assert.deepEqual(windows(moved, '2026-03-08T00:00Z', '2026-03-08T12:00Z'), [
      ['2026-03-08T02:00', '2026-03-08T07:00:00.000Z', '2026-03-08T07:30:00.000Z'],
    ]);
    // 02:30-03:00: the start moves to 03:30, after the end: nothing to silence that night
    // (the server refuses a silence that ends before it starts), the other nights stay.
    const empty = schedule({ ...moved, start: '02:30', end: '03:00' });
    const keys = occurrencesBetween(empty, at('2026-03-07T00:00Z'), at('2026-03-10T00:00Z')).map(
      (o) => o.key,
    );
    assert.deepEqual(keys, ['2026-03-07T02:30', '2026-03-09T02:30']);
  });

  it('Asia/Kolkata (+05:30, no DST) and Australia/Adelaide (+09:30/+10:30)', () => {
    const kolkata = schedule({
      rrule: 'FREQ=DAILY',
      timeZone: 'Asia/Kolkata',
      start: '23:00',
      end: '01:00',
    });
    // Overnight: the end is on the next day.
    assert.deepEqual(windows(kolkata, '2026-06-01T00:00Z', '2026-06-02T00:00Z'), [
      ['2026-06-01T23:00', '2026-06-01T17:30:00.000Z', '2026-06-01T19:30:00.000Z'],
    ]);
    // Adelaide leaves daylight time on the first Sunday of April (03:00 ACDT -> 02:00 ACST).
    const adelaide = schedule({
      rrule: 'FREQ=MONTHLY;BYDAY=1SU',
      timeZone: 'Australia/Adelaide',
      start: '02:00',
      end: '04:00',
    });
    assert.deepEqual(windows(adelaide, '2026-02-28T00:00Z', '2026-05-05T00:00Z'), [
      ['2026-03-01T02:00', '2026-02-28T15:30:00.000Z', '2026-02-28T17:30:00.000Z'], // +10:30
      // 5 April: 02:00-03:00 twice; the start is the first 02:00 (+10:30), the end 04:00 +09:30.
      ['2026-04-05T02:00', '2026-04-04T15:30:00.000Z', '2026-04-04T18:30:00.000Z'],
      ['2026-05-03T02:00', '2026-05-02T16:30:00.000Z', '2026-05-02T18:30:00.000Z'], // +09:30
    ]);
  });

  it('the first Sunday of the month and every night, counted from the start date', () => {
    const monthly = schedule({ rrule: 'FREQ=MONTHLY;BYDAY=1SU', timeZone: 'UTC' });
    assert.deepEqual(
      occurrencesBetween(monthly, at('2026-01-01T00:00Z'), at('2026-04-01T00:00Z')).map(
        (o) => o.key,
      ),
      ['2026-01-04T02:00', '2026-02-01T02:00', '2026-03-01T02:00'],
    );
    const nightly = schedule({ rrule: 'FREQ=DAILY', timeZone: 'UTC', startDate: '2026-05-10' });
    assert.deepEqual(
      occurrencesBetween(nightly, at('2026-05-01T00:00Z'), at('2026-05-12T00:00Z')).map(
        (o) => o.key,
      ),
      ['2026-05-10T02:00', '2026-05-11T02:00'],
    );
  });
});
