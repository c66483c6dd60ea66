// The dead-man's-switch alert (Settings › notifications.watchdog, default alertname="Watchdog")
// fires forever by design: listed, it would sit on top of every "all clear" (karma hides its
// healthcheck alerts the same way). Its absence is what matters, and the core says that
// ("alerting pipeline silent", engine/pipeline-watch.ts). So the list hides it: its matcher,
// negated, joins the filter — unless the filter text names the same label, which is how the
// user asks to see it (`alertname="Watchdog"`). Only a one-matcher watchdog can be negated as
// a filter matcher (a set of matchers is ANDed); a longer one stays listed.
import { labelTest } from '../matchers/label-test.ts';
import { parseMatchers } from '../matchers/parse.ts';
import type { AlertView, GroupView } from '../model/view.ts';
import type { AlertFilter } from './rows.ts';

export function hideWatchdog(filter: AlertFilter, watchdog: string): AlertFilter {
  let ms;
  try {
    ms = watchdog.trim() === '' ? [] : parseMatchers(watchdog);
  } catch {
    return filter;
  }
  const m = ms.length === 1 ? ms[0] : undefined;
  if (!m || filter.matchers.some((f) => f.name === m.name)) return filter;
  return { ...filter, matchers: [...filter.matchers, { ...m, isEqual: m.isEqual === false }] };
}

/**
 * How many alerts the hide takes out (one matcher: what `hideWatchdog` negates). Per group
 * when the group's labels hold the matcher's label (every alert of the group has that value:
 * one test for the group, the usual case with `group_by: [alertname]`), else per alert; an
 * alert in several groups counts once. At 100,000 alerts this stays a pass over the groups.
 */
export function watchdogCount(
  groups: readonly { group: Pick<GroupView, 'labels'>; sorted: readonly AlertView[] }[],
  watchdog: string,
): number {
  const test = labelTest(watchdog);
  let ms;
  try {
    ms = watchdog.trim() === '' ? [] : parseMatchers(watchdog);
  } catch {
    return 0;
  }
  if (!test || ms.length !== 1) return 0;
  const name = ms[0]!.name;
  const seen = new Set<string>();
  for (const { group, sorted } of groups) {
    const whole = name in group.labels;
    if (whole && !test(group.labels)) continue;
    for (const a of sorted) if (whole || test(a.labels)) seen.add(a.fingerprint);
  }
  return seen.size;
}
