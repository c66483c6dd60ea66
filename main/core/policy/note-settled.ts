// Whether an alert notification has nothing left to ask: everything it announced no longer
// fires unacknowledged on its cluster (acknowledged, silenced, inhibited, resolved, gone). The
// desktop shell withdraws such notifications from the system's list: one still offering
// "Acknowledge" for an alert the user acknowledged in the window is a second, false page.
import type { AppNotification } from '../model/events.ts';
import type { ViewSnapshot } from '../model/view.ts';

export function noteSettled(note: AppNotification, view: ViewSnapshot): boolean {
  const t = note.target;
  if (!note.silenceable || !t) return false;
  if (t.fingerprint !== undefined) {
    const a = Object.hasOwn(view.alerts, t.fingerprint) ? view.alerts[t.fingerprint] : undefined;
    if (!a) return true;
    const state = t.clusterId === undefined ? a.state : a.statusByCluster[t.clusterId]?.state;
    return state !== 'active';
  }
  if (t.groupKey !== undefined) {
    const g = Object.hasOwn(view.groups, t.groupKey) ? view.groups[t.groupKey] : undefined;
    return !g || g.counts.active === 0;
  }
  return false;
}
