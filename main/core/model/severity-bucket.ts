// Severity buckets as people read them. Alerts without the severity label are their own
// bucket, "no severity", kept distinct from a literal label value such as `none` (which is
// shown as it is). One name everywhere: top bar, tray tooltip, menus, summaries, title; the
// value comes from servers, so it is shown with markers and isolated (visible-text.ts).
import { isolatedValue } from './visible-text.ts';

/** The bucket key of alerts that have no severity label (Summary.bySeverity uses it). */
export const NO_SEVERITY = '';

/** Longer values are cut (a title or tooltip holds a few words, not a megabyte). */
const MAX_NAME = 64;

export function severityBucketName(severity: string): string {
  if (severity === NO_SEVERITY) return 'no severity';
  if (severity.length <= MAX_NAME) return isolatedValue(severity);
  // Never cut a surrogate pair in half.
  const high = severity.charCodeAt(MAX_NAME - 1);
  const cut = severity.slice(0, high >= 0xd800 && high <= 0xdbff ? MAX_NAME - 1 : MAX_NAME);
  return isolatedValue(`${cut}…`);
}
