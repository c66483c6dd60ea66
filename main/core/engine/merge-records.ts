// The records of the merged view, built from raw API objects: an alert from its copies (one
// per instance that returned it), a group from its members, and the comparisons that decide
// whether a copy or a record changed. Pure functions; the Merger (merge.ts) decides when.
import type { AlertState, GettableAlert, GettableSilence, LabelSet } from '../api/types.ts';
import type {
  AlertStatusView,
  AlertView,
  ClusterView,
  GroupView,
  SilenceView,
} from '../model/view.ts';
import { silenceKeyOf } from '../model/keys.ts';
import { ownValue } from '../model/own-keys.ts';
import { displaySeverityRank } from '../model/severity-order.ts';
import { sameStrings } from '../api/same-alert.ts';
import { deepEqual } from './equal.ts';
import { NONE } from '../model/none.ts';
import type { RecordShare } from './record-share.ts';

const EMPTY: readonly string[] = [];
/** A finished list as it is kept: NONE when empty, an exact-size copy otherwise. */
function compact(list: string[]): string[] {
  return list.length === 0 ? NONE : list.slice();
}

/** Canonical text of a label set: sorted `name="value"` pairs. */
export function labelKey(labels: LabelSet): string {
  const names = Object.keys(labels).sort();
  let s = '';
  for (const n of names) {
    if (s) s += ',';
    s += `${n}=${JSON.stringify(labels[n])}`;
  }
  return s;
}

/** The receiver is not part of the key: one label set is one group, whoever receives it. */
export function groupKeyOf(clusterId: string, labels: LabelSet): string {
  return `${clusterId}|${labelKey(labels)}`;
}

function stateRank(s: AlertState): number {
  return s === 'active' ? 0 : s === 'suppressed' ? 1 : 2;
}

/** One copy of an alert: the raw object and where it came from. */
export interface AlertCopy {
  raw: GettableAlert;
  instanceId: string;
  clusterId: string;
  /** From before its server restarted: last known (merge-input.ts restartHeld). */
  held?: true;
}

/**
 * The record of one fingerprint from its copies, in source order (settings order within each
 * cluster). The representative copy (labels, annotations, times, link) is the most recently
 * updated one, the first on ties; receivers and statuses come from every copy.
 */
export function buildAlert(
  fp: string,
  copies: readonly AlertCopy[],
  clusters: Record<string, ClusterView>,
  severityLabel: string,
  share?: RecordShare,
  /** Members that stopped answering whose unshared alerts are kept (held-peers.ts). */
  held?: ReadonlySet<string>,
): AlertView {
  let rep = copies[0]!.raw;
  if (copies.length > 1) {
    let best = Date.parse(rep.updatedAt);
    for (let i = 1; i < copies.length; i++) {
      const a = copies[i]!.raw;
      if (a.updatedAt === rep.updatedAt) continue;
      const t = Date.parse(a.updatedAt);
      if (t > best) {
        best = t;
        rep = a;
      }
    }
  }

  const statusByCluster: Record<string, AlertStatusView> = {};
  const instances: string[] = [];
  const clusterIds: string[] = [];
  const receivers = new Set<string>();
  for (const { raw: alert, instanceId, clusterId } of copies) {
    instances.push(instanceId);
    for (const r of alert.receivers) receivers.add(r.name);
    const st = alert.status;
    const silenced = st.silencedBy.length
      ? st.silencedBy.map((id) => silenceKeyOf(clusterId, id))
      : EMPTY;
    const cur = statusByCluster[clusterId];
    if (!cur) {
      clusterIds.push(clusterId);
      statusByCluster[clusterId] = {
        state: st.state,
        silencedBy: [...silenced],
        inhibitedBy: [...st.inhibitedBy],
      };
      if (st.mutedBy) statusByCluster[clusterId].mutedBy = [...st.mutedBy];
    } else {
      // Peers can disagree for a moment (gossip lag): a silence or inhibition seen by any
      // peer counts, so a fresh silence does not flicker back to active.
      for (const k of silenced) if (!cur.silencedBy.includes(k)) cur.silencedBy.push(k);
      for (const f of st.inhibitedBy) if (!cur.inhibitedBy.includes(f)) cur.inhibitedBy.push(f);
      for (const t of st.mutedBy ?? NONE) {
        cur.mutedBy ??= [];
        if (!cur.mutedBy.includes(t)) cur.mutedBy.push(t);
      }
      if (stateRank(st.state) < stateRank(cur.state)) cur.state = st.state;
    }
  }
  let state: AlertState = 'unprocessed';
  const silencedBy: string[] = [];
  const inhibitedBy: string[] = [];
  let mutedBy: string[] | undefined;
  let stale = true;
  for (const c of clusterIds) {
    const s = statusByCluster[c]!;
    if (s.silencedBy.length || s.inhibitedBy.length || s.mutedBy) s.state = 'suppressed';
    if (stateRank(s.state) < stateRank(state)) state = s.state;
    for (const k of s.silencedBy) silencedBy.push(k);
    for (const f of s.inhibitedBy) if (!inhibitedBy.includes(f)) inhibitedBy.push(f);
    for (const t of s.mutedBy ?? NONE) {
      mutedBy ??= [];
      if (!mutedBy.includes(t)) mutedBy.push(t);
    }
    if (!clusters[c]!.stale) stale = false;
  }
  // Listed only by members that stopped answering, or by a server from before it restarted:
  // last known, like a stale cluster's.
  if (!stale && held !== undefined && held.size > 0) {
    stale = copies.every((c) => c.held === true || held.has(c.instanceId));
  }
  // Empty lists share one frozen array, and the others are exact-size (pushed-to arrays reserve
  // 17 slots): one record per alert, so this is tens of MB at 100,000 alerts.
  for (const c of clusterIds) {
    const s = statusByCluster[c]!;
    s.silencedBy = compact(s.silencedBy);
    s.inhibitedBy = compact(s.inhibitedBy);
  }
  const sortedReceivers = [...receivers].sort();
  const silenced = compact(silencedBy);
  const inhibited = compact(inhibitedBy);
  const byCluster = share?.plainStatuses(clusterIds, statusByCluster) ?? statusByCluster;
  const receiverList = share ? share.list(sortedReceivers) : sortedReceivers;
  const instanceList = share ? share.list(instances) : compact(instances);
  const clusterList = share ? share.list(clusterIds) : compact(clusterIds);
  const severity = ownValue(rep.labels, severityLabel) ?? '';
  // One literal per shape (with or without a link), in the record's key order: a property
  // added afterwards gives every record a separate property array (6 MB at 100,000 alerts).
  const view: AlertView =
    rep.generatorURL === undefined
      ? {
          fingerprint: fp,
          labels: rep.labels,
          annotations: rep.annotations,
          startsAt: rep.startsAt,
          endsAt: rep.endsAt,
          updatedAt: rep.updatedAt,
          state,
          silencedBy: silenced,
          inhibitedBy: inhibited,
          statusByCluster: byCluster,
          receivers: receiverList,
          instances: instanceList,
          clusters: clusterList,
          severity,
          stale,
        }
      : {
          fingerprint: fp,
          labels: rep.labels,
          annotations: rep.annotations,
          startsAt: rep.startsAt,
          endsAt: rep.endsAt,
          updatedAt: rep.updatedAt,
          generatorURL: rep.generatorURL,
          state,
          silencedBy: silenced,
          inhibitedBy: inhibited,
          statusByCluster: byCluster,
          receivers: receiverList,
          instances: instanceList,
          clusters: clusterList,
          severity,
          stale,
        };
  if (mutedBy) view.mutedBy = mutedBy;
  return view;
}

/** What a group record is built from. */
interface GroupParts {
  key: string;
  clusterId: string;
  /** Sorted. */
  receivers: string[];
  labels: LabelSet;
  /** Members, in the order the record lists them. */
  fps: string[];
  /** The record of a member. */
  record: (fp: string) => AlertView;
  severityOrder: readonly string[];
  stale: boolean;
  routeLabels?: LabelSet | undefined;
}

/** The record of one group from its members' records. */
export function buildGroup(p: GroupParts): GroupView {
  const counts = { active: 0, suppressed: 0, unprocessed: 0 };
  let worst = '';
  let worstRank = Infinity;
  for (const fp of p.fps) {
    const view = p.record(fp);
    const st = view.statusByCluster[p.clusterId]?.state ?? 'unprocessed';
    counts[st]++;
    if (st === 'active') {
      const r = displaySeverityRank(view.severity, p.severityOrder);
      if (r < worstRank) {
        worstRank = r;
        worst = view.severity;
      }
    }
  }
  const view: GroupView = {
    key: p.key,
    clusterId: p.clusterId,
    receivers: p.receivers,
    labels: p.labels,
    alerts: p.fps,
    counts,
    severity: worst,
    stale: p.stale,
  };
  if (p.routeLabels !== undefined) view.routeLabels = p.routeLabels;
  return view;
}

export function groupEqual(a: GroupView, b: GroupView): boolean {
  return (
    sameStrings(a.receivers, b.receivers) &&
    a.severity === b.severity &&
    a.stale === b.stale &&
    a.counts.active === b.counts.active &&
    a.counts.suppressed === b.counts.suppressed &&
    a.counts.unprocessed === b.counts.unprocessed &&
    sameStrings(a.alerts, b.alerts) &&
    deepEqual(a.labels, b.labels) &&
    deepEqual(a.routeLabels, b.routeLabels)
  );
}

/** The record of one silence of one cluster. */
export function silenceRecord(clusterId: string, s: GettableSilence): SilenceView {
  return {
    key: silenceKeyOf(clusterId, s.id),
    id: s.id,
    clusterId,
    matchers: s.matchers,
    startsAt: s.startsAt,
    endsAt: s.endsAt,
    updatedAt: s.updatedAt,
    createdBy: s.createdBy,
    comment: s.comment,
    state: s.status.state,
    ...(s.annotations ? { annotations: s.annotations } : {}),
  };
}
