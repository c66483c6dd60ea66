// Merges the last good data of every instance into one view:
// - alerts by fingerprint across all instances (each lists where it was seen);
// - groups by `<clusterId>|<receiver>|<sorted group labels>` (peers of one cluster return the
//   same group: it appears once; an alert in two groups appears in both);
// - silences by `<clusterId>/<id>` (every peer returns each silence: one copy per cluster).
// Within a cluster only members that answered their last poll are used when there is one
// (a dead peer's old data would resurrect resolved alerts); when no member answers, the last
// good data of all members is used and marked stale. Never blanked.
//
// Incremental: the merger keeps what each instance contributed (its copies and its group
// listings). A merge looks only at instances whose data changed since the previous merge (a
// new poll result; an unchanged poll hands back the same object, see client.ts), compares
// their copies with the ones they replace, and rebuilds only the records that a changed copy
// or listing touches. It returns the view AND the list of records it changed, which the diff
// (delta.ts) takes as an argument. See README.md "Merge cost".
import type { AlertGroup, GettableAlert, GettableSilence } from '../api/types.ts';
import type {
  AlertView,
  ClusterView,
  GroupView,
  InstanceView,
  SilenceAttention,
  SilenceView,
  ViewSnapshot,
} from '../model/view.ts';
import { silenceKeyOf } from '../model/keys.ts';
import { keyedRecord } from '../model/own-keys.ts';
import { ackOf } from '../silences/ack.ts';
import { deepEqual } from './equal.ts';
import { bestHealth } from './health.ts';
import {
  buildAlert,
  buildGroup,
  groupEqual,
  groupKeyOf,
  sameAlert,
  sameLabels,
  sameStrings,
  silenceRecord,
  type AlertCopy,
} from './merge-records.ts';
import { AlertCounts, buildSummary } from './summary.ts';
import { RecordShare } from './record-share.ts';

export { groupKeyOf, labelKey } from './merge-records.ts';

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
  /** What silence records carry besides the server's data; see SilenceNotes. */
  silenceNotes?: SilenceNotes;
}

/**
 * Silence records also say whether they are acknowledgements (and ours) and whether they need
 * attention. Pass the same object while nothing changed: a new one re-reads every silence.
 */
export interface SilenceNotes {
  /** This install's ack owner tag (main/core/silences/ack.ts). */
  ackOwner: string;
  attention: ReadonlyMap<string, SilenceAttention>;
}

export type MergedView = Omit<ViewSnapshot, 'seq'>;

/**
 * The alert and group records a merge changed relative to the `prev` it was given: records
 * new or replaced (each a new object, never equal to the one it replaces) and keys gone. Every
 * other record of the result is the same object as in `prev`.
 */
export interface MergeChanges {
  alerts: AlertView[];
  removedAlerts: string[];
  groups: GroupView[];
  removedGroups: string[];
}

export interface MergeResult {
  view: MergedView;
  /** Only when `prev` was this merger's previous result (otherwise the diff visits all). */
  changes: MergeChanges | undefined;
}

/** One instance whose data the view uses: what it contributed in the previous merge. */
interface Source {
  id: string;
  clusterId: string;
  /** Position in this merge's source order (picks representatives, orders copies). */
  rank: number;
  data: InstanceData;
  /**
   * Its groups in its /alerts/groups order, each with the slots of the alerts it lists there:
   * the positional hint for its next poll (a server lists groups and alerts in the same order
   * poll after poll), and the list of its copies (every slot it lists has one).
   */
  listed: Listing[];
}

interface Listing {
  gs: GroupState;
  /** Fingerprints listed (repeats removed), shared with the group record: never mutated. */
  fps: string[];
  slots: AlertSlot[];
}

/** Everything known about one fingerprint: its copies and its record. */
interface AlertSlot {
  fp: string;
  /** Copies, unordered (sorted by source rank when the record is built). */
  copies: AlertCopy[];
  sources: Source[];
  view: AlertView | undefined;
  /** Merge generation that queued it for a rebuild. */
  queued: number;
  /** Groups whose record lists it (may hold a group that no longer does: only costs a check). */
  groups: GroupState[];
  /** Load (of one source) that last saw it: a second listing by that source is a repeat. */
  seen: number;
}

/** One group key: which source lists which alerts, and the record. */
interface GroupState {
  key: string;
  clusterId: string;
  receiver: string;
  labels: GettableAlert['labels'];
  /** 0.34's route labels, as the last source that listed the group gave them. */
  routeLabels: AlertGroup['routeLabels'];
  /** Per source, the fingerprints it lists in this group (never mutated once stored). */
  listings: Map<Source, string[]>;
  view: GroupView | undefined;
  queued: number;
  /** Load that last touched it (a server listing one group twice). */
  touched: number;
  /** Dropped from the merger (a positional hint may still point here). */
  dead: boolean;
}

export class Merger {
  readonly #slots = new Map<string, AlertSlot>();
  readonly #groups = new Map<string, GroupState>();
  readonly #sources = new Map<string, Source>();
  /** Source ids in the previous merge's order. */
  #order: string[] = [];
  #stale = new Set<string>();
  readonly #counts = new AlertCounts();
  /** Lists and statuses shared between records (record-share.ts). */
  readonly #share = new RecordShare();
  #config = '';
  #gen = 0;
  #load = 0;
  #queuedSlots: AlertSlot[] = [];
  #queuedGroups: GroupState[] = [];
  /** Silences change only with a source's data. */
  #silencesDirty = true;
  /** The previous result (its records are what the slots and groups hold). */
  #last: MergedView | undefined;
  #notes: SilenceNotes | undefined;

  /**
   * Silence keys the last result's alerts are silenced by, with how many: kept as records
   * change, so silence hygiene does not walk 100,000 alerts every cycle.
   */
  get silenceUse(): ReadonlyMap<string, number> {
    return this.#counts.silenceUse;
  }

  /** Alerts (fingerprints) the last result holds. */
  get alertCount(): number {
    return this.#slots.size;
  }

  /** Forget everything (the severity label or order changed: every record changes). */
  reset(): void {
    for (const gs of this.#groups.values()) gs.dead = true;
    this.#slots.clear();
    this.#groups.clear();
    this.#sources.clear();
    this.#order = [];
    this.#stale = new Set();
    this.#counts.clear();
    this.#queuedSlots = [];
    this.#queuedGroups = [];
    this.#silencesDirty = true;
    this.#last = undefined;
  }

  merge(input: MergeInput, prev: MergedView | undefined): MergeResult {
    const config = `${input.severityLabel}\u0000${input.severityOrder.join('\u0000')}`;
    if (config !== this.#config) {
      this.reset();
      this.#config = config;
    }
    this.#gen++;
    const { instances, clusters, sources } = resolveSources(input, prev);
    this.#syncSources(sources);
    this.#followStaleClusters(clusters);
    const alertChanges = this.#rebuildAlerts(clusters, input.severityLabel);
    const groupChanges = this.#rebuildGroups(clusters, input.severityOrder);

    const last = this.#last;
    const alerts =
      last && alertChanges.changed.length + alertChanges.removed.length === 0
        ? last.alerts
        : this.#alertRecords();
    const groups =
      last && groupChanges.changed.length + groupChanges.removed.length === 0
        ? last.groups
        : this.#groupRecords();
    if (input.silenceNotes !== this.#notes) {
      this.#notes = input.silenceNotes;
      this.#silencesDirty = true;
    }
    let silences: Record<string, SilenceView>;
    if (last && !this.#silencesDirty) silences = last.silences;
    else silences = mergeSilences(sources, prev, input.silenceNotes);
    this.#silencesDirty = false;

    const summary = buildSummary(
      input.instances.map((m) => m.view),
      instances,
      clusters,
      this.#counts,
      input.severityLabel,
      input.severityOrder,
    );
    const oldSummary = prev?.summary;
    const view: MergedView = {
      instances,
      clusters,
      groups,
      alerts,
      silences,
      summary: oldSummary && deepEqual(oldSummary, summary) ? oldSummary : summary,
    };
    const tracked = prev !== undefined && prev === last;
    this.#last = view;
    return {
      view,
      changes: tracked
        ? {
            alerts: alertChanges.changed,
            removedAlerts: alertChanges.removed,
            groups: groupChanges.changed,
            removedGroups: groupChanges.removed,
          }
        : undefined,
    };
  }

  // ---- phase 2: take in what each source's data changed -------------------------------

  #syncSources(list: readonly SourceEntry[]): void {
    const byId = new Map(list.map((e) => [e.instance.view.id, e]));
    for (const [id, src] of this.#sources) {
      const e = byId.get(id);
      if (e === undefined || e.clusterId !== src.clusterId) {
        this.#retract(src);
        this.#sources.delete(id);
      }
    }
    // Copies are ordered by source rank: when kept sources change their relative order (a
    // settings reorder, a cluster regrouping), every record may list them otherwise.
    const ids = list.map((e) => e.instance.view.id);
    const kept = ids.filter((id) => this.#sources.has(id));
    const keptBefore = this.#order.filter((id) => this.#sources.has(id));
    if (!sameStrings(kept, keptBefore)) this.#queueEverything();
    this.#order = ids;
    list.forEach((e, rank) => {
      const data = e.instance.data!;
      let src = this.#sources.get(e.instance.view.id);
      if (!src) {
        src = { id: e.instance.view.id, clusterId: e.clusterId, rank, data, listed: [] };
        this.#sources.set(src.id, src);
        this.#loadSource(src, data);
      } else {
        src.rank = rank;
        if (src.data !== data) this.#loadSource(src, data);
      }
    });
  }

  /** Compares a source's new data with what it contributed; queues what differs. */
  #loadSource(src: Source, data: InstanceData): void {
    this.#silencesDirty = true;
    const token = ++this.#load;
    const oldListed = src.listed;
    const listed: Listing[] = [];
    const rawGroups = data.groups;
    for (let j = 0; j < rawGroups.length; j++) {
      const g = rawGroups[j]!;
      const hint = oldListed[j];
      const gs = this.#groupAt(src, hint?.gs, g);
      if (!deepEqual(gs.routeLabels, g.routeLabels)) {
        gs.routeLabels = g.routeLabels;
        this.#queueGroup(gs);
      }
      // The same group at the same position: its alerts are probably at the same positions too.
      const before = hint !== undefined && hint.gs === gs ? hint.slots : undefined;
      const fps: string[] = [];
      const slots: AlertSlot[] = [];
      // Only an alert this source already listed (in another group, with `continue` routes,
      // or a broken server repeating it) needs a check against repeats within this group.
      let inGroup: Set<AlertSlot> | undefined;
      const alerts = g.alerts;
      for (let i = 0; i < alerts.length; i++) {
        const a = alerts[i]!;
        const fp = a.fingerprint;
        let slot = before?.[i];
        if (slot === undefined || slot.fp !== fp || slot.copies.length === 0)
          slot = this.#slotOf(fp);
        if (slot.seen === token) {
          inGroup ??= new Set(slots);
          if (inGroup.has(slot)) continue;
          inGroup.add(slot);
          fps.push(fp);
          slots.push(slot);
          continue;
        }
        slot.seen = token;
        fps.push(fp);
        slots.push(slot);
        inGroup?.add(slot);
        const k = slot.sources.indexOf(src);
        if (k < 0) {
          // Replaced by an exact-size copy (concat), not pushed: a pushed-to (or spread) array
          // reserves 17 slots, and there is one per alert (measured: 70 MB at 100,000 alerts
          // for these two and slot.groups).
          slot.copies = slot.copies.concat({
            raw: a,
            instanceId: src.id,
            clusterId: src.clusterId,
          });
          slot.sources = slot.sources.concat(src);
          this.#queueSlot(slot);
        } else {
          const copy = slot.copies[k]!;
          if (sameAlert(copy.raw, a)) {
            // Unchanged: the source's new data keeps the object the record was built from, so
            // the new parse's copy (its label and annotation objects and strings) is garbage at
            // once. Taking the new one left two copies of every unchanged alert alive after a
            // single changed poll (the record's and the data's): +70 MB at 100,000 alerts.
            alerts[i] = copy.raw;
          } else {
            this.#queueSlot(slot);
            // The old poll's object must not stay referenced.
            copy.raw = a;
          }
        }
      }
      if (gs.touched === token) {
        // The server listed this group twice: its listing is the union.
        const first = listed.find((l) => l.gs === gs)!;
        const merged = first.fps.slice();
        for (let i = 0; i < fps.length; i++) {
          if (merged.includes(fps[i]!)) continue;
          merged.push(fps[i]!);
          first.slots.push(slots[i]!);
        }
        first.fps = merged;
        gs.listings.set(src, merged);
        this.#queueGroup(gs);
        continue;
      }
      gs.touched = token;
      listed.push({ gs, fps, slots });
      const was = gs.listings.get(src);
      gs.listings.set(src, fps);
      if (was === undefined || !sameStrings(was, fps)) this.#queueGroup(gs);
    }
    // What it no longer lists.
    for (const l of oldListed) {
      for (const slot of l.slots) if (slot.seen !== token) this.#dropCopy(slot, src);
      if (l.gs.touched !== token && l.gs.listings.delete(src)) this.#queueGroup(l.gs);
    }
    src.data = data;
    src.listed = listed;
  }

  /** A source stops contributing (unused, moved to another cluster, or gone). */
  #retract(src: Source): void {
    this.#silencesDirty = true;
    for (const l of src.listed) {
      for (const slot of l.slots) this.#dropCopy(slot, src);
      if (l.gs.listings.delete(src)) this.#queueGroup(l.gs);
    }
  }

  #dropCopy(slot: AlertSlot, src: Source): void {
    const i = slot.sources.indexOf(src);
    if (i < 0) return; // listed in two groups: dropped already
    slot.sources.splice(i, 1);
    slot.copies.splice(i, 1);
    this.#queueSlot(slot);
  }

  /**
   * The group state of a source's group: the one at the same position of its previous poll
   * when it still matches (a server lists its groups in the same order poll after poll),
   * without building the key (sorted, quoted labels); otherwise by key.
   */
  #groupAt(src: Source, hint: GroupState | undefined, g: AlertGroup): GroupState {
    const receiver = g.receiver.name;
    if (
      hint !== undefined &&
      !hint.dead &&
      hint.receiver === receiver &&
      hint.clusterId === src.clusterId &&
      sameLabels(hint.labels, g.labels)
    )
      return hint;
    const key = groupKeyOf(src.clusterId, receiver, g.labels);
    let gs = this.#groups.get(key);
    if (!gs) {
      gs = {
        key,
        clusterId: src.clusterId,
        receiver,
        labels: g.labels,
        routeLabels: g.routeLabels,
        listings: new Map(),
        view: undefined,
        queued: 0,
        touched: 0,
        dead: false,
      };
      this.#groups.set(key, gs);
    }
    return gs;
  }

  #slotOf(fp: string): AlertSlot {
    let slot = this.#slots.get(fp);
    if (!slot) {
      slot = { fp, copies: [], sources: [], view: undefined, queued: 0, groups: [], seen: 0 };
      this.#slots.set(fp, slot);
    }
    return slot;
  }

  #queueSlot(slot: AlertSlot): void {
    if (slot.queued === this.#gen) return;
    slot.queued = this.#gen;
    this.#queuedSlots.push(slot);
  }

  #queueGroup(gs: GroupState): void {
    if (gs.queued === this.#gen) return;
    gs.queued = this.#gen;
    this.#queuedGroups.push(gs);
  }

  #queueEverything(): void {
    for (const slot of this.#slots.values()) this.#queueSlot(slot);
    for (const gs of this.#groups.values()) this.#queueGroup(gs);
  }

  // ---- phase 3: clusters turning stale or fresh -----------------------------------------

  /** A cluster's stale flag is part of its alerts' and groups' records. */
  #followStaleClusters(clusters: Record<string, ClusterView>): void {
    const stale = new Set<string>();
    for (const id in clusters) if (clusters[id]!.stale) stale.add(id);
    const flipped = new Set<string>();
    for (const id of stale) if (!this.#stale.has(id)) flipped.add(id);
    for (const id of this.#stale) if (!stale.has(id)) flipped.add(id);
    this.#stale = stale;
    if (flipped.size === 0) return;
    for (const src of this.#sources.values()) {
      if (!flipped.has(src.clusterId)) continue;
      for (const l of src.listed) {
        for (const slot of l.slots) this.#queueSlot(slot);
        this.#queueGroup(l.gs);
      }
    }
  }

  // ---- phase 4: alert records -------------------------------------------------------------

  #rebuildAlerts(
    clusters: Record<string, ClusterView>,
    severityLabel: string,
  ): { changed: AlertView[]; removed: string[] } {
    const changed: AlertView[] = [];
    const removed: string[] = [];
    const queued = this.#queuedSlots;
    this.#queuedSlots = [];
    for (const slot of queued) {
      const old = slot.view;
      if (slot.copies.length === 0) {
        this.#slots.delete(slot.fp);
        if (old) {
          this.#counts.add(old, -1);
          removed.push(slot.fp);
        }
        for (const gs of slot.groups) if (!gs.dead) this.#queueGroup(gs);
        continue;
      }
      sortBySource(slot);
      const view = buildAlert(slot.fp, slot.copies, clusters, severityLabel, this.#share);
      if (old && deepEqual(old, view)) continue;
      slot.view = view;
      if (old) this.#counts.add(old, -1);
      this.#counts.add(view, 1);
      changed.push(view);
      for (const gs of slot.groups) if (!gs.dead) this.#queueGroup(gs);
    }
    return { changed, removed };
  }

  // ---- phase 5: group records -------------------------------------------------------------

  #rebuildGroups(
    clusters: Record<string, ClusterView>,
    severityOrder: readonly string[],
  ): { changed: GroupView[]; removed: string[] } {
    const changed: GroupView[] = [];
    const removed: string[] = [];
    const queued = this.#queuedGroups;
    this.#queuedGroups = [];
    const record = (fp: string): AlertView => this.#slots.get(fp)!.view!;
    for (const gs of queued) {
      const old = gs.view;
      if (gs.listings.size === 0) {
        gs.dead = true;
        this.#groups.delete(gs.key);
        if (old) {
          removed.push(gs.key);
          this.#unlink(gs, old.alerts, undefined);
        }
        continue;
      }
      const fps = membersOf(gs);
      const view = buildGroup(
        gs.key,
        gs.clusterId,
        gs.receiver,
        gs.labels,
        fps,
        record,
        severityOrder,
        clusters[gs.clusterId]!.stale,
        gs.routeLabels,
      );
      if (old && groupEqual(old, view)) continue;
      gs.view = view;
      changed.push(view);
      if (!old || !sameStrings(old.alerts, fps)) {
        if (old) this.#unlink(gs, old.alerts, fps);
        for (const fp of fps) {
          const slot = this.#slots.get(fp)!;
          if (!slot.groups.includes(gs)) slot.groups = slot.groups.concat(gs);
        }
      }
    }
    return { changed, removed };
  }

  /** Forgets that these alerts are listed by `gs`, except those it still lists. */
  #unlink(gs: GroupState, fps: readonly string[], still: readonly string[] | undefined): void {
    const keep = still && new Set(still);
    for (const fp of fps) {
      if (keep?.has(fp)) continue;
      const slot = this.#slots.get(fp);
      if (!slot) continue;
      const i = slot.groups.indexOf(gs);
      if (i >= 0) slot.groups.splice(i, 1);
    }
  }

  // ---- phase 6: the collections -----------------------------------------------------------

  /** A new alerts collection (the previous view's one stays as it was: views are immutable). */
  // Keyed by the server's fingerprints: no prototype, so "__proto__" is a key (own-keys.ts).
  #alertRecords(): Record<string, AlertView> {
    const out = keyedRecord<AlertView>();
    for (const slot of this.#slots.values()) out[slot.fp] = slot.view!;
    return out;
  }

  #groupRecords(): Record<string, GroupView> {
    const out = keyedRecord<GroupView>();
    for (const gs of this.#groups.values()) if (gs.view) out[gs.key] = gs.view;
    return out;
  }
}

interface SourceEntry {
  instance: MergeInstance;
  clusterId: string;
}

// ---- phase 1: instances, clusters, and whose data is used -----------------------------------

function resolveSources(
  input: MergeInput,
  prev: MergedView | undefined,
): {
  instances: Record<string, InstanceView>;
  clusters: Record<string, ClusterView>;
  sources: SourceEntry[];
} {
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
    const fresh = enabled.filter((m) => m.view.health === 'ok' && m.data);
    const withData = enabled.filter((m) => m.data);
    const stale = fresh.length === 0 && withData.length > 0;
    for (const instance of fresh.length > 0 ? fresh : withData)
      sources.push({ instance, clusterId });
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

/** Copies in source order (insertion sort: one to three copies, almost always in order). */
function sortBySource(slot: AlertSlot): void {
  const { copies, sources } = slot;
  for (let i = 1; i < sources.length; i++) {
    const s = sources[i]!;
    const c = copies[i]!;
    let j = i - 1;
    while (j >= 0 && sources[j]!.rank > s.rank) {
      sources[j + 1] = sources[j]!;
      copies[j + 1] = copies[j]!;
      j--;
    }
    sources[j + 1] = s;
    copies[j + 1] = c;
  }
}

/**
 * A group's members: the first source's listing (in source order), then what the others list
 * that it does not (a peer that has not heard of an alert yet, or one that has).
 */
function membersOf(gs: GroupState): string[] {
  if (gs.listings.size === 1) return gs.listings.values().next().value!;
  const listings = [...gs.listings].sort((a, b) => a[0].rank - b[0].rank);
  const out = listings[0]![1].slice();
  const seen = new Set(out);
  for (let i = 1; i < listings.length; i++) {
    for (const fp of listings[i]![1]) {
      if (seen.has(fp)) continue;
      seen.add(fp);
      out.push(fp);
    }
  }
  return out;
}

/** Silences: one copy per cluster; the most recently updated copy wins. */
function mergeSilences(
  sources: readonly SourceEntry[],
  prev: MergedView | undefined,
  notes: SilenceNotes | undefined,
): Record<string, SilenceView> {
  const silences = keyedRecord<SilenceView>();
  const silenceUpdated = new Map<string, number>();
  for (const { instance, clusterId } of sources) {
    for (const s of instance.data!.silences) {
      const key = silenceKeyOf(clusterId, s.id);
      const updated = Date.parse(s.updatedAt);
      const had = silenceUpdated.get(key);
      if (had !== undefined && !(updated > had)) continue;
      silenceUpdated.set(key, updated);
      silences[key] = silenceRecord(clusterId, s);
    }
  }
  if (notes) {
    for (const key in silences) {
      const rec = silences[key]!;
      const ack = ackOf(rec, notes.ackOwner);
      if (ack) rec.ack = ack;
      const attention = rec.state === 'active' ? notes.attention.get(key) : undefined;
      if (attention) rec.attention = attention;
    }
  }
  if (prev) {
    for (const key in silences) {
      const old = prev.silences[key];
      if (old && deepEqual(old, silences[key])) silences[key] = old;
    }
  }
  return silences;
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
