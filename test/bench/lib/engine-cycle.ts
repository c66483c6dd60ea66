// One core cycle after parsing, called directly on the engine's own modules (no network),
// doing what createCore's rebuild() does after a poll: merge every instance's last good data
// into the view (Merger), diff against the previous view (diffViews), turn the change into
// events and notifications (EventPipeline: EventDiffer + NotificationPolicy), and serialise
// the delta message the renderer receives.
//
// Instance records change every poll in the real core (InstanceRuntime.view() carries
// lastPollAt and lastPollMs), so this does the same: `instanceMeta: 'per-poll'` (default)
// stamps them like a real poll; 'static' leaves them out to isolate alert/group changes.
import { diffViews } from '../../../main/core/engine/delta.ts';
import { EventPipeline } from '../../../main/core/engine/events.ts';
import { Merger, type MergeInput, type MergedView } from '../../../main/core/engine/merge.ts';
import { COALESCE_FROM } from '../../../main/core/engine/merge-scheduler.ts';
import type { ViewMessage, ViewSnapshot } from '../../../main/core/model/view.ts';
import type { CycleReport } from '../../../main/core/service.ts';
import { defaultSettings } from '../../../main/core/settings/defaults.ts';
import type { EngineFeed } from './engine-feed.ts';

export interface CycleResult {
  /** Bytes of the JSON message sent to the renderer (0: no delta at all). */
  deltaBytes: number;
  upserts: number;
  removes: number;
  /** Upserted records per collection. */
  upsertBy: Record<string, number>;
  events: number;
  notifications: number;
  /** Milliseconds spent in each step of the cycle. */
  phases: { merge: number; diff: number; serialise: number; policy: number };
}

const START_MS = Date.parse('2026-06-01T00:00:00.000Z');
const INTERVAL_MS = 15_000;

export class EngineCycle {
  readonly #merger = new Merger();
  readonly #pipeline = new EventPipeline();
  readonly #settings = defaultSettings();
  #prev: MergedView | undefined;
  #seq = 0;
  #cycleNo = 0;
  readonly #feed: EngineFeed;
  readonly #instanceMeta: 'per-poll' | 'static';
  /** Called in the cycle, as the core calls its cycle listeners (the history recorder). */
  readonly #onCycle: ((report: CycleReport) => void) | undefined;

  constructor(
    feed: EngineFeed,
    instanceMeta: 'per-poll' | 'static' = 'per-poll',
    onCycle?: (report: CycleReport) => void,
  ) {
    this.#feed = feed;
    this.#instanceMeta = instanceMeta;
    this.#onCycle = onCycle;
  }

  #nowMs(): number {
    return START_MS + this.#cycleNo * INTERVAL_MS;
  }

  /** Input for the next cycle: fresh payload objects for every instance (not timed). */
  prepare(): MergeInput {
    this.#cycleNo++;
    const payloads = this.#feed.payloads();
    const now = this.#nowMs();
    return {
      instances: this.#feed.instances.map((inst, k) => {
        const view = { ...inst.view };
        if (this.#instanceMeta === 'per-poll') {
          const iso = new Date(now).toISOString();
          view.lastPollAt = iso;
          view.lastSuccessAt = iso;
          // Poll durations vary from poll to poll.
          view.lastPollMs = 150 + ((this.#cycleNo * 7 + k * 13) % 50);
        }
        return { view, data: { groups: payloads[k]!, silences: [] } };
      }),
      clusterNames: {},
      severityLabel: this.#settings.severityLabel,
      severityOrder: this.#settings.severityOrder,
    };
  }

  /**
   * What the core does in idle turns between merges at scale (create-core.ts #workAhead):
   * the next alerts record copied ahead. Not timed with the cycle; returns its ms.
   */
  workAhead(): number {
    if (this.#merger.alertCount < COALESCE_FROM) return 0;
    const t = performance.now();
    while (this.#merger.prepareNext(50));
    return performance.now() - t;
  }

  /** The timed part: merge, diff, events + policy, serialise. */
  run(input: MergeInput): CycleResult {
    let t = performance.now();
    const lap = (): number => {
      const now = performance.now();
      const ms = now - t;
      t = now;
      return ms;
    };
    const { view: next, changes } = this.#merger.merge(input, this.#prev);
    const result: CycleResult = {
      deltaBytes: 0,
      upserts: 0,
      removes: 0,
      upsertBy: {},
      events: 0,
      notifications: 0,
      phases: { merge: lap(), diff: 0, serialise: 0, policy: 0 },
    };
    const prev = this.#prev;
    this.#prev = next;
    if (!prev) return result;
    const delta = diffViews(prev, next, this.#seq + 1, changes);
    result.phases.diff = lap();
    if (!delta) return result;
    this.#seq = delta.seq;
    const message: ViewMessage = { type: 'delta', delta };
    result.deltaBytes = Buffer.byteLength(JSON.stringify(message));
    result.phases.serialise = lap();
    for (const [c, list] of Object.entries(delta.upsert)) {
      result.upsertBy[c] = list?.length ?? 0;
      result.upserts += list?.length ?? 0;
    }
    for (const list of Object.values(delta.remove)) result.removes += list?.length ?? 0;
    const previous = { seq: this.#seq - 1, ...prev };
    const view = { seq: this.#seq, ...next };
    const outcome = this.#pipeline.process(previous, view, this.#settings, this.#nowMs(), changes);
    // As the core does after every merge (create-core.ts): reminders of unacknowledged alerts.
    const reminders = this.#pipeline.reminders(view, this.#settings, this.#nowMs());
    const events = [...outcome.events, ...reminders.events];
    const notifications = [...outcome.notifications, ...reminders.notifications];
    if (this.#onCycle && events.length > 0) {
      this.#onCycle({ at: this.#nowMs(), view, previous, ...outcome, events, notifications });
    }
    result.events = events.length;
    result.notifications = notifications.length;
    result.phases.policy = lap();
    return result;
  }

  /**
   * What the notification policy remembers (diagnostic for the heap case): firing episodes and
   * its `current` index (cluster+fingerprint -> episode).
   */
  get policyMemory(): { episodes: number; current: number } {
    const { episodes, current } = this.#pipeline.policyMemory;
    return { episodes, current };
  }

  /** The current view as a snapshot (what a new subscriber receives). */
  view(): ViewSnapshot {
    if (!this.#prev) throw new Error('no cycle yet');
    return { seq: this.#seq, ...this.#prev };
  }

  /** Size of the current view as a snapshot message (what a new subscriber receives). */
  snapshotBytes(): number {
    if (!this.#prev) return 0;
    const message: ViewMessage = { type: 'snapshot', snapshot: { seq: this.#seq, ...this.#prev } };
    return Buffer.byteLength(JSON.stringify(message));
  }
}
