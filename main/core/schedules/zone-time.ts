// Wall-clock time in a named zone -> instant, through luxon (IANA data from Intl), never by
// hand arithmetic. The rule for the two DST edge cases (tested in test/core/schedules-tz):
// - a wall-clock time that does not exist (spring forward gap) moves forward by the gap
//   (Berlin 02:30 on the last Sunday of March is 03:30 CEST) — RFC 5545 §3.3.5 says the same;
// - a wall-clock time that exists twice (fall back) is the EARLIER instant (the first 02:30),
//   so a window's start never moves later and the window covers all of its wall-clock span.
// Both match Temporal's default `disambiguation: 'compatible'`.
import { DateTime } from 'luxon';

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The instant (ms) of a wall-clock time in `zone`, with the rule above. */
export function wallToInstant(w: WallClock, zone: string): number {
  const dt = DateTime.fromObject(w, { zone });
  if (!dt.isValid) throw new Error(`invalid time zone or time: ${zone}`);
  // For an ambiguous time luxon answers one of the two; ask for both and keep the earlier.
  const options = dt.getPossibleOffsets();
  return Math.min(dt.toMillis(), ...options.map((o) => o.toMillis()));
}

/** Whether luxon (Intl) knows this IANA zone. */
export function validZone(zone: string): boolean {
  return DateTime.local({ zone }).isValid;
}

/** The wall clock of an instant in `zone`. */
export function instantToWall(ms: number, zone: string): WallClock {
  const d = DateTime.fromMillis(ms, { zone });
  return { year: d.year, month: d.month, day: d.day, hour: d.hour, minute: d.minute };
}
