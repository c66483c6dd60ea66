// The executable specification of the merged view: what main/core/engine/merge.ts builds
// incrementally, built here from all current polls at once, as plainly as it can be said.
// Modelled on karma's HA de-duplication (dedup.go): alerts by fingerprint across the peers of
// a cluster and across clusters, groups by cluster + labels (naming every receiver), silences once per
// cluster, the worst state wins. merge-property.test.ts holds the Merger equal to it.
//
// It shares with the Merger only rules that are not the merge's: cluster health (health.ts),
// severity ranks, ack recognition (silences/ack.ts) and the summary's wording of the counts
// (summary.ts, fed with counts made here from scratch). The instance records are the views as
// given: the Merger's heartbeat (keeping the previous record while only poll times moved
// within a minute) is an economy of the diff, not of the merge, and the property test gives
// views without poll times. A group's route labels (0.34) are the same on every peer that
// lists it (one configuration): the Merger keeps the last one it read, this takes any.
import type {
  AlertGroup,
  AlertState,
  GettableAlert,
  GettableSilence,
  LabelSet,
} from '../../../../main/core/api/types.ts';
import type { MergeInput, MergeInstance } from '../../../../main/core/engine/merge.ts';
import { bestHealth } from '../../../../main/core/engine/health.ts';
import { AlertCounts, buildSummary } from '../../../../main/core/engine/summary.ts';
import { keyedRecord } from '../../../../main/core/model/own-keys.ts';
import { displaySeverityRank } from '../../../../main/core/model/severity-order.ts';
import type {
  AlertStatusView,
  AlertView,
  ClusterView,
  GroupView,
  InstanceView,
  MergedView,
  SilenceView,
} from '../../../../main/core/model/view.ts';
import { ackOf } from '../../../../main/core/silences/ack.ts';

/** An instance whose poll the view uses, with its cluster. */
interface Source {
  id: string;
  clusterId: string;
  groups: AlertGroup[];
  silences: GettableSilence[];
  /** A member that stopped answering, with only what no answering member lists. */
  held?: boolean;
  /** The instance, when `id` is not its id (a restarted server's alerts from before). */
  instanceId?: string;
}

export function specMerge(input: MergeInput): MergedView {
  const instances = keyedRecord<InstanceView>();
  for (const mi of input.instances) instances[mi.view.id] = mi.view;
  const { clusters, sources } = clustersAndSources(input);
  const alerts = mergeAlerts(sources, clusters, input.severityLabel);
  const groups = mergeGroups(sources, clusters, alerts, input.severityOrder);
  const silences = mergeSilences(sources, input);
  const counts = new AlertCounts();
  for (const fp in alerts) counts.add(alerts[fp]!, 1);
  const summary = buildSummary(
    input.instances.map((m) => m.view),
    instances,
    clusters,
    counts,
    input.severityLabel,
    input.severityOrder,
  );
  return { instances, clusters, groups, alerts, silences, summary };
}

/**
 * Clusters in the order their first member is listed. A cluster's data comes from its
 * enabled members that answered their last poll; when none did, from every enabled member
 * that has data, and the cluster is stale. When some did, each member that did not adds the
 * alerts of its last poll that no answering member lists and whose end is after `now` (no
 * readable end: kept), its records stale (Alertmanager peers do not share alerts); and each
 * answering member whose server restarted adds what it listed before likewise, kept at least
 * until the hold's keepUntil.
 */
function clustersAndSources(input: MergeInput): {
  clusters: Record<string, ClusterView>;
  sources: Source[];
} {
  const clusters = keyedRecord<ClusterView>();
  const sources: Source[] = [];
  const clusterIds = [...new Set(input.instances.map((m) => m.view.clusterId))];
  for (const clusterId of clusterIds) {
    const members = input.instances.filter((m) => m.view.clusterId === clusterId);
    const enabled = members.filter((m) => m.view.enabled);
    const withData = enabled.filter((m) => m.data);
    const answering = withData.filter((m) => m.view.health === 'ok');
    const used: MergeInstance[] = answering.length > 0 ? answering : withData;
    for (const m of used) sources.push({ id: m.view.id, clusterId, ...m.data! });
    if (answering.length > 0) {
      const listed = new Set(
        answering.flatMap((m) => m.data!.groups.flatMap((g) => g.alerts.map((a) => a.fingerprint))),
      );
      const now = input.now ?? Date.now();
      for (const m of withData) {
        if (m.view.health === 'ok') continue;
        const groups = m
          .data!.groups.map((g) => ({
            ...g,
            alerts: g.alerts.filter(
              (a) => !listed.has(a.fingerprint) && !(Date.parse(a.endsAt) <= now),
            ),
          }))
          .filter((g) => g.alerts.length > 0);
        if (groups.length > 0)
          sources.push({ id: m.view.id, clusterId, groups, silences: [], held: true });
      }
    }
    // A member in use whose server restarted: what it listed before that no member in use
    // lists, until the later of its end and the hold's keepUntil, stale.
    const usedListed = new Set(
      used.flatMap((m) => m.data!.groups.flatMap((g) => g.alerts.map((a) => a.fingerprint))),
    );
    const nowMs = input.now ?? Date.now();
    for (const m of used) {
      const r = m.restartHeld;
      if (!r) continue;
      const groups = r.data.groups
        .map((g) => ({
          ...g,
          alerts: g.alerts.filter(
            (a) =>
              !usedListed.has(a.fingerprint) &&
              !(Math.max(Date.parse(a.endsAt), r.keepUntil) <= nowMs),
          ),
        }))
        .filter((g) => g.alerts.length > 0);
      if (groups.length > 0)
        sources.push({
          id: `${m.view.id} restart`,
          instanceId: m.view.id,
          clusterId,
          groups,
          silences: [],
          held: true,
        });
    }
    clusters[clusterId] = {
      id: clusterId,
      name: input.clusterNames[clusterId] ?? clusterId,
      members: members.map((m) => m.view.id),
      health: bestHealth(enabled.map((m) => m.view.health)),
      stale: answering.length === 0 && withData.length > 0,
    };
  }
  return { clusters, sources };
}

/** Each source's copy of an alert: the first time its poll lists the fingerprint. */
function copiesByFingerprint(sources: Source[]): Map<string, { src: Source; a: GettableAlert }[]> {
  const out = new Map<string, { src: Source; a: GettableAlert }[]>();
  for (const src of sources) {
    const seen = new Set<string>();
    for (const g of src.groups) {
      for (const a of g.alerts) {
        if (seen.has(a.fingerprint)) continue;
        seen.add(a.fingerprint);
        out.set(a.fingerprint, [...(out.get(a.fingerprint) ?? []), { src, a }]);
      }
    }
  }
  return out;
}

const RANK: Record<AlertState, number> = { active: 0, suppressed: 1, unprocessed: 2 };
const addNew = (to: string[], from: readonly string[]): void => {
  for (const x of from) if (!to.includes(x)) to.push(x);
};

function mergeAlerts(
  sources: Source[],
  clusters: Record<string, ClusterView>,
  severityLabel: string,
): Record<string, AlertView> {
  const alerts = keyedRecord<AlertView>();
  for (const [fp, copies] of copiesByFingerprint(sources)) {
    // Labels, text, times and link: the most recently updated copy, the first on ties.
    let rep = copies[0]!.a;
    for (const { a } of copies) if (Date.parse(a.updatedAt) > Date.parse(rep.updatedAt)) rep = a;
    // Per cluster, what any peer reports counts (gossip lag): the union of what silences,
    // inhibits or mutes it; any of those makes it suppressed; else the best state of a peer.
    const byCluster: Record<string, AlertStatusView> = {};
    for (const { src, a } of copies) {
      const s = (byCluster[src.clusterId] ??= {
        state: 'unprocessed',
        silencedBy: [],
        inhibitedBy: [],
      });
      if (RANK[a.status.state] < RANK[s.state]) s.state = a.status.state;
      addNew(
        s.silencedBy,
        a.status.silencedBy.map((id) => `${src.clusterId}/${id}`),
      );
      addNew(s.inhibitedBy, a.status.inhibitedBy);
      if (a.status.mutedBy?.length) addNew((s.mutedBy ??= []), a.status.mutedBy);
    }
    const clusterIds = Object.keys(byCluster);
    for (const s of Object.values(byCluster))
      if (s.silencedBy.length || s.inhibitedBy.length || s.mutedBy) s.state = 'suppressed';
    // Across clusters the worst state wins: firing anywhere is firing.
    const all = Object.values(byCluster);
    const state = all.map((s) => s.state).sort((x, y) => RANK[x] - RANK[y])[0]!;
    const mutedBy: string[] = [];
    for (const s of all) addNew(mutedBy, s.mutedBy ?? []);
    const inhibitedBy: string[] = [];
    for (const s of all) addNew(inhibitedBy, s.inhibitedBy);
    const { labels, annotations, startsAt, endsAt, updatedAt, generatorURL } = rep;
    const view: AlertView = {
      fingerprint: fp,
      ...{ labels, annotations, startsAt, endsAt, updatedAt },
      ...(generatorURL === undefined ? {} : { generatorURL }),
      state,
      silencedBy: all.flatMap((s) => s.silencedBy),
      inhibitedBy,
      statusByCluster: byCluster,
      receivers: [...new Set(copies.flatMap(({ a }) => a.receivers.map((r) => r.name)))].sort(),
      instances: copies.map(({ src }) => src.instanceId ?? src.id),
      clusters: clusterIds,
      severity: Object.hasOwn(labels, severityLabel) ? labels[severityLabel]! : '',
      stale: clusterIds.every((c) => clusters[c]!.stale) || copies.every(({ src }) => src.held),
    };
    if (mutedBy.length > 0) view.mutedBy = mutedBy;
    alerts[fp] = view;
  }
  return alerts;
}

/** Canonical text of a label set: sorted `name="value"` pairs. */
function labelText(labels: LabelSet): string {
  return Object.keys(labels)
    .sort()
    .map((n) => `${n}=${JSON.stringify(labels[n])}`)
    .join(',');
}

/**
 * One group per cluster and group labels, naming every receiver the cluster lists it under
 * (routes with `continue`). Its alerts: what the first listing lists, then what later ones
 * (another receiver, a peer ahead or behind) list besides.
 */
function mergeGroups(
  sources: Source[],
  clusters: Record<string, ClusterView>,
  alerts: Record<string, AlertView>,
  severityOrder: readonly string[],
): Record<string, GroupView> {
  const groups = keyedRecord<GroupView>();
  for (const src of sources) {
    for (const g of src.groups) {
      const key = `${src.clusterId}|${labelText(g.labels)}`;
      const rec = (groups[key] ??= {
        key,
        clusterId: src.clusterId,
        receivers: [],
        labels: g.labels,
        alerts: [],
        counts: { active: 0, suppressed: 0, unprocessed: 0 },
        severity: '',
        stale: clusters[src.clusterId]!.stale,
      });
      if (g.routeLabels !== undefined) rec.routeLabels = g.routeLabels;
      if (!rec.receivers.includes(g.receiver.name))
        rec.receivers = [...rec.receivers, g.receiver.name].sort();
      addNew(
        rec.alerts,
        g.alerts.map((a) => a.fingerprint),
      );
    }
  }
  // Counts by the alert's state in this group's cluster; the severity of its worst firing
  // alert (the first of equal rank).
  for (const rec of Object.values(groups)) {
    let worst = Infinity;
    for (const fp of rec.alerts) {
      const a = alerts[fp]!;
      const st = a.statusByCluster[rec.clusterId]!.state;
      rec.counts[st]++;
      const rank = displaySeverityRank(a.severity, severityOrder);
      if (st === 'active' && rank < worst) {
        worst = rank;
        rec.severity = a.severity;
      }
    }
  }
  return groups;
}

/** One record per silence and cluster: the most recently updated copy, the first on ties. */
function mergeSilences(sources: Source[], input: MergeInput): Record<string, SilenceView> {
  const silences = keyedRecord<SilenceView>();
  for (const src of sources) {
    for (const s of src.silences) {
      const key = `${src.clusterId}/${s.id}`;
      const had = silences[key];
      if (had && !(Date.parse(s.updatedAt) > Date.parse(had.updatedAt))) continue;
      // The server's silence, its status flattened to its state, keyed per cluster.
      const { status, annotations, ...fields } = s;
      const rec: SilenceView = { key, clusterId: src.clusterId, ...fields, state: status.state };
      if (annotations) rec.annotations = annotations;
      silences[key] = rec;
    }
  }
  const notes = input.silenceNotes;
  for (const rec of Object.values(silences)) {
    if (!notes) break;
    const ack = ackOf(rec, notes.ownAcks);
    if (ack) rec.ack = ack;
    const attention = notes.attention.get(rec.key);
    if (attention && rec.state === 'active') rec.attention = attention;
  }
  return silences;
}
