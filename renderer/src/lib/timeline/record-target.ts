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
  silences: Readonly<Record<string, unknown>>;
  instances: Readonly<Record<string, unknown>>;
}

/** Whether an alert or group is in the view now: asked of the core (the window holds none). */
export interface AlertsNow {
  alert(fingerprint: string): Promise<boolean>;
  group(groupKey: string): Promise<boolean>;
}

const has = (o: Readonly<Record<string, unknown>>, k: string | undefined): k is string =>
  k !== undefined && Object.hasOwn(o, k);

export async function recordTarget(
  r: HistoryRecord,
  view: ViewNow,
  alerts: AlertsNow,
): Promise<RecordTarget | null> {
  if (r.fingerprint !== undefined && (await alerts.alert(r.fingerprint)))
    return { view: 'alerts', fingerprint: r.fingerprint };
  if (r.groupKey !== undefined && (await alerts.group(r.groupKey)))
    return { view: 'alerts', groupKey: r.groupKey };
  if (has(view.silences, r.silenceKey)) return { view: 'silence', key: r.silenceKey };
  if (has(view.instances, r.instanceId)) return { view: 'instance', id: r.instanceId };
  return null;
}
