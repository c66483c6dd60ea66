// Enter on a Timeline line: what it is about, where the window shows it now — the alert or its
// group in the alert list, the silence or instance in their views — or null when that is gone
// (the alert resolved, the silence was expired long ago).
import type { Subscriptions } from '$core/bridge/contract.ts';

/** Where to go: the alert list (a group or alert), or a silence or instance to select. */
export type RecordTarget =
  | Subscriptions['ui:navigate']
  | { view: 'silence'; key: string }
  | { view: 'instance'; id: string };
import type { HistoryRecord } from '$core/history/record.ts';

interface ViewNow {
  alerts: Readonly<Record<string, unknown>>;
  groups: Readonly<Record<string, unknown>>;
  silences: Readonly<Record<string, unknown>>;
  instances: Readonly<Record<string, unknown>>;
}

const has = (o: Readonly<Record<string, unknown>>, k: string | undefined): k is string =>
  k !== undefined && Object.hasOwn(o, k);

export function recordTarget(r: HistoryRecord, view: ViewNow): RecordTarget | null {
  if (has(view.alerts, r.fingerprint)) return { view: 'alerts', fingerprint: r.fingerprint };
  if (has(view.groups, r.groupKey)) return { view: 'alerts', groupKey: r.groupKey };
  if (has(view.silences, r.silenceKey)) return { view: 'silence', key: r.silenceKey };
  if (has(view.instances, r.instanceId)) return { view: 'instance', id: r.instanceId };
  return null;
}
