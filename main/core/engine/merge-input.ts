// What a merge is given (the last good data of every instance, in settings order) and its
// first phase: the instance and cluster records, and whose data the view uses. Within a
// cluster only members that answered their last poll are used when there is one (a dead
// peer's old data would resurrect resolved alerts), plus the alerts of a member that stopped
// answering which no answering member lists, until their end (held-peers.ts), marked stale;
// when no member answers, the last good data of all members is used and the cluster is marked
// stale. Never blanked.
import type { AlertGroup, GettableSilence } from '../api/types.ts';
import type { ClusterView, InstanceView, MergedView, SilenceAttention } from '../model/view.ts';
import { keyedRecord } from '../model/own-keys.ts';
import { deepEqual } from './equal.ts';
import { bestHealth } from './health.ts';
import type { HeldPeers } from './held-peers.ts';

/**
 * The last good data of one instance. Read, never written: a poll that changed nothing hands
 * back the same object (client.ts), and the merger skips data it has already taken in, so a
 * data object must not change in place.
 */
export interface InstanceData {
  groups: AlertGroup[];
  silences: GettableSilence[];
}

export interface MergeInstance {
  /** Health, cluster id etc. already filled in. */
  view: InstanceView;
  data: InstanceData | undefined;
  /**
   * Its data from before the server restarted, while that may still matter (restart-hold.ts):
   * the alerts in it that no answering member lists are kept, stale, until their end and at
   * least until `keepUntil`.
   */
  restartHeld?: { data: InstanceData; keepUntil: number };
}

export interface MergeInput {
  /** In settings order (the order used to pick representative copies). */
  instances: MergeInstance[];
  /** The merge's time (ms): ends of alerts kept from a member that stopped answering. */
  now?: number;
  clusterNames: Record<string, string>;
  severityLabel: string;
  severityOrder: string[];
  /** What silence records carry besides the server's data; see SilenceNotes. */
  silenceNotes?: SilenceNotes;
  /** The dead-man's switch (pipeline-watch.ts): its matcher text and test, not counted. */
  watchdog?: { text: string; test: (labels: Record<string, string>) => boolean };
  /**
   * Clusters whose alerting pipeline is silent, from the clusters the Watchdog is listed on
   * (kept by the merger's counts) and the merged clusters.
   */
  pipelineSilent?: (
    watchdogOn: ReadonlyMap<string, number>,
    clusters: Record<string, ClusterView>,
  ) => string[];
}

/**
 * Silence records also say whether they are acknowledgements (and ours) and whether they need
 * attention. Compared by content with the previous merge's (merge-silences.ts): a change
 * re-reads every silence.
 */
export interface SilenceNotes {
  /** Keys of this install's acks: its ack ledger (main/core/silences/ack-ledger.ts). */
  ownAcks: ReadonlySet<string>;
  attention: ReadonlyMap<string, SilenceAttention>;
}

/** An instance whose data the view uses, and the cluster it counts for. */
export interface SourceEntry {
  instance: MergeInstance & { data: InstanceData };
  clusterId: string;
  /**
   * A member that stopped answering while others answer: `data` is only its alerts no
   * answering member lists (held-peers.ts); the records of those alerts are stale.
   */
  held?: true;
  /**
   * The merger's key for this source when it is not the instance's id: the alerts a restarted
   * server had before (MergeInstance.restartHeld), beside what it lists now.
   */
  sourceId?: string;
}

/** The source key of an instance's alerts from before its server restarted. */
export function restartSourceId(instanceId: string): string {
  return `${instanceId}\u0000restart`;
}

interface ResolvedSources {
  instances: Record<string, InstanceView>;
  clusters: Record<string, ClusterView>;
  /** In settings order (cluster by cluster). */
  sources: SourceEntry[];
}

/** Phase 1: instance and cluster records (the previous ones when equal), and the sources. */
export function resolveSources(
  input: MergeInput,
  prev: MergedView | undefined,
  heldPeers?: HeldPeers,
): ResolvedSources {
  const instances = keyedRecord<InstanceView>();
  const members = new Map<string, MergeInstance[]>();
  for (const mi of input.instances) {
    const old = prev?.instances[mi.view.id];
    instances[mi.view.id] = old && sameInstance(old, mi.view) ? old : mi.view;
    const list = members.get(mi.view.clusterId);
    if (list) list.push(mi);
    else members.set(mi.view.clusterId, [mi]);
  }
  const clusters = keyedRecord<ClusterView>();
  const sources: SourceEntry[] = [];
  for (const [clusterId, list] of members) {
    const enabled = list.filter((m) => m.view.enabled);
    const withData = enabled.filter(hasData);
    const fresh = withData.filter((m) => m.view.health === 'ok');
    const stale = fresh.length === 0 && withData.length > 0;
    const used = fresh.length > 0 ? fresh : withData;
    for (const instance of used) sources.push({ instance, clusterId });
    if (heldPeers) {
      const usedData = used.map((m) => m.data);
      const now = input.now ?? Date.now();
      if (fresh.length > 0)
        for (const m of withData) {
          if (m.view.health === 'ok') continue;
          const data = heldPeers.data(m.view.id, m.data, usedData, now);
          if (data) sources.push({ instance: { view: m.view, data }, clusterId, held: true });
        }
      // A server that restarted lost its alerts (Alertmanager keeps them in memory only) until
      // Prometheus sends them again: what it had, that no member in use lists, stays stale;
      // also while it stops answering for a moment then (the cluster's data is stale then).
      for (const m of used) {
        const r = m.restartHeld;
        if (!r) continue;
        const id = restartSourceId(m.view.id);
        const data = heldPeers.data(id, r.data, usedData, now, r.keepUntil);
        if (data)
          sources.push({ instance: { view: m.view, data }, clusterId, held: true, sourceId: id });
      }
    }
    const view: ClusterView = {
      id: clusterId,
      name: input.clusterNames[clusterId] ?? clusterId,
      members: list.map((m) => m.view.id),
      health: bestHealth(enabled.map((m) => m.view.health)),
      stale,
    };
    const old = prev?.clusters[clusterId];
    clusters[clusterId] = old && deepEqual(old, view) ? old : view;
  }
  return { instances, clusters, sources };
}

function hasData(m: MergeInstance): m is MergeInstance & { data: InstanceData } {
  return m.data !== undefined;
}

/**
 * Poll timestamps change every cycle. Alone they do not make a delta (a quiet system must not
 * send anything), except as a heartbeat once per HEARTBEAT_MS so "last polled" shown in the UI
 * is never older than that. Any other change carries the current timestamps along.
 */
const HEARTBEAT_MS = 60_000;

function sameInstance(old: InstanceView, next: InstanceView): boolean {
  if (deepEqual(old, next)) return true;
  const { lastPollAt: a1, lastPollMs: _a2, lastSuccessAt: a3, ...restOld } = old;
  const { lastPollAt: b1, lastPollMs: _b2, lastSuccessAt: b3, ...restNext } = next;
  if (!deepEqual(restOld, restNext)) return false;
  if ((a1 === undefined) !== (b1 === undefined) || (a3 === undefined) !== (b3 === undefined))
    return false;
  const due = (x: string | undefined, y: string | undefined): boolean =>
    x !== undefined && y !== undefined && Date.parse(y) - Date.parse(x) >= HEARTBEAT_MS;
  return !due(a1, b1) && !due(a3, b3);
}
