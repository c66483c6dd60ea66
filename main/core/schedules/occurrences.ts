// A schedule's occurrences between two instants. The recurrence is computed by `rrule` in
// "floating" wall-clock terms (its dates carry the zone's wall clock in their UTC fields, the
// way rrule's README recommends instead of its tzid option), then each start and end wall
// clock is turned into an instant in the schedule's zone (zone-time.ts). So a Tuesday 02:00
// window stays 02:00 local across daylight-saving changes.
import * as rruleModule from 'rrule';
import type { Schedule } from './types.ts';
import { instantToWall, wallToInstant, type WallClock } from './zone-time.ts';

// rrule ships UMD as `main` (what Node loads: its names sit under `default`) and ESM as
// `module` (what the bundler takes): RRule is read from whichever this runtime got (through
// Reflect: the bundler warns on a static `.default` its ESM build does not export).
const { RRule } =
  (Reflect.get(rruleModule, 'default') as typeof rruleModule | undefined) ?? rruleModule;

export interface Occurrence {
  /** Local start `YYYY-MM-DDTHH:MM`: the occurrence's identity within its schedule. */
  key: string;
  startsAt: number;
  endsAt: number;
}

/** No schedule yields more occurrences than this per call (bounded work). */
const MAX_OCCURRENCES = 500;
const DAY = 86_400_000;

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function hm(text: string): [number, number] {
  const m = HHMM.exec(text);
  if (!m) throw new Error(`not a time (HH:MM): ${text}`);
  return [Number(m[1]), Number(m[2])];
}

/** The rule's options; DTSTART/TZID in the text are refused (the schedule's fields say them). */
export function parseRule(text: string): ReturnType<typeof rruleModule.RRule.parseString> {
  const body = text.trim().replace(/^RRULE:/i, '');
  if (body === '' || body.length > 500) throw new Error('recurrence rule is empty or too long');
  if (/DTSTART|TZID|\n/i.test(body)) {
    throw new Error('recurrence rule: give only the RRULE part (start and zone are fields)');
  }
  const options = RRule.parseString(body);
  if (options.freq === undefined) throw new Error('recurrence rule needs FREQ');
  return options;
}

function floating(w: WallClock): Date {
  return new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute));
}

function fromFloating(d: Date): WallClock {
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
  };
}

function keyOf(w: WallClock): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${w.year}-${p(w.month)}-${p(w.day)}T${p(w.hour)}:${p(w.minute)}`;
}

/** Occurrences that end after `from` and start before `to` (instants, ms). */
export function occurrencesBetween(s: Schedule, from: number, to: number): Occurrence[] {
  const [sh, sm] = hm(s.start);
  const [eh, em] = hm(s.end);
  const date = DATE.exec(s.startDate);
  if (!date) throw new Error(`not a date (YYYY-MM-DD): ${s.startDate}`);
  const rule = new RRule({
    ...parseRule(s.rrule),
    dtstart: floating({
      year: Number(date[1]),
      month: Number(date[2]),
      day: Number(date[3]),
      hour: sh,
      minute: sm,
    }),
  });
  // Floating bounds with a margin of two days for the zone's offset and the window's length.
  const lo = floating(instantToWall(from, s.timeZone)).getTime() - 2 * DAY;
  const hi = floating(instantToWall(to, s.timeZone)).getTime() + 2 * DAY;
  const out: Occurrence[] = [];
  const dates = rule.between(new Date(lo), new Date(hi), true, (_, i) => i < MAX_OCCURRENCES);
  const overnight = eh * 60 + em <= sh * 60 + sm;
  for (const d of dates) {
    const start = fromFloating(d);
    const endDay = new Date(d.getTime() + (overnight ? DAY : 0));
    const end = { ...fromFloating(endDay), hour: eh, minute: em };
    const occurrence = {
      key: keyOf(start),
      startsAt: wallToInstant(start, s.timeZone),
      endsAt: wallToInstant(end, s.timeZone),
    };
    // A window squeezed to nothing by a DST gap (02:00-02:30 on spring-forward night) is
    // not written: the server refuses a silence that ends when it starts.
    if (occurrence.endsAt <= occurrence.startsAt) continue;
    if (occurrence.endsAt > from && occurrence.startsAt < to) out.push(occurrence);
  }
  return out;
}
