// Quiet hours and snooze: times when nothing notifies (state is still tracked, so nothing
// from that time pops up afterwards). One decision (`quietReason`) for the notification
// policy and the test alert, and one wording (`quietText`) for every place that must say it
// holds: the tray's tooltip and menu, the window's top bar and title ("quiet until 07:00").
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

/**
 * Whether an alert of `severity` notifies in spite of `reason`: the most severe alerts pass
 * quiet hours when so set (criticalBreaksQuiet), never a snooze (an explicit "stop" the user
 * just chose and sees everywhere) nor notifications turned off.
 */
export function breaksThrough(
  n: NotificationSettings,
  reason: QuietReason | null,
  severity: string,
  order: readonly string[],
): boolean {
  return reason === 'quiet-hours' && n.criticalBreaksQuiet && order[0] === severity;
}

const DAY_MIN = 24 * 60;
/** A snooze this far away is "until resumed" (the tray's far-future snooze). */
const FOREVER_MS = 365 * 86_400_000;

/** When the quiet hours holding at `nowMs` end; undefined when they never do (every day, all day). */
function quietHoursEnd(q: QuietHours, nowMs: number, t: LocalTime): number | undefined {
  const start = parseHhmm(q.start);
  const end = parseHhmm(q.end);
  if (start === undefined || end === undefined) return undefined;
  const minuteStart = nowMs - (nowMs % 60_000);
  if (start !== end)
    return minuteStart + (((end - t.minutes + DAY_MIN) % DAY_MIN) * 60_000 || DAY_MIN * 60_000);
  // All day on the listed days: until the first day that is not listed.
  for (let k = 1; k <= 7; k++) {
    if (q.days.length > 0 && !q.days.includes((t.day + k) % 7)) {
      return minuteStart + (DAY_MIN - t.minutes + (k - 1) * DAY_MIN) * 60_000;
    }
  }
  return undefined;
}

function defaultFormatTime(ms: number, nowMs: number): string {
  const d = new Date(ms);
  // The OS locale decides 12- or 24-hour; a day name once it is not within the next day.
  const time = d.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
  return ms - nowMs >= 86_400_000
    ? `${d.toLocaleDateString([], { weekday: 'short' })} ${time}`
    : time;
}

export interface QuietTextOptions {
  localTime?: (ms: number) => LocalTime;
  /** Formats the end of the quiet (tests pass a fixed one). */
  formatTime?: (ms: number, nowMs: number) => string;
}

/**
 * What to say while notifications are held, or null when they are not: "notifications off",
 * "paused until 14:30" (snooze), "quiet until 07:00" (quiet hours), "quiet (critical on) until
 * 07:00" when critical alerts break through. Said wherever it holds.
 */
export function quietText(
  n: NotificationSettings,
  nowMs: number,
  o: QuietTextOptions = {},
): string | null {
  const localTime = o.localTime ?? systemLocalTime;
  const format = o.formatTime ?? defaultFormatTime;
  const reason = quietReason(n, nowMs, localTime);
  if (reason === 'off') return 'notifications off';
  if (reason === 'snoozed') {
    const until = Date.parse(n.snoozeUntil as string);
    return until - nowMs > FOREVER_MS ? 'paused' : `paused until ${format(until, nowMs)}`;
  }
  if (reason === null) return null;
  const end = quietHoursEnd(n.quietHours, nowMs, localTime(nowMs));
  // At 3 a.m. "quiet" alone reads as "nothing will wake me": say when criticals still do.
  const quiet = n.criticalBreaksQuiet ? 'quiet (critical on)' : 'quiet';
  return end === undefined ? `${quiet} hours` : `${quiet} until ${format(end, nowMs)}`;
}
