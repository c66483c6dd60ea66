// A silence about to end: the alerts it silences notify again when it does, so the engineer
// who silenced them for the night must see it coming (a walk-through found "8m left" set like
// "6d left"). The window is the one the "silence ending" notification uses
// (notifications.expiringWithinMin); with that notification turned off (0) the rows still say
// so within the default window. Acknowledgements are renewed by the app, not by the reader.
import { DEFAULT_EXPIRING_WITHIN_MIN } from '$core/settings/defaults.ts';
import type { SilenceView } from '$core/model/view.ts';

/** Minutes before its end from which a silence reads as ending soon. */
export function endsSoonWindowMin(expiringWithinMin: number | undefined): number {
  return expiringWithinMin !== undefined && expiringWithinMin > 0
    ? expiringWithinMin
    : DEFAULT_EXPIRING_WITHIN_MIN;
}

/** Active, not an acknowledgement, and ending within `withinMin` minutes of `now`. */
export function endsSoon(
  s: Pick<SilenceView, 'state' | 'endsAt' | 'ack'>,
  now: number,
  withinMin: number,
): boolean {
  if (s.state !== 'active' || s.ack) return false;
  const left = Date.parse(s.endsAt) - now;
  return Number.isFinite(left) && left <= withinMin * 60_000;
}
