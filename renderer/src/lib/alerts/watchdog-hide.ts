// The dead-man's-switch alert (Settings › notifications.watchdog, default alertname="Watchdog")
// fires forever by design: listed, it would sit on top of every "all clear" (karma hides its
// healthcheck alerts the same way). Its absence is what matters, and the core says that
// ("alerting pipeline silent", engine/pipeline-watch.ts). So the list hides it: its matcher,
// negated, joins the filter — unless the filter text names the same label, which is how the
// user asks to see it (`alertname="Watchdog"`). Only a one-matcher watchdog can be negated as
// a filter matcher (a set of matchers is ANDed); a longer one stays listed.
import { labelTest } from '$core/matchers/label-test.ts';
import { parseMatchers } from '$core/matchers/parse.ts';
import type { AlertView } from '$core/model/view.ts';
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

/** How many alerts the dead-man's switch matcher matches (what the hide takes out). */
export function watchdogCount(
  alerts: Readonly<Record<string, Pick<AlertView, 'labels'>>>,
  watchdog: string,
): number {
  const test = labelTest(watchdog);
  if (!test) return 0;
  let n = 0;
  for (const k in alerts) if (test(alerts[k]!.labels)) n++;
  return n;
}
