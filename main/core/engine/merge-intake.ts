// What each source (an instance whose data the view uses) contributed to the merged view, and
// phases 2-3 of a merge: take in the sources whose data changed and queue the records that a
// changed copy or listing touches. A new poll of one source is compared with that source's
// previous contribution alone; positional hints (a server lists its groups and a group's
// alerts in the same order poll after poll) find the previous slot without a hash lookup.
//
// The data is read, never written: the merger keeps its own copies list per alert and its
// own listing per group. The merger (merge.ts) rebuilds what is queued.
import type { GettableAlert } from '../api/types.ts';
import { sameAlert, sameStrings } from '../api/same-alert.ts';
import type { ClusterView } from '../model/view.ts';
import { deepEqual } from './equal.ts';
import type { InstanceData, SourceEntry } from './merge-input.ts';
import type { AlertSlot, GroupState, Listing, MergeState, Source } from './merge-state.ts';

/** Takes in the sources' data, queuing in `state` what each change touches. */
export class Intake {
  readonly #state: MergeState;
  readonly #sources = new Map<string, Source>();
  /** Source ids in the previous merge's order. */
  #order: string[] = [];
  #stale = new Set<string>();
  /** Sources that are members which stopped answering (their records are stale). */
  #held: ReadonlySet<string> = new Set<string>();
  #load = 0;
  /** Silences change only with a source's data. */
  #silencesDirty = true;
  /** The current load met an alert it had listed already (in another group or this one). */
  #repeated = false;
  /** Groups taken in whole from the previous poll and alert copies compared (see `stats`). */
  #kept = 0;
  #compared = 0;

  constructor(state: MergeState) {
    this.#state = state;
  }

  clear(): void {
    this.#sources.clear();
    this.#order = [];
    this.#stale = new Set();
    this.#held = new Set();
    this.#silencesDirty = true;
  }

  /**
   * Since the last call: groups a source handed back as the same object (taken in without
   * visiting their alerts' copies) and alert copies visited. For tests and measurements.
   */
  takeStats(): { keptGroups: number; comparedCopies: number } {
    const stats = { keptGroups: this.#kept, comparedCopies: this.#compared };
    this.#kept = 0;
    this.#compared = 0;
    return stats;
  }

  /** Whether a source's data changed or a source came or went since the last call. */
  takeSilencesDirty(): boolean {
    const dirty = this.#silencesDirty;
    this.#silencesDirty = false;
    return dirty;
  }

  // ---- phase 2: take in what each source's data changed -------------------------------

  sync(list: readonly SourceEntry[]): void {
    const byId = new Map(list.map((e) => [sourceIdOf(e), e]));
    for (const [id, src] of this.#sources) {
      const e = byId.get(id);
      if (e === undefined || e.clusterId !== src.clusterId) {
        this.#retract(src);
        this.#sources.delete(id);
      }
    }
    // Copies are ordered by source rank: when kept sources change their relative order (a
    // settings reorder, a cluster regrouping), every record may list them otherwise.
    const ids = list.map(sourceIdOf);
    const kept = ids.filter((id) => this.#sources.has(id));
    const keptBefore = this.#order.filter((id) => this.#sources.has(id));
    if (!sameStrings(kept, keptBefore)) {
      this.#state.queueEverything();
      // A silence two sources list is the first one's copy too (merge-silences.ts).
      this.#silencesDirty = true;
    }
    this.#order = ids;
    list.forEach((e, rank) => {
      const data = e.instance.data;
      const id = sourceIdOf(e);
      let src = this.#sources.get(id);
      if (!src) {
        src = {
          id,
          instanceId: e.instance.view.id,
          heldAlways: e.sourceId !== undefined,
          clusterId: e.clusterId,
          rank,
          data,
          listed: [],
          plain: false,
        };
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
    // The previous poll's groups, position for position, when its listings line up with them
    // (no label set or alert listed twice): a group handed back as the same object (the client
    // does so for a group whose text is unchanged, api/alert-groups-reader.ts) lists the same
    // alert objects as before, and each is this source's copy already.
    const oldGroups =
      src.plain && oldListed.length === src.data.groups.length ? src.data.groups : undefined;
    let plain = true;
    this.#repeated = false;
    // Label sets this poll lists more than once: under several receivers (routes with
    // `continue`), or a broken server repeating a group. Their listing is the union.
    let again: Map<GroupState, Listing> | undefined;
    // Where the previous poll's group j is now: a group that appeared or went shifts every
    // later one by one position, and the hint follows (one look at each neighbour) instead
    // of building every later group's key.
    let shift = 0;
    /** Where each group of the previous poll was listed (built at the first group out of place). */
    let at: Map<GroupState, number> | undefined;
    for (let j = 0; j < data.groups.length; j++) {
      const g = data.groups[j]!;
      let hint = oldListed[j + shift];
      if (hint !== undefined && !this.#state.isGroupAt(src, hint.gs, g)) {
        const next = oldListed[j + shift + 1];
        const back = oldListed[j + shift - 1];
        if (next !== undefined && this.#state.isGroupAt(src, next.gs, g)) {
          shift++;
          hint = next;
        } else if (back !== undefined && this.#state.isGroupAt(src, back.gs, g)) {
          shift--;
          hint = back;
        }
      }
      const gs = this.#state.groupAt(src, hint?.gs, g);
      if (hint?.gs !== gs && oldListed.length > 0) {
        // Not where the neighbours are: a server that lists its groups in another order (the
        // same groups rotated, or sorted otherwise). Its listing is found by group, and the
        // positional walk goes on from there: one key built, not one per group and alert.
        at ??= positionsOf(oldListed);
        const k = at.get(gs);
        if (k !== undefined) {
          hint = oldListed[k];
          shift = k - j;
        }
      }
      if (!deepEqual(gs.routeLabels, g.routeLabels)) {
        gs.routeLabels = g.routeLabels;
        this.#state.queueGroup(gs);
      }
      if (
        hint !== undefined &&
        g === oldGroups?.[j + shift] &&
        hint.gs === gs &&
        gs.touched !== token
      ) {
        this.#keep(hint, token);
        gs.touched = token;
        listed.push(hint);
        again?.set(gs, hint);
        continue;
      }
      // The same group at the same position: its alerts are probably at the same positions too.
      const before = hint !== undefined && hint.gs === gs ? hint : undefined;
      const { fps, slots } = this.#listAlerts(src, g.alerts, before, token);
      const receiver = g.receiver.name;
      if (gs.touched === token) {
        plain = false;
        again ??= new Map(listed.map((l) => [l.gs, l]));
        unite(again.get(gs)!, fps, slots, receiver);
        continue;
      }
      gs.touched = token;
      const l: Listing = { gs, fps, slots, receivers: [receiver], token };
      listed.push(l);
      again?.set(gs, l);
    }
    for (const l of listed) {
      const was = l.gs.listings.get(src);
      const wasReceivers = l.gs.receivers.get(src);
      if (was === l.fps && wasReceivers === l.receivers) continue;
      l.gs.listings.set(src, l.fps);
      l.gs.receivers.set(src, l.receivers);
      if (
        was === undefined ||
        !sameStrings(was, l.fps) ||
        wasReceivers === undefined ||
        !sameStrings(wasReceivers, l.receivers)
      )
        this.#state.queueGroup(l.gs);
    }
    // What it no longer lists.
    for (const l of oldListed) {
      if (l.token === token) continue; // kept whole: every slot of it is listed again
      for (const slot of l.slots) if (slot.seen !== token) this.#dropCopy(slot, src);
      if (l.gs.touched !== token) this.#forget(l.gs, src);
    }
    src.data = data;
    src.listed = listed;
    src.plain = plain && !this.#repeated;
  }

  /**
   * A group the source handed back as it was: its listing stands, and every copy it lists is
   * the object it lists (nothing to compare). Its alerts are marked listed, so a later group of
   * this poll listing one of them sees a repeat as before.
   */
  #keep(l: Listing, token: number): void {
    this.#kept++;
    for (const slot of l.slots) {
      if (slot.seen === token) this.#repeated = true;
      else slot.seen = token;
    }
    l.token = token;
  }

  #forget(gs: GroupState, src: Source): void {
    gs.receivers.delete(src);
    if (gs.listings.delete(src)) this.#state.queueGroup(gs);
  }

  /**
   * One group's alerts of a source's poll: their slots, each copy taken in. A listing equal to
   * the previous one (the common case: every HA peer lists the same alerts poll after poll)
   * keeps the previous arrays: nothing is allocated, and the listing compares by identity.
   */
  #listAlerts(
    src: Source,
    alerts: readonly GettableAlert[],
    before: Listing | undefined,
    token: number,
  ): { fps: string[]; slots: AlertSlot[] } {
    const prev = before?.slots;
    // Built only from the first difference from `prev` (until then, `same` alerts match it).
    let fps: string[] | undefined;
    let slots: AlertSlot[] | undefined;
    let same = 0;
    // Only an alert this source already listed (in another group, with `continue` routes,
    // or a broken server repeating it) needs a check against repeats within this group.
    let inGroup: Set<AlertSlot> | undefined;
    // As for groups: an alert that went or came shifts the later ones by one position.
    let shift = 0;
    for (let i = 0; i < alerts.length; i++) {
      const a = alerts[i]!;
      const fp = a.fingerprint;
      let slot = prev?.[i + shift];
      if (slot === undefined || slot.fp !== fp || slot.copies.length === 0) {
        const next = prev?.[i + shift + 1];
        const back = prev?.[i + shift - 1];
        if (next !== undefined && next.fp === fp && next.copies.length > 0) {
          slot = next;
          shift++;
        } else if (back !== undefined && back.fp === fp && back.copies.length > 0) {
          slot = back;
          shift--;
        } else slot = this.#state.slotOf(fp);
      }
      if (slot.seen === token) {
        this.#repeated = true;
        if (slots === undefined) {
          fps = before?.fps.slice(0, same) ?? [];
          slots = prev?.slice(0, same) ?? [];
        }
        inGroup ??= new Set(slots);
        if (inGroup.has(slot)) continue;
      } else {
        slot.seen = token;
        this.#takeCopy(slot, src, a);
      }
      inGroup?.add(slot);
      if (slots === undefined) {
        if (prev !== undefined && same === i && prev[i] === slot) {
          same++;
          continue;
        }
        fps = before?.fps.slice(0, same) ?? [];
        slots = prev?.slice(0, same) ?? [];
      }
      fps!.push(fp);
      slots.push(slot);
    }
    if (slots !== undefined) return { fps: fps!, slots };
    if (before !== undefined && same === before.slots.length) return before;
    return {
      fps: before === undefined ? [] : before.fps.slice(0, same),
      slots: prev?.slice(0, same) ?? [],
    };
  }

  /** A source's copy of an alert: new, changed (its slot is queued) or the same. */
  #takeCopy(slot: AlertSlot, src: Source, a: GettableAlert): void {
    this.#compared++;
    const k = slot.sources.indexOf(src);
    if (k < 0) {
      // Replaced by an exact-size copy (concat), not pushed: a pushed-to (or spread) array
      // reserves 17 slots, and there is one per alert (measured: 70 MB at 100,000 alerts
      // for these two and slot.groups).
      slot.copies = slot.copies.concat(
        src.heldAlways
          ? { raw: a, instanceId: src.instanceId, clusterId: src.clusterId, held: true }
          : { raw: a, instanceId: src.instanceId, clusterId: src.clusterId },
      );
      slot.sources = slot.sources.concat(src);
      this.#state.queueSlot(slot);
      return;
    }
    const copy = slot.copies[k]!;
    if (copy.raw === a) return; // an unchanged group the client handed back as it was
    if (!sameAlert(copy.raw, a)) this.#state.queueSlot(slot);
    // The poll's object from now on (the old poll's must not stay referenced). The reader
    // gives an unchanged alert its previous object (api/alert-reuse.ts), so equal copies of
    // a parsed poll are normally that same object and the record's source stays the one held.
    copy.raw = a;
  }

  /** A source stops contributing (unused, moved to another cluster, or gone). */
  #retract(src: Source): void {
    this.#silencesDirty = true;
    for (const l of src.listed) {
      for (const slot of l.slots) this.#dropCopy(slot, src);
      this.#forget(l.gs, src);
    }
  }

  #dropCopy(slot: AlertSlot, src: Source): void {
    const i = slot.sources.indexOf(src);
    if (i < 0) return; // listed in two groups: dropped already
    slot.sources.splice(i, 1);
    slot.copies.splice(i, 1);
    this.#state.queueSlot(slot);
  }

  // ---- phase 3: clusters turning stale or fresh -----------------------------------------

  /** A cluster's stale flag is part of its alerts' and groups' records. */
  followStaleClusters(clusters: Record<string, ClusterView>): void {
    const stale = new Set<string>();
    for (const id in clusters) if (clusters[id]!.stale) stale.add(id);
    const flipped = symmetricDifference(stale, this.#stale);
    this.#stale = stale;
    this.#requeue((src) => flipped.has(src.clusterId));
  }

  /**
   * Requeues the records of sources that became or stopped being held members (merge-input.ts,
   * held-peers.ts): a member answering again may list copies equal to those it was held with,
   * but the records' stale flags change.
   */
  followHeld(held: ReadonlySet<string>): void {
    const flipped = symmetricDifference(held, this.#held);
    this.#held = held;
    this.#requeue((src) => flipped.has(src.id));
  }

  /** Queues every alert and group record the chosen sources list. */
  #requeue(chosen: (src: Source) => boolean): void {
    for (const src of this.#sources.values()) {
      if (!chosen(src)) continue;
      for (const l of src.listed) {
        for (const slot of l.slots) this.#state.queueSlot(slot);
        this.#state.queueGroup(l.gs);
      }
    }
  }
}

/** What is in one set and not in the other. */
function symmetricDifference(a: ReadonlySet<string>, b: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const x of a) if (!b.has(x)) out.add(x);
  for (const x of b) if (!a.has(x)) out.add(x);
  return out;
}

/** Each group's position in a source's previous listings (the first, if listed twice). */
function positionsOf(listed: readonly Listing[]): Map<GroupState, number> {
  const at = new Map<GroupState, number>();
  for (let k = listed.length - 1; k >= 0; k--) at.set(listed[k]!.gs, k);
  return at;
}

/** A label set listed again in one poll: its listing becomes the union (first order kept). */
function unite(first: Listing, fps: string[], slots: AlertSlot[], receiver: string): void {
  const have = new Set(first.fps);
  let merged: string[] | undefined;
  const added: AlertSlot[] = [];
  for (let i = 0; i < fps.length; i++) {
    if (have.has(fps[i]!)) continue;
    merged ??= first.fps.slice();
    merged.push(fps[i]!);
    added.push(slots[i]!);
  }
  // Listings are shared with records once stored, and a listing equal to the previous poll's
  // keeps its arrays (#listAlerts): a changed one is a new array.
  if (merged) {
    first.fps = merged;
    first.slots = first.slots.concat(added);
  }
  if (!first.receivers.includes(receiver)) first.receivers = [...first.receivers, receiver].sort();
}

function sourceIdOf(e: SourceEntry): string {
  return e.sourceId ?? e.instance.view.id;
}
