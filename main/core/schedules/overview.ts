// What the Silences view's "Scheduled" section and the tray show: each schedule with its next
// occurrences (and the silences already written for them), its problem if a server refused,
// and the single next window for the tray ("next: DB maintenance Tue 02:00").
import type { MergedView } from '../model/view.ts';
import { occurrenceOf } from './identity.ts';
import { occurrencesBetween } from './occurrences.ts';
import type { OccurrenceView, ScheduleProblem, ScheduleView } from '../model/schedule-view.ts';
import type { Schedule } from './types.ts';

const SHOWN = 5;

export function scheduleOverview(
  list: readonly Schedule[],
  view: Pick<MergedView, 'silences'>,
  problems: readonly ScheduleProblem[],
  now: number,
  horizonMs: number,
): ScheduleView[] {
  const written = new Map<string, string[]>();
  for (const key in view.silences) {
    const s = view.silences[key]!;
    if (s.state === 'expired') continue;
    const tag = occurrenceOf(s);
    if (!tag) continue;
    const k = `${tag.scheduleId}\n${tag.key}`;
    written.set(k, [...(written.get(k) ?? []), key]);
  }
  return list.map((s) => {
    const skipped = new Set(s.skipped);
    const next = s.enabled
      ? occurrencesBetween(s, now, now + Math.max(horizonMs, 40 * 864e5))
          .slice(0, SHOWN)
          .map((o) => ({
            key: o.key,
            startsAt: new Date(o.startsAt).toISOString(),
            endsAt: new Date(o.endsAt).toISOString(),
            skipped: skipped.has(o.key),
            silenceKeys: written.get(`${s.id}\n${o.key}`) ?? [],
          }))
      : [];
    const problem = problems.find((p) => p.scheduleId === s.id);
    return {
      id: s.id,
      name: s.name,
      enabled: s.enabled,
      timeZone: s.timeZone,
      next,
      ...(problem ? { problem } : {}),
    };
  });
}

/** The tray's line: the next window not yet over, in the schedule's zone. */
export function nextScheduleLine(schedules: readonly ScheduleView[]): string | undefined {
  let best: { s: ScheduleView; o: OccurrenceView } | undefined;
  for (const s of schedules) {
    const o = s.next.find((x) => !x.skipped);
    if (o && (!best || o.startsAt < best.o.startsAt)) best = { s, o };
  }
  if (!best) return undefined;
  const when = new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: best.s.timeZone,
  }).format(new Date(best.o.startsAt));
  return `next: ${best.s.name} ${when}`;
}
