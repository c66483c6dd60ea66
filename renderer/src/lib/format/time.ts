// Human-readable durations and times for a dense UI ("12m", "3h 4m", "2d 5h").

import { formatDuration, DURATION_PRESETS } from '$core/model/duration.ts';

export { formatDuration, DURATION_PRESETS };

/** "12m" since an ISO time, relative to `now` (ms). Unknown times give ''. */
export function ageSince(iso: string | undefined, now: number): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  return formatDuration(now - t);
}

// Made once, on first use: toLocaleTimeString with options makes a new formatter on every
// call (~0.3 ms each here, a list of silences or records calls it per row).
let clock: Intl.DateTimeFormat | undefined;
let day: Intl.DateTimeFormat | undefined;

/** Local clock time, with the date when it is not today. */
export function formatTime(iso: string | undefined, now: number = Date.now()): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const today = new Date(now);
  // The OS locale decides 12- or 24-hour, as it does for the date pickers: one format.
  clock ??= new Intl.DateTimeFormat([], { hour: 'numeric', minute: '2-digit' });
  const hm = clock.format(d);
  if (d.toDateString() === today.toDateString()) return hm;
  day ??= new Intl.DateTimeFormat([], { month: 'short', day: 'numeric' });
  return `${day.format(d)} ${hm}`;
}

/**
 * Makes the formatters before they are needed: a fresh page's first Intl formatter costs
 * 20-80 ms (ICU's set-up), which fell in the first keypress that showed a time (the first End
 * at 100k alerts opened a detail with "since"). Called when the window is idle after opening.
 */
export function warmTimeFormats(): void {
  formatTime(new Date(0).toISOString(), Date.now());
}

/** Value for <input type="datetime-local"> (local time, minutes) from an ISO time or ms. */
export function toLocalInput(t: string | number): string {
  const d = new Date(t);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** ISO time from a datetime-local value, or null when it is not a valid time. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
