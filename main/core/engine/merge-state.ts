// The merger's memory between merges: a slot per fingerprint (its copies and its record), a
// state per group key (who lists what, and its record), and the queues of records to rebuild.
// The intake (merge-intake.ts) fills the queues; the merger (merge.ts) rebuilds what is queued.
import type { AlertGroup, GettableAlert } from '../api/types.ts';
import { sameLabels } from '../api/same-alert.ts';
import type { AlertView, GroupView } from '../model/view.ts';
import type { InstanceData } from './merge-input.ts';
import { groupKeyOf, type AlertCopy } from './merge-records.ts';

/** One instance whose data the view uses: what it contributed in the previous merge. */
export interface Source {
  /** The instance's id, or another key for its alerts from before a restart (merge-input.ts). */
  id: string;
  /** The instance whose alerts these are. */
  instanceId: string;
  /** Its alerts are last known, never current (a restarted server's old alerts). */
  heldAlways: boolean;
  clusterId: string;
  /** Position in this merge's source order (picks representatives, orders copies). */
  rank: number;
  /** The data taken in (kept to recognise it: an unchanged poll hands back the same object). */
  data: InstanceData;
  /**
   * Its groups in its /alerts/groups order, each with the slots of the alerts it lists there:
   * the positional hint for its next poll, and the list of its copies (every slot it lists
   * has one).
   */
  listed: Listing[];
  /** Its last load listed no label set and no alert twice (its listings line up with data). */
  plain: boolean;
}

export interface Listing {
  gs: GroupState;
  /** Fingerprints listed (repeats removed), shared with the group record: never mutated. */
  fps: string[];
  slots: AlertSlot[];
  /** Receivers it lists the group under (sorted): one label set, several routes. */
  receivers: string[];
  /** The load that made or kept it. */
  token: number;
}

/** Everything known about one fingerprint: its copies and its record. */
export interface AlertSlot {
  fp: string;
  /** Copies, unordered (sorted by source rank when the record is built); parallel to sources. */
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

/**
 * One group key (cluster and label set): which source lists which alerts under which
 * receivers, and the record. A route tree with `continue: true` sends one alert to a pager
 * and a team receiver; the server lists the same label set once per receiver, and the user
 * sees one group naming both.
 */
export interface GroupState {
  key: string;
  clusterId: string;
  labels: GettableAlert['labels'];
  /** 0.34's route labels, as the last source that listed the group gave them. */
  routeLabels: AlertGroup['routeLabels'];
  /** Per source, the fingerprints it lists in this group (never mutated once stored). */
  listings: Map<Source, string[]>;
  /** Per source, the receivers it lists this label set under (sorted, never mutated). */
  receivers: Map<Source, string[]>;
  view: GroupView | undefined;
  queued: number;
  /** Load that last touched it (a server listing one group twice). */
  touched: number;
  /** Dropped from the merger (a positional hint may still point here). */
  dead: boolean;
}

export class MergeState {
  readonly slots = new Map<string, AlertSlot>();
  readonly groups = new Map<string, GroupState>();
  /**
   * Merge generation: a record is queued at most once per merge, counting what an intake
   * ahead of it queued (merge.ts takeIn). Starts above a new record's `queued` (0).
   */
  #gen = 1;
  #queuedSlots: AlertSlot[] = [];
  #queuedGroups: GroupState[] = [];
  /** Lookups by key (a positional hint missed): fingerprints looked up, group keys built. */
  readonly lookups = { slots: 0, groupKeys: 0 };

  /** Forget everything (a hint still pointing at a group finds it dead). */
  clear(): void {
    for (const gs of this.groups.values()) gs.dead = true;
    this.slots.clear();
    this.groups.clear();
    this.#queuedSlots = [];
    this.#queuedGroups = [];
  }

  /** The merge took its queues: what is queued from now on is the next merge's. */
  nextMerge(): void {
    this.#gen++;
  }

  /** The slots queued so far (the queue starts again empty). */
  takeSlots(): AlertSlot[] {
    const q = this.#queuedSlots;
    this.#queuedSlots = [];
    return q;
  }

  takeGroups(): GroupState[] {
    const q = this.#queuedGroups;
    this.#queuedGroups = [];
    return q;
  }

  queueSlot(slot: AlertSlot): void {
    if (slot.queued === this.#gen) return;
    slot.queued = this.#gen;
    this.#queuedSlots.push(slot);
  }

  queueGroup(gs: GroupState): void {
    if (gs.queued === this.#gen) return;
    gs.queued = this.#gen;
    this.#queuedGroups.push(gs);
  }

  queueEverything(): void {
    for (const slot of this.slots.values()) this.queueSlot(slot);
    for (const gs of this.groups.values()) this.queueGroup(gs);
  }

  slotOf(fp: string): AlertSlot {
    this.lookups.slots++;
    let slot = this.slots.get(fp);
    if (!slot) {
      slot = { fp, copies: [], sources: [], view: undefined, queued: 0, groups: [], seen: 0 };
      this.slots.set(fp, slot);
    }
    return slot;
  }

  /** Whether `hint` is the state of this source's group `g` (labels compared, no key built). */
  isGroupAt(src: Source, hint: GroupState, g: AlertGroup): boolean {
    return !hint.dead && hint.clusterId === src.clusterId && sameLabels(hint.labels, g.labels);
  }

  /**
   * The group state of a source's group: the one at the same position of its previous poll
   * when it still matches, without building the key (sorted, quoted labels); otherwise by key.
   */
  groupAt(src: Source, hint: GroupState | undefined, g: AlertGroup): GroupState {
    if (hint !== undefined && this.isGroupAt(src, hint, g)) return hint;
    this.lookups.groupKeys++;
    const key = groupKeyOf(src.clusterId, g.labels);
    let gs = this.groups.get(key);
    if (!gs) {
      gs = {
        key,
        clusterId: src.clusterId,
        labels: g.labels,
        routeLabels: g.routeLabels,
        listings: new Map(),
        receivers: new Map(),
        view: undefined,
        queued: 0,
        touched: 0,
        dead: false,
      };
      this.groups.set(key, gs);
    }
    return gs;
  }
}
