// What the Silences view and the tray show of schedules: next occurrences with the silences
// written for them, and the tray's "next: DB maintenance Tue 02:00" in the schedule's zone.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { occurrenceComment } from '../../../main/core/schedules/identity.ts';
import { nextScheduleLine, scheduleOverview } from '../../../main/core/schedules/overview.ts';
import type { SilenceView } from '../../../main/core/model/view.ts';
import { buildTrayMenu } from '../../../main/electron/tray-menu.ts';
import { snapshotOf } from '../../support/views.ts';
import { schedule } from './fixtures.ts';

const now = Date.parse('2026-11-23T12:00:00Z'); // a Monday
const s = schedule(); // Tuesdays 02:00-04:00 Europe/Berlin

describe('schedule overview and tray line', () => {
  it('lists the next occurrences and the silences written for them', () => {
    const written: SilenceView = {
      key: 'instance:a/s1',
      id: 's1',
      clusterId: 'instance:a',
      matchers: s.matchers,
      startsAt: '2026-11-24T01:00:00.000Z',
      endsAt: '2026-11-24T03:00:00.000Z',
      updatedAt: '2026-11-20T00:00:00.000Z',
      createdBy: 'oncall',
      comment: occurrenceComment(s, '2026-11-24T02:00', true),
      state: 'pending',
    };
    const [v] = scheduleOverview(
      [{ ...s, skipped: ['2026-12-01T02:00'] }],
      { silences: { [written.key]: written } },
      [],
      now,
      7 * 864e5,
    );
    assert.deepEqual(
      v!.next.slice(0, 3).map((o) => [o.startsAt, o.skipped, o.silenceKeys]),
      [
        ['2026-11-24T01:00:00.000Z', false, ['instance:a/s1']],
        ['2026-12-01T01:00:00.000Z', true, []],
        ['2026-12-08T01:00:00.000Z', false, []],
      ],
    );
    const line = nextScheduleLine([v!]);
    assert.equal(line, 'next: DB maintenance Tue 02:00');
    const menu = buildTrayMenu(snapshotOf(1), { now, severityOrder: [], nextSchedule: line! });
    const item = menu.items.find((i) => i.type === 'item' && i.id === 'next-schedule');
    assert.ok(item && item.type === 'item');
    assert.equal(item.label, 'next: DB maintenance Tue 02:00');
  });

  it('no enabled schedule: no tray line', () => {
    const views = scheduleOverview([{ ...s, enabled: false }], { silences: {} }, [], now, 864e5);
    assert.equal(nextScheduleLine(views), undefined);
  });
});
