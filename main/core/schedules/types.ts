// Silence templates and recurring silences (schedules), as kept in settings. A schedule is a
// template plus an iCalendar RRULE in a named IANA time zone; the core writes its next
// occurrences ahead onto the server as pending silences (writer.ts), so they apply with the
// laptop closed and for every colleague.
import type { Matcher } from '../api/types.ts';

export interface SilenceTemplate {
  /** Stable identity (a uuid). */
  id: string;
  name: string;
  matchers: Matcher[];
  /** Minutes a silence started from the template lasts. */
  durationMin: number;
  /** May hold {author} and {date} (expanded when a silence is made from it). */
  comment: string;
}

export interface Schedule {
  /** Stable identity (a uuid): written into every occurrence, never changes on edits. */
  id: string;
  name: string;
  enabled: boolean;
  matchers: Matcher[];
  comment: string;
  /** RRULE body without DTSTART, e.g. `FREQ=WEEKLY;BYDAY=TU`. */
  rrule: string;
  /** IANA zone the wall-clock times are in, e.g. `Europe/Berlin`. */
  timeZone: string;
  /** First day the rule counts from (YYYY-MM-DD, in the zone). */
  startDate: string;
  /** Wall-clock start "HH:MM". */
  start: string;
  /** Wall-clock end "HH:MM"; at or before start means the next day. */
  end: string;
  /** Instance ids whose clusters get the occurrences; empty = every cluster. */
  instances: string[];
  /** Occurrence keys (local start, `YYYY-MM-DDTHH:MM`) skipped or ended early. */
  skipped: string[];
}

export interface ScheduleSettings {
  /** How far ahead occurrences are written, in days. Default 7. */
  horizonDays: number;
  templates: SilenceTemplate[];
  list: Schedule[];
}
