// Quiet hours and snooze: times when nothing notifies (state is still tracked, so nothing
// from that time pops up afterwards).
import type { NotificationSettings, QuietHours } from '../settings/types.ts';

export interface LocalTime {
  /** 0 = Sunday … 6 = Saturday */
  day: number;
  /** Minutes since local midnight. */
  minutes: number;
}

export function systemLocalTime(ms: number): LocalTime {
  const d = new Date(ms);
  return { day: d.getDay(), minutes: d.getHours() * 60 + d.getMinutes() };
}

function parseHhmm(s: string): number | undefined {
  const m = /^(\d{1,2}):(\d{2})$/.exec(s);
  if (!m) return undefined;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 23 || min > 59) return undefined;
  return h * 60 + min;
}

/**
 * Whether `t` falls in the quiet hours. A range that wraps midnight (22:00-07:00) belongs to
 * the day it starts on: with days = Mon-Fri, Friday 23:00 and Saturday 03:00 are quiet,
 * Saturday 23:00 is not. start == end means the whole day.
 */
function inQuietHours(q: QuietHours, t: LocalTime): boolean {
  if (!q.enabled) return false;
  const start = parseHhmm(q.start);
  const end = parseHhmm(q.end);
  if (start === undefined || end === undefined) return false;
  const dayOk = (d: number) => q.days.length === 0 || q.days.includes(d);
  if (start === end) return dayOk(t.day);
  if (start < end) return t.minutes >= start && t.minutes < end && dayOk(t.day);
  if (t.minutes >= start) return dayOk(t.day);
  if (t.minutes < end) return dayOk((t.day + 6) % 7);
  return false;
}

function isSnoozed(n: NotificationSettings, nowMs: number): boolean {
  if (n.snoozeUntil === undefined) return false;
  const until = Date.parse(n.snoozeUntil);
  return !Number.isNaN(until) && until > nowMs;
}

/** Why nothing notifies right now: switched off, snoozed, or quiet hours. */
export type QuietReason = 'off' | 'snoozed' | 'quiet-hours';

/**
 * The one decision whether notifications are quiet at `nowMs`, and why (the policy and the
 * test alert both ask it; each words the reason its own way). Null: they may show.
 */
export function quietReason(
  n: NotificationSettings,
  nowMs: number,
  localTime: (ms: number) => LocalTime = systemLocalTime,
): QuietReason | null {
  if (!n.enabled) return 'off';
  if (isSnoozed(n, nowMs)) return 'snoozed';
  if (inQuietHours(n.quietHours, localTime(nowMs))) return 'quiet-hours';
  return null;
}
