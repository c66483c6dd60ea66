// Merges the last good data of every instance into one view:
// - alerts by fingerprint across all instances (each lists where it was seen);
// - groups by `<clusterId>|<sorted group labels>` (peers of one cluster return the same group,
//   and routes with `continue` list one label set per receiver: it appears once, naming every
//   receiver; an alert in two groups with different label sets appears in both);
// - silences by `<clusterId>/<id>` (every peer returns each silence: one copy per cluster).
// The executable specification is test/core/engine/spec/spec-merge.ts, a from-scratch merge
// the property test (merge-property.test.ts) holds this one equal to.
//
// Incremental: a merge looks only at sources whose data changed since the previous merge
// (merge-intake.ts), rebuilds only the records a changed copy or listing touched, and returns
// the view AND the list of records it changed, which the diff (delta.ts) takes as given. It
// never writes into what it is given. Files: merge-input.ts (phase 1: instances, clusters,
// sources), merge-intake.ts (phases 2-3), merge-state.ts (slots, groups, queues), this file
// (phases 4-6: records and collections), merge-records.ts (building one record),
// merge-silences.ts. See README.md "Merge cost".
import type { ClusterView, GroupView, MergedView, AlertView } from '../model/view.ts';
import { keyedRecord } from '../model/own-keys.ts';
import { builtFrom } from '../model/record-values.ts';
import { sameStrings } from '../api/same-alert.ts';
import { deepEqual } from './equal.ts';
import { resolveSources, type MergeInput, type SilenceNotes } from './merge-input.ts';
import { HeldPeers } from './held-peers.ts';
import { Intake } from './merge-intake.ts';
import { buildAlert, buildGroup, groupEqual } from './merge-records.ts';
import { mergeSilences, sameNotes } from './merge-silences.ts';
import { MergeState, type AlertSlot, type GroupState } from './merge-state.ts';
import { RecordShare } from './record-share.ts';
import { AlertRecordCopy } from './alert-records.ts';
import { AlertCounts, buildSummary } from './summary.ts';

export type { MergedView } from '../model/view.ts';
export type { InstanceData, MergeInput, MergeInstance, SilenceNotes } from './merge-input.ts';
export { groupKeyOf } from './merge-records.ts';

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
  /**
   * Every group whose record or any of whose alert records changed, or that went: a group
   * record can stay the same object while one of its alerts changed (groupEqual), and the
   * list's per-group preparation must know (list/prepared-groups.ts, Changes).
   */
  touchedGroups: string[];
}

export interface MergeResult {
  view: MergedView;
  /**
   * Only when `prev` is this merger's previous result: what it remembers is relative to that
   * view alone. Otherwise undefined, and the diff visits every record.
   */
  changes: MergeChanges | undefined;
}

export class Merger {
  readonly #state = new MergeState();
  readonly #intake = new Intake(this.#state);
  readonly #counts = new AlertCounts();
  /** Lists and statuses shared between records (record-share.ts). */
  readonly #share = new RecordShare();
  /** The last result's alerts record, copied ahead for the next merge (alert-records.ts). */
  readonly #copy = new AlertRecordCopy();
  #config = '';
  /** The previous result (its records are what the slots and groups hold). */
  #last: MergedView | undefined;
  #notes: SilenceNotes | undefined;
  /** What members that stopped answering add to their cluster (held-peers.ts). */
  readonly #held = new HeldPeers();

  /**
   * Silence keys the last result's alerts are silenced by, with how many: kept as records
   * change, so silence hygiene does not walk 100,000 alerts every cycle.
   */
  get silenceUse(): ReadonlyMap<string, number> {
    return this.#counts.silenceUse;
  }

  /**
   * What the intake did since the last call: groups taken in whole because a source handed
   * them back as the same object, and alert copies compared one by one.
   */
  takeIntakeStats(): { keptGroups: number; comparedCopies: number } {
    return this.#intake.takeStats();
  }

  /**
   * Since the last call: alerts looked up by fingerprint and group keys built, where the
   * positional hints of a source's previous poll did not find them (new ones, or a miss).
   */
  takeLookupStats(): { slots: number; groupKeys: number } {
    const { lookups } = this.#state;
    const stats = { ...lookups };
    lookups.slots = 0;
    lookups.groupKeys = 0;
    return stats;
  }

  /** Alerts (fingerprints) the last result holds. */
  get alertCount(): number {
    return this.#state.slots.size;
  }

  /**
   * Takes in what the sources' polls changed since the last merge or intake (phase 2 alone),
   * ahead of the merge: at scale the core does so as each poll finishes while the merge waits
   * to take in the others (merge-scheduler.ts), so one merge does not compare twenty sources'
   * data in one task (~60 ms at 100,000 alerts). What it queues, the next merge rebuilds as if
   * it had taken the data in itself; the property test mixes both. Nothing while the severity
   * or Watchdog settings differ from the last merge's: that merge starts over anyway.
   */
  takeIn(input: MergeInput, prev: MergedView | undefined): void {
    if (configOf(input) !== this.#config) return;
    this.#intake.sync(resolveSources(input, prev, this.#held).sources);
  }

  merge(input: MergeInput, prev: MergedView | undefined): MergeResult {
    const config = configOf(input);
    if (config !== this.#config) {
      // The severity label or order changed: every record changes. (A new watchdog matcher
      // changes which alerts count: recounted from scratch too.)
      this.#state.clear();
      this.#intake.clear();
      this.#counts.clear();
      this.#counts.exclude = input.watchdog?.test;
      this.#copy.clear();
      this.#last = undefined;
      this.#config = config;
    }
    const { instances, clusters, sources } = resolveSources(input, prev, this.#held);
    this.#held.sweep();
    const held = new Set<string>();
    for (const e of sources) if (e.held) held.add(e.sourceId ?? e.instance.view.id);
    this.#intake.sync(sources);
    this.#intake.followStaleClusters(clusters);
    this.#intake.followHeld(held);
    const alertChanges = this.#rebuildAlerts(clusters, input.severityLabel, held);
    const groupChanges = this.#rebuildGroups(clusters, input.severityOrder);
    // Queued from here on (an intake ahead, the next merge) is the next merge's.
    this.#state.nextMerge();

    const last = this.#last;
    const alerts =
      last && alertChanges.changed.length + alertChanges.removed.length === 0
        ? last.alerts
        : this.#alertRecords(last?.alerts, alertChanges);
    const groups =
      last && groupChanges.changed.length + groupChanges.removed.length === 0
        ? last.groups
        : this.#groupRecords();
    let silencesDirty = this.#intake.takeSilencesDirty();
    if (!sameNotes(input.silenceNotes, this.#notes)) {
      this.#notes = input.silenceNotes;
      silencesDirty = true;
    }
    const silences =
      last && !silencesDirty ? last.silences : mergeSilences(sources, prev, input.silenceNotes);

    const summary = buildSummary(
      input.instances.map((m) => m.view),
      instances,
      clusters,
      this.#counts,
      input.severityLabel,
      input.severityOrder,
      input.pipelineSilent?.(this.#counts.excludedOn, clusters),
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
    const changes: MergeChanges = {
      alerts: alertChanges.changed,
      removedAlerts: alertChanges.removed,
      groups: groupChanges.changed,
      removedGroups: groupChanges.removed,
      touchedGroups: groupChanges.touched,
    };
    return { view, changes: tracked ? changes : undefined };
  }

  // ---- phase 4: alert records -------------------------------------------------------------

  #rebuildAlerts(
    clusters: Record<string, ClusterView>,
    severityLabel: string,
    held: ReadonlySet<string>,
  ): { changed: AlertView[]; removed: string[] } {
    const changed: AlertView[] = [];
    const removed: string[] = [];
    const state = this.#state;
    for (const slot of state.takeSlots()) {
      const old = slot.view;
      if (slot.copies.length === 0) {
        state.slots.delete(slot.fp);
        if (old) {
          this.#counts.add(old, -1);
          removed.push(slot.fp);
        }
        for (const gs of slot.groups) if (!gs.dead) state.queueGroup(gs);
        continue;
      }
      sortBySource(slot);
      const view = buildAlert(slot.fp, slot.copies, clusters, severityLabel, this.#share, held);
      if (old && deepEqual(old, view)) continue;
      slot.view = view;
      if (old) this.#counts.add(old, -1);
      this.#counts.add(view, 1);
      changed.push(view);
      for (const gs of slot.groups) if (!gs.dead) state.queueGroup(gs);
    }
    return { changed, removed };
  }

  // ---- phase 5: group records -------------------------------------------------------------

  #rebuildGroups(
    clusters: Record<string, ClusterView>,
    severityOrder: readonly string[],
  ): { changed: GroupView[]; removed: string[]; touched: string[] } {
    const changed: GroupView[] = [];
    const removed: string[] = [];
    const touched: string[] = [];
    const state = this.#state;
    const record = (fp: string): AlertView => state.slots.get(fp)!.view!;
    for (const gs of state.takeGroups()) {
      // Queued because its listing or one of its alerts changed (rebuildAlerts).
      touched.push(gs.key);
      const old = gs.view;
      if (gs.listings.size === 0) {
        gs.dead = true;
        state.groups.delete(gs.key);
        if (old) {
          removed.push(gs.key);
          this.#unlink(gs, old.alerts, undefined);
        }
        continue;
      }
      const fps = membersOf(gs);
      const view = buildGroup({
        key: gs.key,
        clusterId: gs.clusterId,
        receivers: receiversOf(gs),
        labels: gs.labels,
        fps,
        record,
        severityOrder,
        stale: clusters[gs.clusterId]!.stale,
        routeLabels: gs.routeLabels,
      });
      if (old && groupEqual(old, view)) continue;
      gs.view = view;
      changed.push(view);
      if (!old || !sameStrings(old.alerts, fps)) {
        if (old) this.#unlink(gs, old.alerts, fps);
        for (const fp of fps) {
          const slot = state.slots.get(fp)!;
          if (!slot.groups.includes(gs)) slot.groups = slot.groups.concat(gs);
        }
      }
    }
    return { changed, removed, touched };
  }

  /** Forgets that these alerts are listed by `gs`, except those it still lists. */
  #unlink(gs: GroupState, fps: readonly string[], still: readonly string[] | undefined): void {
    const keep = still && new Set(still);
    for (const fp of fps) {
      if (keep?.has(fp)) continue;
      const slot = this.#state.slots.get(fp);
      if (!slot) continue;
      const i = slot.groups.indexOf(gs);
      if (i >= 0) slot.groups.splice(i, 1);
    }
  }

  // ---- phase 6: the collections -----------------------------------------------------------

  /**
   * A new alerts collection (the previous view's one stays as it was: views are immutable):
   * the copy of the previous one made ahead with these changes, or built from the slots.
   */
  // Keyed by the server's fingerprints: no prototype, so "__proto__" is a key (own-keys.ts).
  #alertRecords(
    prev: Readonly<Record<string, AlertView>> | undefined,
    changes: { changed: AlertView[]; removed: string[] },
  ): Record<string, AlertView> {
    const list: AlertView[] = [];
    const copied = this.#copy.take(prev, changes.changed, changes.removed);
    const out = copied ?? keyedRecord<AlertView>();
    if (copied) for (const slot of this.#state.slots.values()) list.push(slot.view!);
    else for (const slot of this.#state.slots.values()) list.push((out[slot.fp] = slot.view!));
    builtFrom(out, list);
    this.#copy.follow(out, list);
    return out;
  }

  /**
   * Copies the last result's alerts record ahead for the next merge, for about `budgetMs`;
   * true while copying is left (the core calls it in idle turns at scale).
   */
  prepareNext(budgetMs: number): boolean {
    return this.#copy.work(budgetMs);
  }

  #groupRecords(): Record<string, GroupView> {
    const out = keyedRecord<GroupView>();
    const list: GroupView[] = [];
    for (const gs of this.#state.groups.values()) if (gs.view) list.push((out[gs.key] = gs.view));
    builtFrom(out, list);
    return out;
  }
}

/** What makes every record change when it does (the severity label and order, the Watchdog). */
function configOf(input: MergeInput): string {
  return `${input.severityLabel}\u0000${input.severityOrder.join('\u0000')}\u0001${input.watchdog?.text ?? ''}`;
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
function receiversOf(gs: GroupState): string[] {
  if (gs.receivers.size === 1) return gs.receivers.values().next().value!;
  const all = new Set<string>();
  for (const list of gs.receivers.values()) for (const r of list) all.add(r);
  return [...all].sort();
}

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
