// Which clusters' data in a snapshot is fresh, and which clusters got their first data: only
// fresh data makes alert and silence events (kept last-good data of an outage never does).
import type { ViewSnapshot } from '../model/view.ts';

/** Cluster whose data in this snapshot is fresh (not last-good data kept through an outage). */
export function isClusterFresh(snapshot: ViewSnapshot, clusterId: string): boolean {
  const c = snapshot.clusters[clusterId];
  return c !== undefined && !c.stale && c.health === 'ok';
}

/** Cluster that had data (fresh or kept) in this snapshot. */
export function hadData(snapshot: ViewSnapshot | undefined, clusterId: string): boolean {
  const c = snapshot?.clusters[clusterId];
  return c !== undefined && (c.stale || c.health === 'ok');
}

/**
 * Clusters whose first data arrived between `prev` and `next`: what they show was already
 * there before we looked, so the policy summarizes it instead of notifying alert by alert.
 */
export function initialClusters(prev: ViewSnapshot | undefined, next: ViewSnapshot): Set<string> {
  const out = new Set<string>();
  for (const id of Object.keys(next.clusters)) {
    if (isClusterFresh(next, id) && !hadData(prev, id)) out.add(id);
  }
  return out;
}
