// What the silence form starts from when it is opened for an alert or a group: the matchers
// (quick.ts, as a quick silence would use) and every cluster the alert, or any alert of the
// group, is in. Silences do not cross clusters: an alert that fires on two separate
// Alertmanagers keeps paging from the one the form did not write to, so the form offers them
// all (preselected) instead of the one cluster of the row it was opened from.
import type { Matcher } from '../api/types.ts';
import type { ViewSnapshot } from '../model/view.ts';

export type PrefillFrom = { groupKey: string } | { fingerprint: string; clusterId?: string };

export interface SilencePrefill {
  matchers: Matcher[];
  /**
   * The clusters the alert or the group's alerts are in: the one asked for (the row's, the
   * group's) first, then the others by id. Empty when the view no longer holds it.
   */
  clusterIds: string[];
  /**
   * Labels of the alert left out of the matchers because they change with every restart
   * (Settings › volatile labels: `pod`): the form says so, so nobody is surprised that the
   * silence outlives the pod, or that it does not name it. Empty for a group.
   */
  leftOut?: string[];
}

/** The clusters a silence of this alert or group belongs on (see SilencePrefill.clusterIds). */
export function clustersToSilence(
  view: Pick<ViewSnapshot, 'groups' | 'alerts' | 'clusters'>,
  from: PrefillFrom,
): string[] {
  const found = new Set<string>();
  let first: string | undefined;
  const alertClusters = (fp: string) =>
    Object.hasOwn(view.alerts, fp) ? view.alerts[fp]!.clusters : [];
  if ('groupKey' in from) {
    const g = Object.hasOwn(view.groups, from.groupKey) ? view.groups[from.groupKey] : undefined;
    if (!g) return [];
    first = g.clusterId;
    found.add(g.clusterId);
    for (const fp of g.alerts) for (const c of alertClusters(fp)) found.add(c);
  } else {
    first = from.clusterId;
    for (const c of alertClusters(from.fingerprint)) found.add(c);
  }
  // A cluster no longer configured has nowhere to write to.
  const known = [...found].filter((c) => Object.hasOwn(view.clusters, c));
  return known.sort((a, b) => (a === first ? -1 : b === first ? 1 : a < b ? -1 : a > b ? 1 : 0));
}
