// createCore: the Electron-free engine behind the `Core` facade. It owns one InstanceRuntime
// (client + poller + last good data) per configured Alertmanager, re-merges the view after
// every finished poll cycle, sends deltas to subscribers, diffs events and passes them through
// the notification policy, and performs silence actions on one member of a cluster.
import { readFile as fsReadFile } from 'node:fs/promises';
import { AlertmanagerClient } from '../api/client.ts';
import type { AlertmanagerStatus, Matcher } from '../api/types.ts';
import type { AppNotification, CoreEvent } from '../model/events.ts';
import type { ViewDelta, ViewMessage, ViewSnapshot } from '../model/view.ts';
import {
  systemClock,
  type Clock,
  type CycleReport,
  type Core,
  type InstanceSecrets,
  type PreviewResult,
  type SecretStore,
  type SilenceDraft,
  type SilenceResult,
  type TestAlertReport,
  type TestAlertRequest,
  type TestConnectionResult,
} from '../service.ts';
import { sendTestAlert } from './test-alert.ts';
import { parseSettings } from '../settings/index.ts';
import type { InstanceSettings, Settings } from '../settings/types.ts';
import {
  buildDraft,
  previewSilence,
  quickMatchersForAlert,
  quickMatchersForGroup,
  SilenceActions,
  SilenceValidationError,
  validateDraft,
  type ClusterMember,
  type DuplicateNotice,
} from '../silences/index.ts';
import { formatMatchers } from '../matchers/format.ts';
import { hostname } from 'node:os';
import type { SilenceAttention } from '../model/view.ts';
import { ackAnnotations, ackComment, ownerTag, planAcks } from '../silences/ack.ts';
import { SilenceHygiene } from '../silences/hygiene.ts';
import { ClusterAssigner, type ClusterCandidate } from './clusters.ts';
import { connectionKey, scheduleKey } from './connection.ts';
import { diffViews } from './delta.ts';
import { EventPipeline } from './events.ts';
import {
  buildClient,
  InstanceRuntime,
  reportsVersion,
  toAlertmanagerError,
  type ClientFactory,
  type InstanceDeps,
} from './instance.ts';
import { Merger, type MergedView, type MergeInstance, type SilenceNotes } from './merge.ts';

/** Alerts from which instance polls finishing close together are merged together. */
export const COALESCE_FROM = 20_000;
/** At most one merge per this long at that scale. */
export const COALESCE_MS = 1_000;
export interface CoreOptions {
  settings: Settings;
  secrets: SecretStore;
  clock?: Clock;
  /** Default silence author when settings.silences.author is empty. */
  osUser?: string;
  /** Reads TLS PEM files named in settings; default fs.readFile (utf8). */
  readFile?: (path: string) => Promise<string>;
  /** Builds API clients; default the real AlertmanagerClient. */
  createClient?: ClientFactory;
  /** Uniform [0,1) for backoff jitter; default Math.random. */
  random?: () => number;
  /** Backoff cap; default 5 minutes. */
  maxBackoffMs?: number;
  /**
   * Tags the acknowledgements this install makes and tends (ack.ts). Default: derived from
   * the host and OS user, so a restart finds its own acks again and nobody else's.
   */
  ackOwner?: string;
  /** Alerts from which polls finishing close together are merged together (COALESCE_FROM). */
  coalesceFrom?: number;
}

export function createCore(options: CoreOptions): Core {
  return new EngineCore(options);
}

const QUICK_COMMENT = 'Quick silence from Alertmanager Tray';
/** How far in the past an ack's start is sent (see silences.acknowledge). */
const ACK_START_SLACK_MS = 24 * 3_600_000;

class EngineCore implements Core {
  private settings: Settings;
  private readonly clock: Clock;
  private readonly deps: Omit<InstanceDeps, 'onCycle'>;
  private readonly osUser: string;
  private runtimes: InstanceRuntime[] = [];
  private readonly assigner = new ClusterAssigner();
  private readonly merger = new Merger();
  private readonly events: EventPipeline;
  private view: MergedView;
  private seq = 0;
  private started = false;
  private paused = false;
  private staleTimer: unknown;
  /** A coalesced rebuild waiting (see cycleDone), and when the last rebuild ran. */
  private rebuildTimer: unknown;
  private lastRebuildAt = Number.NEGATIVE_INFINITY;
  private readonly viewListeners = new Set<(m: ViewMessage) => void>();
  private readonly eventListeners = new Set<(e: CoreEvent[]) => void>();
  private readonly notificationListeners = new Set<(n: AppNotification) => void>();
  private readonly cycleListeners = new Set<(c: CycleReport) => void>();
  private readonly actions: SilenceActions;
  private readonly ackOwner: string;
  private readonly coalesceFrom: number;
  private readonly hygiene = new SilenceHygiene();
  private silenceNotes: SilenceNotes;
  private tendingAcks = false;

  constructor(o: CoreOptions) {
    const parsed = parseSettings(o.settings);
    if (!parsed.ok) throw new Error(`invalid settings: ${parsed.error}`);
    this.settings = parsed.settings;
    this.clock = o.clock ?? systemClock;
    this.osUser = o.osUser ?? '';
    this.deps = {
      clock: this.clock,
      secrets: o.secrets,
      readFile: o.readFile ?? ((p) => fsReadFile(p, 'utf8')),
      createClient: o.createClient ?? ((c) => new AlertmanagerClient(c)),
      ...(o.random ? { random: o.random } : {}),
      ...(o.maxBackoffMs !== undefined ? { maxBackoffMs: o.maxBackoffMs } : {}),
    };
    this.events = new EventPipeline();
    this.ackOwner = o.ackOwner ?? ownerTag(hostname(), this.osUser);
    this.coalesceFrom = o.coalesceFrom ?? COALESCE_FROM;
    this.silenceNotes = { ackOwner: this.ackOwner, attention: new Map() };
    this.runtimes = this.settings.instances.map((s) => this.newRuntime(s));
    this.view = this.merger.merge(this.mergeInput(), undefined).view;
    this.actions = new SilenceActions(
      {
        members: (clusterId) => this.members(clusterId),
        silence: (key) => this.view.silences[key],
        refresh: (clusterId) => this.refreshCluster(clusterId),
      },
      {
        now: () => this.clock.now(),
        onDuplicateExpired: (notice) => this.announceDuplicate(notice),
      },
    );
  }

  /** Says once that a late copy of the user's silence was found and expired. */
  private announceDuplicate(n: DuplicateNotice): void {
    const now = this.clock.now();
    const names = n.lateInstanceIds
      .map((id) => this.runtimes.find((rt) => rt.id === id)?.settings.name ?? id)
      .join(', ');
    const note: AppNotification = {
      id: `dup-${now.toString(36)}-${n.expiredKey}`,
      title: 'Duplicate silence expired',
      body: `A delayed request to ${names} created a second copy of the silence ${formatMatchers(n.matchers)}. The copy was expired; the silence you created stays.`,
      urgency: 'normal',
      at: new Date(now).toISOString(),
      events: [],
      target: { clusterId: n.clusterId, silenceKey: n.keptKey },
    };
    for (const l of this.notificationListeners) safe(() => l(note));
  }

  // ---- lifecycle -----------------------------------------------------------------------

  start(): void {
    if (this.started) return;
    this.started = true;
    for (const rt of this.runtimes) rt.start(this.paused);
  }

  async stop(): Promise<void> {
    this.started = false;
    this.scheduleStaleCheck(); // clears it
    this.cancelCoalescedRebuild();
    await Promise.all(this.runtimes.map((rt) => rt.stop()));
  }

  setPollingPaused(paused: boolean): void {
    if (paused === this.paused) return;
    this.paused = paused;
    for (const rt of this.runtimes) {
      if (paused) rt.pause();
      else rt.resume();
    }
  }

  async refresh(instanceId?: string): Promise<void> {
    const targets =
      instanceId === undefined ? this.runtimes : this.runtimes.filter((rt) => rt.id === instanceId);
    if (instanceId !== undefined && targets.length === 0)
      throw new Error(`unknown instance ${instanceId}`);
    await Promise.all(targets.map((rt) => rt.refresh()));
  }

  // ---- view ----------------------------------------------------------------------------

  snapshot(): ViewSnapshot {
    return { seq: this.seq, ...this.view };
  }

  subscribe(listener: (message: ViewMessage) => void): () => void {
    listener({ type: 'snapshot', snapshot: this.snapshot() });
    this.viewListeners.add(listener);
    return () => this.viewListeners.delete(listener);
  }

  onCycle(listener: (cycle: CycleReport) => void): () => void {
    this.cycleListeners.add(listener);
    return () => this.cycleListeners.delete(listener);
  }

  onEvents(listener: (events: CoreEvent[]) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  onNotification(listener: (notification: AppNotification) => void): () => void {
    this.notificationListeners.add(listener);
    return () => this.notificationListeners.delete(listener);
  }

  private newRuntime(s: InstanceSettings): InstanceRuntime {
    return new InstanceRuntime(s, { ...this.deps, onCycle: () => this.cycleDone() });
  }

  private clusterAssignments(): ReturnType<ClusterAssigner['assign']> {
    const candidates: ClusterCandidate[] = this.runtimes.map((rt) => ({
      id: rt.id,
      name: rt.settings.name,
      explicit: rt.settings.cluster,
      // Disabled instances are not polled; they must not glue clusters together.
      peers: rt.settings.enabled ? rt.peerNames : undefined,
    }));
    return this.assigner.assign(candidates);
  }

  private mergeInput(): Parameters<Merger['merge']>[0] {
    const assignments = this.clusterAssignments();
    const clusterNames: Record<string, string> = {};
    const instances: MergeInstance[] = this.runtimes.map((rt) => {
      const a = assignments.get(rt.id)!;
      clusterNames[a.clusterId] = a.clusterName;
      return { view: rt.view(a.clusterId), data: rt.settings.enabled ? rt.data : undefined };
    });
    return {
      instances,
      clusterNames,
      severityLabel: this.settings.severityLabel,
      severityOrder: this.settings.severityOrder,
      silenceNotes: this.silenceNotes,
    };
  }

  /**
   * Hygiene flags, from the view the last merge made (a cycle late at most: the thresholds are
   * minutes and days). Raised flags are announced once.
   */
  private observeHygiene(now: number): void {
    const s = this.settings.silences;
    const { attention, raised } = this.hygiene.observe(
      this.view,
      now,
      {
        unusedAfterMs: s.unusedAfterMin * 60_000,
        longRunningMs: s.longRunningDays * 86_400_000,
      },
      // The merger's counts are of its last result, which is this.view.
      this.merger.silenceUse,
    );
    if (attention !== this.silenceNotes.attention)
      this.silenceNotes = { ackOwner: this.ackOwner, attention };
    for (const r of raised) this.announceAttention(r.silenceKey, r.attention, now);
  }

  private announceAttention(key: string, a: SilenceAttention, now: number): void {
    const s = this.view.silences[key];
    if (!s || !this.settings.notifications.enabled) return;
    const why: string[] = [];
    if (a.unusedSince !== undefined) {
      const min = Math.round((now - Date.parse(a.unusedSince)) / 60_000);
      why.push(
        `it has silenced no alert for ${min >= 120 ? `${Math.round(min / 60)} h` : `${min} min`}`,
      );
    }
    if (a.longRunning) {
      const days = Math.round((Date.parse(s.endsAt) - Date.parse(s.startsAt)) / 86_400_000);
      why.push(`it is set to run ${days} days`);
    }
    const note: AppNotification = {
      id: `attention-${now.toString(36)}-${key}`,
      title: 'Silence needs attention',
      body: `${formatMatchers(s.matchers)} by ${s.createdBy || 'unknown'}: ${why.join(' and ')}.`,
      urgency: 'low',
      at: new Date(now).toISOString(),
      events: [],
      target: { clusterId: s.clusterId, silenceKey: key },
      silenceActions: true,
    };
    for (const l of this.notificationListeners) safe(() => l(note));
  }

  /** Extends or expires this install's acks as their alerts fire or resolve (ack.ts). */
  private async tendAcks(): Promise<void> {
    if (this.tendingAcks) return;
    const s = this.settings.silences;
    const steps = planAcks(this.view, this.ackOwner, this.clock.now(), {
      durationMs: s.ackMinutes * 60_000,
      maxMs: s.ackMaxHours * 3_600_000,
    });
    if (steps.length === 0) return;
    this.tendingAcks = true;
    try {
      for (const step of steps) {
        try {
          if (step.kind === 'extend') await this.actions.extend(step.silenceKey, step.endsAt);
          else await this.actions.expire(step.silenceKey);
        } catch (e) {
          // The next cycle tries again; the ack's short duration bounds any harm.
          console.error(`core: ${step.kind} of ack ${step.silenceKey} failed:`, e);
        }
      }
    } finally {
      this.tendingAcks = false;
    }
  }

  /** Re-evaluates health when an instance would turn stale without any cycle finishing. */
  private scheduleStaleCheck(): void {
    if (this.staleTimer !== undefined) this.clock.clearTimeout(this.staleTimer);
    this.staleTimer = undefined;
    if (!this.started) return;
    const now = this.clock.now();
    let next: number | undefined;
    for (const rt of this.runtimes) {
      const d = rt.staleDeadline();
      if (d !== undefined && d > now && (next === undefined || d < next)) next = d;
    }
    if (next === undefined) return;
    this.staleTimer = this.clock.setTimeout(() => {
      this.staleTimer = undefined;
      this.rebuild();
    }, next - now);
  }

  /**
   * An instance finished a poll. Below COALESCE_FROM alerts it is merged at once. Above, a
   * merge that changed anything rebuilds a 100,000-key alerts map (about 20 ms and 12 MB of
   * old-generation garbage), and 20 instances polled at the same interval finish within a
   * second or two of each other: then one merge per COALESCE_MS takes in every poll that
   * finished meanwhile (the first at once, the rest at most COALESCE_MS later).
   */
  private cycleDone(): void {
    if (this.merger.alertCount < this.coalesceFrom) {
      this.rebuild();
      return;
    }
    if (this.rebuildTimer !== undefined) return;
    const wait = this.lastRebuildAt + COALESCE_MS - this.clock.now();
    if (wait <= 0) {
      this.rebuild();
      return;
    }
    this.rebuildTimer = this.clock.setTimeout(() => {
      this.rebuildTimer = undefined;
      this.rebuild();
    }, wait);
  }

  private cancelCoalescedRebuild(): void {
    if (this.rebuildTimer !== undefined) this.clock.clearTimeout(this.rebuildTimer);
    this.rebuildTimer = undefined;
  }

  /** Re-merges after a poll cycle or a settings change; emits a delta, events, notifications. */
  private rebuild(): void {
    // Whatever asked for it, this merge takes in every poll that finished so far.
    this.cancelCoalescedRebuild();
    this.lastRebuildAt = this.clock.now();
    this.scheduleStaleCheck();
    this.observeHygiene(this.clock.now());
    const prev = this.view;
    const { view: next, changes } = this.merger.merge(this.mergeInput(), prev);
    // Late copies of our own writes (see SilenceActions.sweepTwins) show up in polls.
    if (this.actions.watchingForTwins) void this.actions.sweepTwins(next.silences);
    this.view = next;
    if (this.started) void this.tendAcks();
    const delta: ViewDelta | undefined = diffViews(prev, next, this.seq + 1, changes);
    if (!delta) {
      // Same content (records equal, most the same objects): keep the merger's own result so
      // the next merge starts from it (and hands over its change list).
      this.view = next;
      return;
    }
    this.seq = delta.seq;
    this.view = next;
    for (const l of this.viewListeners) safe(() => l({ type: 'delta', delta }));

    const at = this.clock.now();
    const view = this.snapshot();
    const previous: ViewSnapshot = { seq: this.seq - 1, ...prev };
    const outcome = this.events.process(previous, view, this.settings, at);
    const { events, notifications } = outcome;
    if (events.length > 0) for (const l of this.eventListeners) safe(() => l(events));
    for (const n of notifications) for (const l of this.notificationListeners) safe(() => l(n));
    if (events.length > 0) {
      const report: CycleReport = { at, view, previous, ...outcome };
      for (const l of this.cycleListeners) safe(() => l(report));
    }
  }

  // ---- settings ------------------------------------------------------------------------

  getSettings(): Settings {
    return structuredClone(this.settings);
  }

  updateSettings(settings: Settings): Settings {
    const parsed = parseSettings(settings);
    if (!parsed.ok) throw new Error(`invalid settings: ${parsed.error}`);
    const next = parsed.settings;
    const old = new Map(this.runtimes.map((rt) => [rt.id, rt]));
    const runtimes: InstanceRuntime[] = [];
    for (const s of next.instances) {
      const rt = old.get(s.id);
      old.delete(s.id);
      if (rt && connectionKey(rt.settings) === connectionKey(s)) {
        // Same connection: keep the poller and its data; names/cluster apply on rebuild.
        Object.assign(rt.settings, { name: s.name, cluster: s.cluster });
        if (s.cluster === undefined) delete rt.settings.cluster;
        // The shell stores changed secrets before calling this: pick them up.
        void rt.reloadConnection();
        if (scheduleKey(rt.settings) !== scheduleKey(s)) {
          void rt
            .reschedule(s, () => ({ start: this.started, paused: this.paused }))
            .then(() => this.rebuild());
        }
        runtimes.push(rt);
      } else {
        if (rt) void rt.stop();
        const fresh = this.newRuntime(s);
        runtimes.push(fresh);
        if (this.started) fresh.start(this.paused);
      }
    }
    for (const rt of old.values()) void rt.stop();
    this.runtimes = runtimes;
    this.settings = next;
    this.rebuild();
    return this.getSettings();
  }

  snoozeNotifications(untilIso: string | null): void {
    const n = { ...this.settings.notifications };
    if (untilIso === null) delete n.snoozeUntil;
    else {
      if (Number.isNaN(Date.parse(untilIso))) throw new Error(`invalid time: ${untilIso}`);
      n.snoozeUntil = untilIso;
    }
    this.settings = { ...this.settings, notifications: n };
  }

  // ---- instances -----------------------------------------------------------------------

  async testConnection(
    instance: InstanceSettings,
    secrets?: InstanceSecrets,
  ): Promise<TestConnectionResult> {
    const t0 = performance.now();
    let client;
    try {
      client = await buildClient(instance, this.deps, secrets);
      const st = await client.getStatus();
      let version = st.versionInfo.version;
      if (!reportsVersion(st)) {
        // Mimir answers its version on its buildinfo endpoint; others do not report one.
        const bi = await client.getBuildInfo?.().catch(() => undefined);
        version = bi
          ? `${bi.application ?? 'Mimir'} ${bi.version}`
          : `unknown (${st.versionInfo.version === 'N/A' ? 'Grafana-managed' : 'not reported'})`;
      }
      const result: TestConnectionResult = {
        ok: true,
        version,
        clusterStatus: st.cluster.status,
        peers: st.cluster.peers?.length ?? 0,
        durationMs: Math.round(performance.now() - t0),
      };
      if (st.cluster.name !== undefined) result.clusterName = st.cluster.name;
      return result;
    } catch (e) {
      return {
        ok: false,
        error: toAlertmanagerError(e, 'GET /status').toJSON(),
        durationMs: Math.round(performance.now() - t0),
      };
    } finally {
      await client?.close().catch(() => {});
    }
  }

  async testAlert(instanceId: string, request: TestAlertRequest): Promise<TestAlertReport> {
    const rt = this.runtimes.find((r) => r.id === instanceId);
    if (!rt) throw new Error(`unknown instance ${instanceId}`);
    const client = await rt.ensureClient();
    if (!client.postAlerts) throw new Error('this client cannot post alerts');
    return sendTestAlert(
      {
        instanceId,
        clusterId: this.view.instances[instanceId]?.clusterId ?? `instance:${instanceId}`,
        post: (alerts) => client.postAlerts!(alerts),
        groups: (filter) => client.getAlertGroups({ filter }),
        refresh: async () => {
          await rt.refresh();
          return this.snapshot();
        },
        notifications: this.settings.notifications,
        severityOrder: this.settings.severityOrder,
        now: () => this.clock.now(),
        sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
      },
      request,
    );
  }

  async getStatus(instanceId: string): Promise<AlertmanagerStatus> {
    const rt = this.runtimes.find((r) => r.id === instanceId);
    if (!rt) throw new Error(`unknown instance ${instanceId}`);
    const client = await rt.ensureClient();
    return client.getStatus();
  }

  // ---- silences ------------------------------------------------------------------------

  private members(clusterId: string): ClusterMember[] {
    const out: ClusterMember[] = [];
    for (const rt of this.runtimes) {
      const v = this.view.instances[rt.id];
      const client = rt.currentClient;
      if (!v || v.clusterId !== clusterId || !v.enabled || !client) continue;
      out.push({ instanceId: rt.id, client, healthy: v.health === 'ok' });
    }
    return out;
  }

  private async refreshCluster(clusterId: string): Promise<void> {
    await Promise.all(
      this.runtimes
        .filter((rt) => this.view.instances[rt.id]?.clusterId === clusterId)
        .map((rt) => rt.refresh()),
    );
  }

  private author(): string {
    return this.settings.silences.author || this.osUser || 'alertmanager-tray';
  }

  private checkComment(draft: SilenceDraft): void {
    if (!this.settings.silences.requireComment) return;
    const errors = validateDraft(draft, { requireComment: true, now: this.clock.now() }).filter(
      (e) => e.field === 'comment',
    );
    if (errors.length > 0) throw new SilenceValidationError(errors);
  }

  /** The clusters a quick silence or ack of this group or alert goes to. */
  private clustersOf(
    from: { groupKey: string } | { fingerprint: string; clusterId?: string },
  ): string[] {
    if ('groupKey' in from) return [this.view.groups[from.groupKey]!.clusterId];
    if (from.clusterId !== undefined) return [from.clusterId];
    return this.view.alerts[from.fingerprint]!.clusters;
  }

  /** Whether every answering member of the cluster is Alertmanager 0.32 or newer. */
  private keepsSilenceAnnotations(clusterId: string): boolean {
    const members = Object.values(this.view.instances).filter(
      (i) => i.clusterId === clusterId && i.enabled && i.version,
    );
    return members.length > 0 && members.every((i) => atLeast(i.version!.version, 0, 32));
  }

  private quickMatchers(from: { groupKey: string } | { fingerprint: string }): Matcher[] {
    if ('groupKey' in from) {
      const g = this.view.groups[from.groupKey];
      if (!g) throw new Error(`unknown group ${from.groupKey}`);
      return quickMatchersForGroup(g, this.view.alerts);
    }
    const a = this.view.alerts[from.fingerprint];
    if (!a) throw new Error(`unknown alert ${from.fingerprint}`);
    return quickMatchersForAlert(a, this.settings.silences.volatileLabels);
  }

  readonly silences: Core['silences'] = {
    quickMatchers: (from) => this.quickMatchers(from),
    // (async arrows below: validation failures reject instead of throwing synchronously)
    preview: (clusterId: string, matchers: Matcher[]): PreviewResult =>
      previewSilence(this.snapshot(), clusterId, matchers),
    create: async (clusterId: string, draft: SilenceDraft): Promise<SilenceResult> => {
      this.checkComment(draft);
      return this.actions.create(clusterId, draft);
    },
    update: async (silenceKey: string, draft: SilenceDraft): Promise<SilenceResult> => {
      this.checkComment(draft);
      return this.actions.update(silenceKey, draft);
    },
    extend: (silenceKey, endsAt) => this.actions.extend(silenceKey, endsAt),
    expire: (silenceKey) => this.actions.expire(silenceKey),
    recreate: (silenceKey, durationMs, createdBy) =>
      this.actions.recreate(silenceKey, durationMs, createdBy || this.author()),
    acknowledge: async (from, note) => {
      const matchers = this.quickMatchers(from);
      if (matchers.length === 0) throw new Error('nothing to match on for an acknowledgement');
      const results: SilenceResult[] = [];
      for (const c of this.clustersOf(from)) {
        const draft = buildDraft({
          matchers,
          durationMs: this.settings.silences.ackMinutes * 60_000,
          createdBy: this.author(),
          comment: ackComment(note ?? '', this.ackOwner),
          now: this.clock.now(),
        });
        // Starts "now" on the server's clock, whatever ours says: a past start is clamped to
        // the server's now, while a start in its future (our clock ahead) would make the ack
        // pending and leave the alert firing.
        draft.startsAt = new Date(this.clock.now() - ACK_START_SLACK_MS).toISOString();
        // Servers that keep silence annotations (0.32+) also get the owner as an annotation.
        if (this.keepsSilenceAnnotations(c)) draft.annotations = ackAnnotations(this.ackOwner);
        results.push(await this.actions.create(c, draft));
      }
      return results;
    },
    quick: async (from, durationMs, comment) => {
      const matchers = this.quickMatchers(from);
      if (matchers.length === 0) throw new Error('nothing to match on for a quick silence');
      const clusterIds = this.clustersOf(from);
      const draft = buildDraft({
        matchers,
        durationMs,
        createdBy: this.author(),
        comment: comment || QUICK_COMMENT,
        now: this.clock.now(),
      });
      const results: SilenceResult[] = [];
      // One silence per cluster the alert lives in (silences do not cross clusters).
      for (const c of clusterIds) results.push(await this.actions.create(c, draft));
      return results;
    },
  };
}

/** `0.32.1`, `v0.34.0-rc.0` >= major.minor; false for anything else ("N/A", Mimir's ""). */
function atLeast(version: string, major: number, minor: number): boolean {
  const m = /^v?(\d+)\.(\d+)/.exec(version.trim());
  if (!m) return false;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return a > major || (a === major && b >= minor);
}

function safe(fn: () => void): void {
  try {
    fn();
  } catch (e) {
    // A failing listener must not break polling or other listeners.
    console.error('core listener failed:', e);
  }
}
