// Severity ranking shared by the differ and the notification policy.
import { DEFAULT_SEVERITY_ORDER } from '../settings/defaults.ts';

/**
 * Rank of a severity value: 0 is the most severe (severityOrder[0]). Values not in the list
 * (including '' for a missing label) are "unknown": ranked like `warning` (or the least
 * severe listed value when there is no `warning`), so they are at least warning-visible.
 * Filters must still never drop unknown values: see passesMinSeverity.
 */
export function severityRank(
  value: string,
  order: readonly string[] = DEFAULT_SEVERITY_ORDER,
): number {
  const i = order.indexOf(value);
  if (i >= 0) return i;
  const w = order.indexOf('warning');
  return w >= 0 ? w : Math.max(0, order.length - 1);
}

/** Minimum-severity filter: '' (or an unlisted minimum) lets everything through, unknown values always pass. */
export function passesMinSeverity(
  value: string,
  minSeverity: string,
  order: readonly string[] = DEFAULT_SEVERITY_ORDER,
): boolean {
  if (minSeverity === '' || !order.includes(minSeverity)) return true;
  if (!order.includes(value)) return true;
  return order.indexOf(value) <= order.indexOf(minSeverity);
}

/** True for the most severe listed value (notifications get critical urgency). */
export function isTopSeverity(
  value: string,
  order: readonly string[] = DEFAULT_SEVERITY_ORDER,
): boolean {
  return order.length > 0 && order[0] === value;
}
