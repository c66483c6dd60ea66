// A schedule with test defaults (any field overridable).
import type { Schedule } from '../../../main/core/schedules/types.ts';

export function schedule(over: Partial<Schedule> = {}): Schedule {
  return {
    id: '0b6f3a52-6c2e-4c59-9d51-3f1f5c1e9a01',
    name: 'DB maintenance',
    enabled: true,
    matchers: [{ name: 'service', value: 'db', isRegex: false, isEqual: true }],
    comment: 'Weekly database maintenance',
    rrule: 'FREQ=WEEKLY;BYDAY=TU',
    timeZone: 'Europe/Berlin',
    startDate: '2026-01-01',
    start: '02:00',
    end: '04:00',
    instances: [],
    skipped: [],
    ...over,
  };
}

export const iso = (ms: number) => new Date(ms).toISOString();
