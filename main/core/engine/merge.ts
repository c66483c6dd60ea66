// Merges the last good data of every instance into one ViewSnapshot:
// - alerts by fingerprint across all instances (each lists where it was seen);
// - groups by `<clusterId>|<receiver>|<sorted group labels>` (peers of one cluster return the
//   same group: it appears once; an alert in two groups appears in both);
// - silences by `<clusterId>/<id>` (every peer returns each silence: one copy per cluster).
// Within a cluster only members that answered their last poll are used when there is one
// (a dead peer's old data would resurrect resolved alerts); when no member answers, the last
// good data of all members is used and marked stale. Never blanked.
//
// Performance: a cycle at 10k alerts x 3 peers must merge and diff in a few ms. Record
// objects are reused when their inputs did not change (compared field by field on the raw API
// objects, no serialisation), so the delta is a reference comparison for the common case.
// Group keys and alert slots are found through positional hints (same position as in the
// previous poll / as on the first peer) before any hash lookup; see README.md "Merge cost".
import type {
  AlertGroup,
  AlertState,
  GettableAlert,
  GettableSilence,
  LabelSet,
} from '../api/types.ts';
import type {
  AlertStatusView,
  AlertView,
  ClusterView,
  GroupView,
  InstanceView,
  SilenceView,
  Summary,
  ViewSnapshot,
  WorstState,
} from '../model/view.ts';
import { silenceKeyOf } from '../model/keys.ts';
import { displaySeverityRank } from '../model/severity-order.ts';
import { deepEqual } from './equal.ts';
import { bestHealth, isUnhealthy } from './health.ts';

/** The last good data of one instance. */
export interface InstanceData {
  groups: AlertGroup[];
  silences: GettableSilence[];
}

export interface MergeInstance {
  /** Health, cluster id etc. already filled in. */
  view: InstanceView;
  data: InstanceData | undefined;
}

export interface MergeInput {
  /** In settings order (the order used to pick representative copies). */
  instances: MergeInstance[];
  clusterNames: Record<string, string>;
  severityLabel: string;
  severityOrder: string[];
}

export type MergedView = Omit<ViewSnapshot, 'seq'>;

/**
 * Everything known about one fingerprint across merges: the raw copies of the current merge
 * (one per instance that returned it, in source order) and the record built from them. The
 * arrays are overwritten in place each merge, comparing as they go, so an unchanged alert
 * costs a positional hint (or one map lookup) and a few comparisons per copy, and no allocation.
 */
interface AlertSlot {
  fp: string;
  raws: GettableAlert[];
  owners: string[];
  clusterIds: string[];
  /** Copies recorded in the current merge. */
  n: number;
  /** Merge generation that last saw this fingerprint (older slots are dropped). */
  gen: number;
  /** A copy differs from the previous merge (or the record must be built). */
  changed: boolean;
  stale: boolean;
  view: AlertView | undefined;
  /** Merge generation that last built `view` (groups listing it must be rebuilt then). */
  builtGen: number;
  /** Index in `raws` of the representative copy when `view` was built. */
  rep: number;
  /** Instance of the latest copy recorded (`owners[n - 1]`, without reading the array). */
  lastOwner: string;
  /** The record's state and severity, for the summary without reading every record. */
  state: AlertState;
  severity: string;
  /** Dropped from the merger (a group's positional hint may still point here). */
  dead: boolean;
}

const EMPTY: readonly string[] = [];

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

export function groupKeyOf(clusterId: string, receiver: string, labels: LabelSet): string {
  return `${clusterId}|${receiver}|${labelKey(labels)}`;
}

function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameReceivers(a: GettableAlert['receivers'], b: GettableAlert['receivers']): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]!.name !== b[i]!.name) return false;
  return true;
}

/**
 * Same copy as far as the view is concerned when it is not the representative one: every copy
 * contributes its receivers and status, and its updatedAt picks the representative.
 */
function sameCopy(a: GettableAlert, b: GettableAlert): boolean {
  if (a === b) return true;
  return (
    a.updatedAt === b.updatedAt &&
    a.status.state === b.status.state &&
    sameStrings(a.status.silencedBy, b.status.silencedBy) &&
    sameStrings(a.status.inhibitedBy, b.status.inhibitedBy) &&
    sameReceivers(a.receivers, b.receivers)
  );
}

/**
 * Same representative copy: the record also shows its times, link and annotations. Labels are
 * not compared: the fingerprint is their hash.
 */
function sameAlert(a: GettableAlert, b: GettableAlert): boolean {
  if (a === b) return true;
  return (
    sameCopy(a, b) &&
    a.startsAt === b.startsAt &&
    a.endsAt === b.endsAt &&
    a.generatorURL === b.generatorURL &&
    // Annotations normally change together with updatedAt (Alertmanager stamps every post), but
    // a proxy or a compatible server may change text alone: compare them too (flat, cheap).
    sameLabels(a.annotations, b.annotations)
  );
}

function sameLabels(a: LabelSet, b: LabelSet): boolean {
  let n = 0;
  for (const k in a) {
    if (a[k] !== b[k]) return false;
    n++;
  }
  for (const _k in b) n--;
  return n === 0;
}

/**
 * One group key across merges: its members in this merge and the previous one (the previous
 * list is a positional hint: a server lists a group's alerts in the same order poll after poll,
 * and peers of a cluster list them in the same order as each other), and the record built.
 */
interface GroupState {
  key: string;
  clusterId: string;
  receiver: string;
  /** Group labels as last seen (the key is derived from them: checked before reusing it). */
  labels: LabelSet;
  /** Members in this merge (one entry per copy of the first instance: may repeat, see maybeDup). */
  members: AlertSlot[];
  /** Members of the previous merge (swapped with `members` each merge, not reallocated). */
  prevMembers: AlertSlot[];
  /** Instance that created the group in this merge; others must de-duplicate. */
  firstInstance: string;
  /** Membership set, built only when a peer lists the alerts in another order. */
  set: Set<AlertSlot> | undefined;
  /** A fingerprint came twice from one instance: may be repeated here (checked after). */
  maybeDup: boolean;
  /** Merge generation that last saw this group. */
  gen: number;
  /** Dropped from the merger (an instance's positional hint may still point here). */
  dead: boolean;
  /** Record of the last merge that saw the group. */
  view: GroupView | undefined;
}

/**
 * The alert records a merge may have changed relative to the `prev` it was given, when that
 * was the merger's own previous result: records rebuilt in the merge (new ones included) and
 * fingerprints gone. Every other record of the result is the same object as in `prev`, so a
 * diff need not visit the 10k unchanged ones. Kept beside the result (no extra property).
 */
export interface AlertChanges {
  /**
   * The previous view by number, not by reference: a reference would chain every view to the
   * one before it (an entry lives as long as its view and would keep the previous view, and so
   * its entry, alive), and a WeakRef keeps its target until the current task ends.
   */
  prevId: number;
  rebuilt: AlertView[];
  removed: string[];
}

const alertChanges = new WeakMap<MergedView, AlertChanges>();
/** A number per view the merger made (see AlertChanges.prevId). */
const viewIds = new WeakMap<MergedView, number>();
let lastViewId = 0;

/** The merger's record of what changed between `prev` and `next`, if it made `next` from it. */
export function knownAlertChanges(prev: MergedView, next: MergedView): AlertChanges | undefined {
  const c = alertChanges.get(next);
  return c !== undefined && viewIds.get(prev) === c.prevId ? c : undefined;
}

export class Merger {
  private slots = new Map<string, AlertSlot>();
  private groupStates = new Map<string, GroupState>();
  /** Per instance: its groups of the previous merge by position in its /alerts/groups list. */
  private groupHints = new Map<string, GroupState[]>();
  /** Slots and groups seen by the previous merge (all that the maps hold). */
  private lastSeen: AlertSlot[] = [];
  private spareSeen: AlertSlot[] = [];
  private lastGroups: GroupState[] = [];
  /** Cluster id of every instance that supplied data since the last reset. */
  private clusterOf = new Map<string, string>();
  private cacheConfig = '';
  private gen = 0;
  /** The previous result (its records are what the slots hold). */
  private lastOutput: MergedView | undefined;

  /** Forget reused records (e.g. the severity label changed). */
  reset(): void {
    for (const slot of this.lastSeen) slot.dead = true;
    for (const gs of this.lastGroups) gs.dead = true;
    this.slots.clear();
    this.groupStates.clear();
    this.groupHints.clear();
    this.clusterOf.clear();
    this.lastSeen = [];
    this.spareSeen = [];
    this.lastOutput = undefined;
    this.lastGroups = [];
  }

  merge(input: MergeInput, prev: MergedView | undefined): MergedView {
    const config = `${input.severityLabel}\u0000${input.severityOrder.join('\u0000')}`;
    if (config !== this.cacheConfig) {
      this.reset();
      this.cacheConfig = config;
    }

    // Instances and clusters.
    const instances: Record<string, InstanceView> = {};
    const members = new Map<string, MergeInstance[]>();
    for (const mi of input.instances) {
      const old = prev?.instances[mi.view.id];
      instances[mi.view.id] = old && sameInstance(old, mi.view) ? old : mi.view;
      const list = members.get(mi.view.clusterId);
      if (list) list.push(mi);
      else members.set(mi.view.clusterId, [mi]);
    }
    const clusters: Record<string, ClusterView> = {};
    /** Instances whose data is used, per cluster. */
    const sources = new Map<string, MergeInstance[]>();
    let anyStale = false;
    for (const [clusterId, list] of members) {
      const enabled = list.filter((m) => m.view.enabled);
      const fresh = enabled.filter((m) => m.view.health === 'ok' && m.data);
      const withData = enabled.filter((m) => m.data);
      const stale = fresh.length === 0 && withData.length > 0;
      if (stale) anyStale = true;
      sources.set(clusterId, fresh.length > 0 ? fresh : withData);
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

    // Collect the copies of every alert and the group memberships in one pass over the raw
    // groups, comparing each copy with the one of the previous merge on the way. This loop sees
    // every alert of every instance (30k copies at 10k alerts x 3 peers): keep it free of
    // allocations, and of hash lookups where a positional hint finds the same object.
    const gen = ++this.gen;
    const slots = this.slots;
    const groupStates = this.groupStates;
    // Reuses the array of the merge before last (written by index, trimmed after: no growth).
    const seen = this.spareSeen;
    let seenCount = 0;
    const activeGroups: GroupState[] = [];
    const hints = new Map<string, GroupState[]>();
    // An instance whose cluster id changed: copies must then compare cluster ids too.
    let moved = false;
    for (const [clusterId, srcs] of sources) {
      for (const src of srcs) {
        const was = this.clusterOf.get(src.view.id);
        if (was !== undefined && was !== clusterId) moved = true;
        this.clusterOf.set(src.view.id, clusterId);
      }
    }
    for (const [clusterId, srcs] of sources) {
      for (const src of srcs) {
        const instanceId = src.view.id;
        const oldHint = this.groupHints.get(instanceId);
        const hint: GroupState[] = [];
        hints.set(instanceId, hint);
        const rawGroups = src.data!.groups;
        for (let j = 0; j < rawGroups.length; j++) {
          const g = rawGroups[j]!;
          const receiver = g.receiver.name;
          // The key (sorted, quoted labels) is only recomputed when this instance's group at
          // this position is not the one of its previous poll.
          let gs = oldHint?.[j];
          if (
            gs === undefined ||
            gs.dead ||
            gs.receiver !== receiver ||
            gs.clusterId !== clusterId ||
            !sameLabels(gs.labels, g.labels)
          ) {
            const key = groupKeyOf(clusterId, receiver, g.labels);
            gs = groupStates.get(key);
            if (!gs) {
              gs = {
                key,
                clusterId,
                receiver,
                labels: g.labels,
                members: [],
                prevMembers: [],
                firstInstance: '',
                set: undefined,
                maybeDup: false,
                gen: 0,
                dead: false,
                view: undefined,
              };
              groupStates.set(key, gs);
            }
          }
          hint.push(gs);
          if (gs.gen !== gen) {
            gs.gen = gen;
            const spare = gs.prevMembers;
            gs.prevMembers = gs.members;
            spare.length = 0;
            gs.members = spare;
            gs.firstInstance = instanceId;
            gs.labels = g.labels;
            gs.set = undefined;
            gs.maybeDup = false;
            activeGroups.push(gs);
          }
          // A server lists an alert once per group, so only a second peer needs to skip the
          // alerts already listed: at the same position (peers list a group alike) that is one
          // comparison, otherwise a set (built lazily). A server that repeats one anyway (a
          // broken proxy) is caught below: the alert then comes twice from one instance, which
          // marks the group for a check.
          const dedupe = gs.firstInstance !== instanceId;
          const list = gs.members;
          const before = gs.prevMembers;
          const alerts = g.alerts;
          for (let i = 0; i < alerts.length; i++) {
            const a = alerts[i]!;
            const fp = a.fingerprint;
            let slot: AlertSlot | undefined;
            if (!dedupe) {
              slot = before[i];
              if (slot === undefined || slot.fp !== fp || slot.dead) slot = slots.get(fp);
            } else {
              slot = list[i];
              if (slot === undefined || slot.fp !== fp) {
                slot = slots.get(fp);
                if (slot !== undefined) {
                  if (!gs.set) gs.set = new Set(list);
                  if (!gs.set.has(slot)) {
                    gs.set.add(slot);
                    list.push(slot);
                  }
                }
              }
            }
            if (slot === undefined) {
              slot = {
                fp,
                raws: [],
                owners: [],
                clusterIds: [],
                n: 0,
                gen: 0,
                changed: true,
                stale: false,
                view: undefined,
                builtGen: 0,
                rep: 0,
                lastOwner: '',
                state: 'unprocessed',
                severity: '',
                dead: false,
              };
              slots.set(fp, slot);
              if (dedupe) {
                gs.set?.add(slot);
                list.push(slot);
              }
            }
            if (!dedupe) list.push(slot);
            if (slot.gen !== gen) {
              slot.gen = gen;
              slot.n = 0;
              slot.changed = slot.view === undefined;
              seen[seenCount++] = slot;
            } else if (slot.lastOwner === instanceId) {
              // Again from this instance: in another group (routes with `continue`), or a
              // repeat within this group. One copy per instance is enough.
              gs.maybeDup = true;
              continue;
            }
            const k = slot.n++;
            const raws = slot.raws;
            if (
              k < raws.length &&
              slot.owners[k] === instanceId &&
              (!moved || slot.clusterIds[k] === clusterId)
            ) {
              // Same source as last time (its cluster id is then the same too, unless an
              // instance moved). Only the representative copy's times and annotations reach
              // the record: the other copies (the peers of a cluster, usually) skip comparing
              // those. When an updatedAt moves, the representative is chosen again anyway.
              if (
                !slot.changed &&
                !(k === slot.rep ? sameAlert(raws[k]!, a) : sameCopy(raws[k]!, a))
              )
                slot.changed = true;
            } else {
              slot.changed = true;
              slot.owners[k] = instanceId;
              slot.clusterIds[k] = clusterId;
            }
            raws[k] = a;
            slot.lastOwner = instanceId;
          }
        }
      }
    }
    this.groupHints = hints;

    // Alerts: reuse the previous record when no copy changed.
    const alerts: Record<string, AlertView> = {};
    // `prev` is the previous result: what changed can be listed for the diff on the way.
    const tracked = prev !== undefined && prev === this.lastOutput;
    const rebuilt: AlertView[] = [];
    const removed: string[] = [];
    // Summary counts, on the way (the slot is at hand here; the records are not).
    const counts: AlertCounts = { bySeverity: {}, firing: 0, suppressed: 0, critical: false };
    const top = input.severityOrder[0];
    // `seen` doubles as the list of records (iterating a 10k-key object is much slower).
    seen.length = seenCount;
    for (const slot of seen) {
      if (slot.n !== slot.raws.length) {
        // Fewer copies than last time: an instance no longer returns it.
        slot.changed = true;
        slot.raws.length = slot.owners.length = slot.clusterIds.length = slot.n;
      }
      let stale = false;
      if (anyStale) {
        stale = true;
        for (const c of slot.clusterIds) if (!clusters[c]!.stale) stale = false;
      }
      if (slot.changed || stale !== slot.stale || slot.view === undefined) {
        slot.view = buildAlert(slot, clusters, input.severityLabel);
        slot.stale = stale;
        slot.builtGen = gen;
        slot.state = slot.view.state;
        slot.severity = slot.view.severity;
        if (tracked) rebuilt.push(slot.view);
      }
      alerts[slot.fp] = slot.view;
      if (slot.state === 'active') {
        const sev = slot.severity;
        counts.firing++;
        counts.bySeverity[sev] = (counts.bySeverity[sev] ?? 0) + 1;
        if (sev === top) counts.critical = true;
      } else if (slot.state === 'suppressed') {
        counts.suppressed++;
      }
    }
    for (const slot of this.lastSeen) {
      if (slot.gen !== gen && !slot.dead) {
        slot.dead = true;
        slots.delete(slot.fp);
        if (tracked) removed.push(slot.fp);
      }
    }
    this.spareSeen = this.lastSeen;
    this.lastSeen = seen;

    // Groups: the previous record stands when the group has the same members (same records,
    // none rebuilt in this merge) as in the previous merge; otherwise it is rebuilt and still
    // reused when equal.
    const groups: Record<string, GroupView> = {};
    for (const gs of activeGroups) {
      const stale = clusters[gs.clusterId]!.stale;
      const old = gs.view;
      if (
        old !== undefined &&
        !gs.maybeDup &&
        old.stale === stale &&
        prev?.groups[gs.key] === old &&
        sameMembers(gs.members, gs.prevMembers, gen)
      ) {
        groups[gs.key] = old;
        continue;
      }
      let list = gs.members;
      if (gs.maybeDup) {
        const unique = [...new Set(list)];
        if (unique.length !== list.length) list = unique;
      }
      const fps: string[] = new Array<string>(list.length);
      const counts = { active: 0, suppressed: 0, unprocessed: 0 };
      let worst = '';
      let worstRank = Infinity;
      for (let i = 0; i < list.length; i++) {
        const view = list[i]!.view!;
        fps[i] = view.fingerprint;
        const st = view.statusByCluster[gs.clusterId]?.state ?? 'unprocessed';
        counts[st]++;
        if (st === 'active') {
          const r = displaySeverityRank(view.severity, input.severityOrder);
          if (r < worstRank) {
            worstRank = r;
            worst = view.severity;
          }
        }
      }
      const view: GroupView = {
        key: gs.key,
        clusterId: gs.clusterId,
        receiver: gs.receiver,
        labels: gs.labels,
        alerts: fps,
        counts,
        severity: worst,
        stale,
      };
      const before = prev?.groups[gs.key];
      gs.view = before && groupEqual(before, view) ? before : view;
      groups[gs.key] = gs.view;
    }
    for (const gs of this.lastGroups) {
      if (gs.gen !== gen && !gs.dead) {
        gs.dead = true;
        groupStates.delete(gs.key);
      }
    }
    this.lastGroups = activeGroups;

    // Silences: one copy per cluster; the most recently updated copy wins.
    const silences: Record<string, SilenceView> = {};
    const silenceUpdated = new Map<string, number>();
    for (const [clusterId, srcs] of sources) {
      for (const src of srcs) {
        for (const s of src.data!.silences) {
          const key = silenceKeyOf(clusterId, s.id);
          const updated = Date.parse(s.updatedAt);
          const had = silenceUpdated.get(key);
          if (had !== undefined && !(updated > had)) continue;
          silenceUpdated.set(key, updated);
          silences[key] = {
            key,
            id: s.id,
            clusterId,
            matchers: s.matchers,
            startsAt: s.startsAt,
            endsAt: s.endsAt,
            updatedAt: s.updatedAt,
            createdBy: s.createdBy,
            comment: s.comment,
            state: s.status.state,
          };
        }
      }
    }
    if (prev) {
      for (const key in silences) {
        const old = prev.silences[key];
        if (old && deepEqual(old, silences[key])) silences[key] = old;
      }
    }

    const summary = buildSummary(input, instances, clusters, counts);
    const oldSummary = prev?.summary;
    const out: MergedView = {
      instances,
      clusters,
      groups,
      alerts,
      silences,
      summary: oldSummary && deepEqual(oldSummary, summary) ? oldSummary : summary,
    };
    const prevId = tracked ? viewIds.get(prev) : undefined;
    if (prevId !== undefined) alertChanges.set(out, { prevId, rebuilt, removed });
    viewIds.set(out, ++lastViewId);
    this.lastOutput = out;
    return out;
  }
}

/** Same member records in the same order, none of them rebuilt in merge `gen`. */
function sameMembers(a: readonly AlertSlot[], b: readonly AlertSlot[], gen: number): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const s = a[i]!;
    if (s !== b[i] || s.builtGen === gen) return false;
  }
  return true;
}

/**
 * Poll timestamps change every cycle. Alone they do not make a delta (a quiet system must not
 * send anything), except as a heartbeat once per HEARTBEAT_MS so "last polled" shown in the UI
 * is never older than that. Any other change carries the current timestamps along.
 */
export const HEARTBEAT_MS = 60_000;

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

function groupEqual(a: GroupView, b: GroupView): boolean {
  return (
    a.receiver === b.receiver &&
    a.severity === b.severity &&
    a.stale === b.stale &&
    a.counts.active === b.counts.active &&
    a.counts.suppressed === b.counts.suppressed &&
    a.counts.unprocessed === b.counts.unprocessed &&
    sameStrings(a.alerts, b.alerts) &&
    deepEqual(a.labels, b.labels)
  );
}

function stateRank(s: AlertState): number {
  return s === 'active' ? 0 : s === 'suppressed' ? 1 : 2;
}

function buildAlert(
  slot: AlertSlot,
  clusters: Record<string, ClusterView>,
  severityLabel: string,
): AlertView {
  const { raws, owners } = slot;
  // Representative copy: the most recently updated one.
  let rep = raws[0]!;
  slot.rep = 0;
  if (raws.length > 1) {
    let best = Date.parse(rep.updatedAt);
    for (let i = 1; i < raws.length; i++) {
      const a = raws[i]!;
      if (a.updatedAt === rep.updatedAt) continue;
      const t = Date.parse(a.updatedAt);
      if (t > best) {
        best = t;
        rep = a;
        slot.rep = i;
      }
    }
  }

  const statusByCluster: Record<string, AlertStatusView> = {};
  const instances: string[] = [];
  const clusterIds: string[] = [];
  const receivers = new Set<string>();
  for (let i = 0; i < raws.length; i++) {
    const alert = raws[i]!;
    const clusterId = slot.clusterIds[i]!;
    instances.push(owners[i]!);
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
    } else {
      // Peers can disagree for a moment (gossip lag): a silence or inhibition seen by any
      // peer counts, so a fresh silence does not flicker back to active.
      for (const k of silenced) if (!cur.silencedBy.includes(k)) cur.silencedBy.push(k);
      for (const f of st.inhibitedBy) if (!cur.inhibitedBy.includes(f)) cur.inhibitedBy.push(f);
      if (stateRank(st.state) < stateRank(cur.state)) cur.state = st.state;
    }
  }
  let state: AlertState = 'unprocessed';
  const silencedBy: string[] = [];
  const inhibitedBy: string[] = [];
  let stale = true;
  for (const c of clusterIds) {
    const s = statusByCluster[c]!;
    if (s.silencedBy.length || s.inhibitedBy.length) s.state = 'suppressed';
    if (stateRank(s.state) < stateRank(state)) state = s.state;
    for (const k of s.silencedBy) silencedBy.push(k);
    for (const f of s.inhibitedBy) if (!inhibitedBy.includes(f)) inhibitedBy.push(f);
    if (!clusters[c]!.stale) stale = false;
  }
  const view: AlertView = {
    fingerprint: slot.fp,
    labels: rep.labels,
    annotations: rep.annotations,
    startsAt: rep.startsAt,
    endsAt: rep.endsAt,
    updatedAt: rep.updatedAt,
    state,
    silencedBy,
    inhibitedBy,
    statusByCluster,
    receivers: [...receivers].sort(),
    instances,
    clusters: clusterIds,
    severity: rep.labels[severityLabel] ?? '',
    stale,
  };
  if (rep.generatorURL !== undefined) view.generatorURL = rep.generatorURL;
  return view;
}

/** Counts over every alert record, gathered by the merge loop. */
interface AlertCounts {
  /** Active alerts per severity. */
  bySeverity: Record<string, number>;
  firing: number;
  suppressed: number;
  /** An active alert has the top severity (severityOrder[0]). */
  critical: boolean;
}

/**
 * Summary. `worst`, most urgent first:
 * - critical: an active alert has the top severity (severityOrder[0]);
 * - warning: any other active alert (unknown or missing severities included);
 * - unreachable: nothing fires that we can see, but a cluster has no answering member (we may
 *   be missing alerts: an all-dead cluster is never "all clear");
 * - unknown: no enabled instance has answered yet (or none is configured);
 * - ok.
 * What we cannot see is the separate `missingData` list, so a dead instance never hides a
 * critical alert firing on another one; a peer down while its cluster answers is `degraded`.
 */
function buildSummary(
  input: MergeInput,
  instances: Record<string, InstanceView>,
  clusters: Record<string, ClusterView>,
  { bySeverity, firing, suppressed, critical }: AlertCounts,
): Summary {
  const unreachableInstances: string[] = [];
  const missingData: string[] = [];
  const degraded = new Set<string>();
  let anyAnswered = false;
  for (const mi of input.instances) {
    const v = instances[mi.view.id]!;
    if (!v.enabled) continue;
    if (v.health !== 'unknown') anyAnswered = true;
    if (!isUnhealthy(v.health)) continue;
    unreachableInstances.push(v.id);
    const cluster = clusters[v.clusterId];
    const peerAnswers = cluster?.members.some((id) => {
      const peer = instances[id];
      return id !== v.id && peer?.enabled === true && peer.health === 'ok';
    });
    if (peerAnswers) degraded.add(v.clusterId);
    else missingData.push(v.id);
  }
  const staleClusters = Object.keys(clusters).filter((c) => clusters[c]!.stale);
  let worst: WorstState;
  if (critical) worst = 'critical';
  else if (firing > 0) worst = 'warning';
  else if (missingData.length > 0) worst = 'unreachable';
  else if (!anyAnswered) worst = 'unknown';
  else worst = 'ok';
  return {
    bySeverity,
    firing,
    suppressed,
    worst,
    unreachableInstances,
    missingData,
    degradedClusters: [...degraded].sort(),
    staleClusters,
    severityLabel: input.severityLabel,
  };
}
