// The silence form's time rules, on the datetime-local values the inputs hold (local time,
// minute precision). Kept out of the form class so they are unit-tested.
import { formatDuration, fromLocalInput, toLocalInput } from '../format/time.ts';

/** The inputs after a duration preset: exact (the end is the start as shown plus `ms`). */
export function presetRange(opts: {
  startInput: string;
  /** The instant the form would send as the start (an edited silence's untouched start exactly). */
  startsAt: string | null;
  ms: number;
  now: number;
}): { startInput: string; endInput: string } {
  const shownStart = opts.startsAt ? Date.parse(opts.startsAt) : Number.NaN;
  // A start already in the past (the form was open a while) moves to now first, as the server
  // would clamp it.
  const startInput =
    Number.isNaN(shownStart) || shownStart < opts.now - 60_000
      ? toLocalInput(opts.now)
      : opts.startInput;
  const start = Date.parse(fromLocalInput(startInput) ?? new Date(opts.now).toISOString());
  return { startInput, endInput: toLocalInput(start + opts.ms) };
}

/** The end after the start moved from `before` to `after`: the duration kept, or null to keep it. */
export function endKeepingDuration(before: string, after: string, endInput: string): string | null {
  const b = fromLocalInput(before);
  const a = fromLocalInput(after);
  const end = fromLocalInput(endInput);
  if (!b || !a || !end || !(Date.parse(end) > Date.parse(b))) return null;
  return toLocalInput(Date.parse(a) + (Date.parse(end) - Date.parse(b)));
}

/** "4h" for a range ('' while it is not one). */
export function rangeText(startsAt: string | null, endsAt: string | null): string {
  const s = startsAt ? Date.parse(startsAt) : Number.NaN;
  const e = endsAt ? Date.parse(endsAt) : Number.NaN;
  return e > s ? formatDuration(e - s) : '';
}

/**
 * A range of exactly `ms` from the start as shown, or from now when the shown start is the
 * current minute (the input cannot say seconds). Null for a start set further in the past:
 * the inputs are then sent as they are and the server judges them.
 */
export function exactRange(
  startsAt: string | null,
  ms: number,
  now: number,
): { startsAt: string; endsAt: string } | null {
  const shown = startsAt ? Date.parse(startsAt) : Number.NaN;
  if (shown < now - 60_000) return null;
  const start = Number.isNaN(shown) || shown <= now ? now : shown;
  return { startsAt: new Date(start).toISOString(), endsAt: new Date(start + ms).toISOString() };
}
