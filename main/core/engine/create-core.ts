// createCore: the Electron-free engine behind the `Core` facade, composed of named parts:
// the instances (fleet.ts), when to merge (merge-scheduler.ts), the merge (merge.ts) and its
// delta (delta.ts), events and notifications (events.ts, through the notification policy),
// hygiene flags and duplicate notices (hygiene-notices.ts, duplicate-watch.ts, raised through
// the same policy), ack tending (ack-tending.ts), the silence commands (silence-commands.ts)
// and the connection test (connection-test.ts). This file wires them and runs a merge.
import { hostname } from 'node:os';
import type { AlertmanagerStatus } from '../api/types.ts';
import type { AppNotification, CoreEvent } from '../model/events.ts';
import type { ViewDelta, ViewMessage, ViewSnapshot } from '../model/view.ts';
import {
  systemClock,
  type Clock,
  type Core,
  type CycleReport,
  type InstanceSecrets,
  type TestAlertReport,
  type TestAlertRequest,
  type TestConnectionResult,
} from '../service.ts';
import type { InstanceSettings, Settings } from '../settings/types.ts';
import { ownerTag } from '../silences/ack.ts';
import { AckLedger } from '../silences/ack-ledger.ts';
import { SilenceActions } from '../silences/actions.ts';
import { AckTending } from './ack-tending.ts';
import { scheduleOverview } from '../schedules/overview.ts';
import { ScheduleWriter } from '../schedules/writer.ts';
import { draftFromTemplate } from '../schedules/template.ts';
import { testConnection } from './connection-test.ts';
import { CoreListeners } from './core-listeners.ts';
import { diffViews } from './delta.ts';
import { DuplicateWatch } from './duplicate-watch.ts';
import { EventPipeline, type CycleOutcome } from './events.ts';
import { Fleet } from './fleet.ts';
import { HygieneNotices } from './hygiene-notices.ts';
import type { InstanceDeps } from './instance.ts';
import { instanceDeps, validSettings, type CoreOptions } from './core-options.ts';
import { Merger, type MergeChanges, type MergedView } from './merge.ts';
import { COALESCE_FROM, MergeScheduler } from './merge-scheduler.ts';
import { OutcomeQueue } from './outcome-queue.ts';
import { PipelineWatch } from './pipeline-watch.ts';
import { silenceCommands } from './silence-commands.ts';
import { labelTest } from '../matchers/label-test.ts';
import { sendTestAlertTo } from './test-alert.ts';
import { ChangeLog } from './change-log.ts';
import { nextTurn } from '../api/event-loop-turns.ts';
import { valuesOf } from '../model/record-values.ts';
import type { Changes } from '../list/prepared-groups.ts';

export type { CoreOptions };

export function createCore(options: CoreOptions): Core {
  return new EngineCore(options);
}

/** Longest slice of work ahead per turn. */
const WORK_AHEAD_SLICE_MS = 4;
/** Alerts from which a merge's outcome runs a turn after it (and never later than COALESCE_FROM). */
const OUTCOME_LATER_FROM = 5_000;

class EngineCore implements Core {
  #settings: Settings;
  readonly #clock: Clock;
  readonly #deps: Omit<InstanceDeps, 'onCycle'>;
  readonly #fleet: Fleet;
  readonly #merger = new Merger();
  /** The events and notifications of each merge, in order (a turn later at scale). */
  readonly #outcomes = new OutcomeQueue();
  readonly #events = new EventPipeline();
  readonly #listeners = new CoreListeners();
  readonly #scheduler: MergeScheduler;
  readonly #actions: SilenceActions;
  readonly #acks: AckTending;
  readonly #hygiene: HygieneNotices;
  readonly #duplicates = new DuplicateWatch((events) => this.#raise(events));
  readonly #ledger: AckLedger;
  readonly #pipeline: PipelineWatch;
  #view: MergedView;
  #seq = 0;
  readonly #changeLog = new ChangeLog();
  #started = false;
  /** Alerts from which the merge works ahead in idle turns (coalesceFrom), and whether it does. */
  readonly #scale: number;
  #workingAhead = false;
  #paused = false;
  readonly silences: Core['silences'];
  readonly schedules: Core['schedules'];
  readonly #writer: ScheduleWriter;

  constructor(o: CoreOptions) {
    this.#settings = validSettings(o.settings);
    this.#clock = o.clock ?? systemClock;
    this.#deps = instanceDeps(o, this.#clock);
    const osUser = o.osUser ?? '';
    this.#hygiene = new HygieneNotices(o.hygieneMemory);
    this.#pipeline = new PipelineWatch(o.watchdogMemory, (m) => console.warn(m));
    this.#ledger = new AckLedger({
      ...(o.ackLedger ? { store: o.ackLedger } : {}),
      now: () => this.#clock.now(),
      // The view says whose acks are whose as soon as the ledger changes (or was read); never
      // from inside a merge (ack tending prunes the ledger there).
      changed: () => queueMicrotask(() => this.#merge()),
    });
    this.#scale = o.coalesceFrom ?? COALESCE_FROM;
    this.#scheduler = new MergeScheduler({
      clock: this.#clock,
      coalesceFrom: this.#scale,
      alertCount: () => this.#merger.alertCount,
      merge: () => this.#merge(),
      takeIn: () => this.#merger.takeIn(this.#mergeInput(), this.#view),
    });
    this.#fleet = new Fleet(this.#settings.instances, {
      deps: this.#deps,
      pollDone: () => this.#scheduler.pollDone(),
      running: () => ({ start: this.#started, paused: this.#paused }),
      rescheduled: () => this.#merge(),
    });
    this.#view = this.#merger.merge(this.#mergeInput(), undefined).view;
    this.#actions = new SilenceActions(
      {
        members: (clusterId) => this.#fleet.members(clusterId, this.#view.instances),
        silence: (key) => this.#view.silences[key],
        refresh: (clusterId) => this.#fleet.refreshCluster(clusterId, this.#view.instances),
        clusterName: (clusterId) => this.#view.clusters[clusterId]?.name ?? clusterId,
      },
      { now: () => this.#clock.now(), onDuplicateExpired: this.#duplicates.expired },
    );
    this.#duplicates.watch(this.#actions);
    this.#acks = new AckTending({
      clock: this.#clock,
      ledger: this.#ledger,
      actions: this.#actions,
    });
    this.silences = silenceCommands({
      clock: this.#clock,
      actions: this.#actions,
      view: () => this.#view,
      snapshot: () => this.snapshot(),
      settings: () => this.#settings,
      osUser,
      ackTag: ownerTag(hostname(), osUser),
      ledger: this.#ledger,
      ending: (keys) => this.#events.userEnded(keys, this.#clock.now()),
    });
    this.#writer = new ScheduleWriter({
      clock: this.#clock,
      actions: this.#actions,
      view: () => this.#view,
      settings: () => this.#settings.schedules,
      author: () => this.#settings.silences.author || osUser || 'alertmanager-tray',
    });
    this.schedules = {
      sync: () => this.#writer.sync(),
      overview: () => {
        const s = this.#settings.schedules;
        const horizon = s.horizonDays * 864e5;
        const now = this.#clock.now();
        return scheduleOverview(s.list, this.#view, this.#writer.problems(), now, horizon);
      },
      fromTemplate: async (templateId, clusterId) => {
        const t = this.#settings.schedules.templates.find((x) => x.id === templateId);
        if (!t) throw new Error(`unknown template ${templateId}`);
        const author = this.#settings.silences.author || osUser || 'alertmanager-tray';
        return this.silences.create(clusterId, draftFromTemplate(t, author, this.#clock.now()));
      },
    };
  }

  // ---- lifecycle -----------------------------------------------------------------------

  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#fleet.start(this.#paused);
  }

  async stop(): Promise<void> {
    this.#started = false;
    this.#scheduler.stop();
    this.#outcomes.clear();
    await this.#fleet.stop();
  }

  setPollingPaused(paused: boolean): void {
    if (paused === this.#paused) return;
    this.#paused = paused;
    this.#fleet.setPaused(paused);
  }

  refresh(instanceId?: string): Promise<void> {
    return this.#fleet.refresh(instanceId);
  }

  // ---- view and listeners --------------------------------------------------------------

  snapshot(): ViewSnapshot {
    return { seq: this.#seq, ...this.#view };
  }

  listChanges(fromSeq: number, toSeq: number): Changes | undefined {
    if (toSeq !== this.#seq) return undefined;
    return this.#changeLog.since(fromSeq, toSeq, valuesOf(this.#view.alerts).length);
  }

  subscribe(listener: (message: ViewMessage) => void): () => void {
    listener({ type: 'snapshot', snapshot: this.snapshot() });
    return CoreListeners.add(this.#listeners.view, listener);
  }

  onCycle(listener: (cycle: CycleReport) => void): () => void {
    return CoreListeners.add(this.#listeners.cycles, listener);
  }

  onEvents(listener: (events: CoreEvent[]) => void): () => void {
    return CoreListeners.add(this.#listeners.events, listener);
  }

  onNotification(listener: (notification: AppNotification) => void): () => void {
    return CoreListeners.add(this.#listeners.notifications, listener);
  }

  #mergeInput(): Parameters<Merger['merge']>[0] {
    const n = this.#settings.notifications;
    const watchdog = labelTest(n.watchdog);
    return {
      ...this.#fleet.mergeInstances(),
      now: this.#clock.now(),
      severityLabel: this.#settings.severityLabel,
      severityOrder: this.#settings.severityOrder,
      silenceNotes: { ownAcks: this.#ledger.keys, attention: this.#hygiene.attention },
      ...(watchdog ? { watchdog: { text: n.watchdog, test: watchdog } } : {}),
      pipelineSilent: (watchdogOn, clusters) =>
        this.#pipeline.observe(watchdogOn, clusters, n, this.#clock.now()),
    };
  }

  /** The core's own notices, through the notification policy, recorded like a cycle's. */
  #raise(events: CoreEvent[]): void {
    if (events.length === 0) return;
    this.#notify((view, at) => this.#events.notices(events, view, this.#settings, at));
  }

  /** Emits what `decide` makes of the current view (notices, reminders) when it has events. */
  #notify(decide: (view: ViewSnapshot, at: number) => CycleOutcome): void {
    const at = this.#clock.now();
    const view = this.snapshot();
    // Behind a merge's outcome still waiting for its turn, never before it.
    this.#outcomes.run(() => {
      const outcome = decide(view, at);
      if (outcome.events.length > 0) {
        this.#listeners.emitOutcome({ at, view, previous: view, ...outcome });
      }
    }, false);
  }

  /** Re-merges after a poll cycle or a settings change; emits a delta, events, notifications. */
  #merge(): void {
    this.#scheduler.merging(this.#fleet.staleDeadlines(), this.#started);
    // Hygiene flags from the view the last merge made; the merger's silence-use counts are of
    // that same result.
    this.#raise(
      this.#hygiene.observe(
        this.#view,
        this.#clock.now(),
        this.#settings.silences,
        this.#merger.silenceUse,
      ),
    );
    const prev = this.#view;
    const { view: next, changes } = this.#merger.merge(this.#mergeInput(), prev);
    this.#duplicates.merged(next.silences);
    this.#view = next;
    if (this.#started) void this.#acks.tend(this.#view, this.#settings.silences);
    // Occurrences are written ahead on the poll timer, bounded per round (schedules/writer.ts).
    if (this.#started) this.#writer.poke();
    // Same content (records equal, most the same objects): no delta, but the merger's own
    // result stays the view so the next merge starts from it (and hands over its change list).
    const delta = diffViews(prev, next, this.#seq + 1, changes);
    if (delta) this.#publish(prev, delta, changes);
    // Reminders follow time, not change: asked after every merge (an ack anywhere ends them).
    this.#notify((view, at) => this.#events.reminders(view, this.#settings, at));
    this.#workAhead();
  }

  /**
   * At scale, copies the new alerts record for the next merge in slices of a few ms, one per
   * turn of the event loop (merge.ts prepareNext): building it in the merge was 35–60 ms of
   * one task at 100,000 alerts. Below that scale a merge builds it in a few ms.
   */
  #workAhead(): void {
    if (this.#workingAhead || !this.#started || this.#merger.alertCount < this.#scale) return;
    this.#workingAhead = true;
    void (async () => {
      try {
        do await nextTurn();
        while (this.#started && this.#merger.prepareNext(WORK_AHEAD_SLICE_MS));
      } finally {
        this.#workingAhead = false;
      }
    })();
  }

  #publish(prev: MergedView, delta: ViewDelta, changes: MergeChanges | undefined): void {
    this.#seq = delta.seq;
    this.#changeLog.record(delta.seq, changes?.touchedGroups);
    this.#listeners.emitView({ type: 'delta', delta });

    const at = this.#clock.now();
    const view = this.snapshot();
    const previous: ViewSnapshot = { seq: this.#seq - 1, ...prev };
    const settings = this.#settings;
    // From a few thousand alerts in a turn of its own (outcome-queue.ts): the window's queries
    // go between. At 10,000 alerts the merge and its events, reminders and notifications in one
    // task held the core ~45 ms under load (a profile of the longest list-query waits).
    this.#outcomes.run(
      () => {
        const outcome = this.#events.process(previous, view, settings, at, changes);
        this.#listeners.emitOutcome({ at, view, previous, ...outcome });
      },
      this.#merger.alertCount >= Math.min(this.#scale, OUTCOME_LATER_FROM),
    );
  }

  // ---- settings ------------------------------------------------------------------------

  getSettings(): Settings {
    return structuredClone(this.#settings);
  }

  updateSettings(settings: Settings): Settings {
    const next = validSettings(settings);
    this.#fleet.update(next.instances);
    this.#settings = next;
    this.#writer.settingsChanged(next.schedules.list);
    this.#merge();
    return this.getSettings();
  }

  snoozeNotifications(untilIso: string | null): void {
    const n = { ...this.#settings.notifications };
    if (untilIso === null) delete n.snoozeUntil;
    else {
      if (Number.isNaN(Date.parse(untilIso))) throw new Error(`invalid time: ${untilIso}`);
      n.snoozeUntil = untilIso;
    }
    this.#settings = { ...this.#settings, notifications: n };
  }

  // ---- instances -----------------------------------------------------------------------

  testConnection(
    instance: InstanceSettings,
    secrets?: InstanceSecrets,
  ): Promise<TestConnectionResult> {
    return testConnection(instance, this.#deps, secrets);
  }

  async testAlert(instanceId: string, request: TestAlertRequest): Promise<TestAlertReport> {
    return sendTestAlertTo(this.#fleet.get(instanceId), request, {
      clusterId: this.#view.instances[instanceId]?.clusterId ?? `instance:${instanceId}`,
      snapshot: () => this.snapshot(),
      settings: this.#settings,
      clock: this.#clock,
    });
  }

  async getStatus(instanceId: string): Promise<AlertmanagerStatus> {
    const client = await this.#fleet.get(instanceId).ensureClient();
    return client.getStatus();
  }
}
