// The facade the shells (Electron and browser) and the bridge handlers use. Implemented by
// main/core/engine (createCore). Everything here is Electron-free and runs in plain Node.
import type { ScheduleView } from './model/schedule-view.ts';
import type { SerializedError } from './api/errors.ts';
import type { AlertmanagerStatus, Matcher } from './api/types.ts';
import type { AppNotification, CoreEvent } from './model/events.ts';
import type { AlertView, ViewMessage, ViewSnapshot } from './model/view.ts';
import type { SelectionItem, SelectionPlan } from './model/selection-plan.ts';
import type { PrefillFrom, SilencePrefill } from './silences/form-prefill.ts';
import type { InstanceSettings, Settings } from './settings/types.ts';
import type { Changes } from './list/prepared-groups.ts';

/** One poll cycle's outcome, with the view it was decided on (the history records it). */
export interface CycleReport {
  at: number;
  view: ViewSnapshot;
  /** The view before this cycle (resolved alerts are only there). */
  previous: ViewSnapshot;
  events: CoreEvent[];
  notifications: AppNotification[];
  /** Notifications kept quiet (quiet hours, snooze, rules) and why. */
  withheld: { event: CoreEvent; reason: string }[];
}

/** A stored secret and the origin (scheme://host:port) it was stored for, if recorded. */
export interface StoredSecret {
  value: string;
  origin: string | undefined;
}

/**
 * Where passwords and tokens live; the settings only hold keys into it. Each secret is bound
 * to the origin it was stored for and only ever sent there (secrets/bound-secrets.ts).
 */
export interface SecretStore {
  get(key: string): Promise<StoredSecret | undefined>;
  /** `origin` undefined: unbound (unusable until a start binds it from the settings file). */
  set(key: string, value: string, origin: string | undefined): Promise<void>;
  delete(key: string): Promise<void>;
  /** Records `origin` for a secret stored without one; does nothing otherwise. */
  bindOrigin(key: string, origin: string): Promise<void>;
}

/** Injected so tests can drive time (fake clock) and production uses the real one. */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export interface SilenceDraft {
  matchers: Matcher[];
  startsAt: string;
  endsAt: string;
  createdBy: string;
  comment: string;
  /**
   * Silence annotations (Alertmanager 0.32+). An update without them keeps the silence's own:
   * the server replaces annotations with what a POST sends, so leaving them out would wipe them.
   */
  annotations?: Record<string, string>;
  /**
   * A new silence chosen by duration (`2h`): the core sends it as the start (the draft's, or
   * now when that has passed) plus this, computed right before the request, so the server
   * keeps exactly that duration (it moves a past start to its own now).
   */
  durationMs?: number;
}

export interface SilenceResult {
  /** The id the server returned: the truth, even when it differs from the one sent. */
  id: string;
  silenceKey: string;
  clusterId: string;
  /** The instance the silence was written to. */
  instanceId: string;
}

/** An extension by a duration: the end time it asked for. */
export interface ExtendResult extends SilenceResult {
  endsAt: string;
}

export interface PreviewResult {
  clusterId: string;
  /** Fingerprints of current alerts of the cluster the matchers would silence. */
  fingerprints: string[];
  alerts: AlertView[];
  total: number;
  /** Alerts not evaluated: the regex is too expensive to test here (the server decides). */
  unknown: number;
}

export type TestConnectionResult =
  | {
      ok: true;
      version: string;
      clusterStatus: string;
      clusterName?: string;
      peers: number;
      durationMs: number;
    }
  | { ok: false; error: SerializedError; durationMs: number };

export interface TestAlertRequest {
  /** Labels of the test alert; alertname is required. */
  labels: Record<string, string>;
  annotations?: Record<string, string>;
  /** It resolves by itself after this long (endsAt). Default 5 minutes, at most 1 hour. */
  durationMs?: number;
}

export interface TestAlertReport {
  instanceId: string;
  sentAt: string;
  endsAt: string;
  /** When the server first listed it; absent when it did not within the wait. */
  visibleAt?: string;
  visibleAfterMs?: number;
  fingerprint?: string;
  /** Its state on the server when it became visible. */
  state?: 'active' | 'suppressed' | 'unprocessed';
  /** Every group (and so receiver) it landed in. */
  groups: { groupKey: string; receiver: string; labels: Record<string, string> }[];
  /** Whether this app's notification rules would show a notification for it. */
  wouldNotify: boolean;
  /** Why not (or why it was not seen). */
  reason?: string;
}

/** Secrets typed into the settings form; stored in the SecretStore, never in settings. */
export interface InstanceSecrets {
  password?: string;
  token?: string;
}

export interface Core {
  start(): void;
  stop(): Promise<void>;

  snapshot(): ViewSnapshot;
  /**
   * The groups touched after view `fromSeq` up to the current view `toSeq` (the list's
   * preparation looks again only at those), or undefined when not known.
   */
  listChanges(fromSeq: number, toSeq: number): Changes | undefined;
  /** The listener receives the full snapshot at once, then deltas; returns unsubscribe. */
  subscribe(listener: (message: ViewMessage) => void): () => void;
  onEvents(listener: (events: CoreEvent[]) => void): () => void;
  /** Each cycle that changed something: its events, notifications and what was withheld. */
  onCycle(listener: (cycle: CycleReport) => void): () => void;
  onNotification(listener: (notification: AppNotification) => void): () => void;

  /** Poll now (one instance or all); resolves when those polls finished. */
  refresh(instanceId?: string): Promise<void>;
  /** Stop/restart all polling (system suspend). */
  setPollingPaused(paused: boolean): void;

  getSettings(): Settings;
  /** Validates, applies (restarting affected pollers) and returns the stored settings. */
  updateSettings(settings: Settings): Settings;
  /** Snooze notifications until an ISO time, or clear with null. */
  snoozeNotifications(untilIso: string | null): void;

  testConnection(
    instance: InstanceSettings,
    secrets?: InstanceSecrets,
  ): Promise<TestConnectionResult>;
  /** Posts a test alert to one instance and reports where it landed (engine/test-alert.ts). */
  testAlert(instanceId: string, request: TestAlertRequest): Promise<TestAlertReport>;
  /** Full /status of one instance (includes the config text). */
  getStatus(instanceId: string): Promise<AlertmanagerStatus>;

  silences: {
    /** Matchers for a quick silence: group labels, or alert labels minus volatile labels. */
    quickMatchers(from: { groupKey: string } | { fingerprint: string }): Matcher[];
    /**
     * What the silence form starts from for a group or an alert: its quick matchers and every
     * cluster it is in (one silence each; silences/form-prefill.ts).
     */
    prefill(from: PrefillFrom): SilencePrefill;
    preview(clusterId: string, matchers: Matcher[]): Promise<PreviewResult>;
    /** One silence per cluster for a multi-selection, previewed (silences/selection-plan.ts). */
    selectionPlan(items: readonly SelectionItem[]): Promise<SelectionPlan>;
    create(clusterId: string, draft: SilenceDraft): Promise<SilenceResult>;
    /** Update; follows the id the server returns (it may be new). */
    update(silenceKey: string, draft: SilenceDraft): Promise<SilenceResult>;
    extend(silenceKey: string, endsAt: string): Promise<SilenceResult>;
    /**
     * Extend by a duration from the later of the silence's current end and now (an expired
     * silence runs `byMs` from now). The one place that rule lives (tray, notification, window).
     */
    extendBy(silenceKey: string, byMs: number): Promise<ExtendResult>;
    expire(silenceKey: string): Promise<void>;
    /** Undo a quick silence: expire each of its silences (one per cluster), in order. */
    undo(silenceKeys: readonly string[]): Promise<void>;
    /** Recreate an expired silence from now for the given duration. */
    recreate(silenceKey: string, durationMs: number, createdBy?: string): Promise<SilenceResult>;
    /**
     * Acknowledge a group or an alert until it resolves: a short silence marked as an ack that
     * this install extends while its alerts fire and expires once they resolved (ack.ts).
     * One per cluster the alert lives in.
     */
    acknowledge(
      from: { groupKey: string } | { fingerprint: string; clusterId?: string },
      note?: string,
    ): Promise<SilenceResult[]>;
    /** Quick silence from tray or notification: group or alert, for a duration. */
    quick(
      from: { groupKey: string } | { fingerprint: string; clusterId?: string },
      durationMs: number,
      comment?: string,
    ): Promise<SilenceResult[]>;
  };
  /** Recurring silences written ahead onto the servers (main/core/schedules). */
  schedules: {
    /** Writes what is due now (also runs after every poll and settings change). */
    sync(): Promise<number>;
    /** Each schedule's next occurrences, written silences and problem. */
    overview(): ScheduleView[];
    /** Starts a silence from a saved template on one cluster (placeholders filled in). */
    fromTemplate(templateId: string, clusterId: string): Promise<SilenceResult>;
  };
}
