// One configured Alertmanager: its client, its poller, its last good data and its health.
// A poll cycle is: GET /alerts/groups (alerts and grouping in one request) and GET /silences;
// GET /status and /receivers on the first cycle and then every STATUS_EVERY_CYCLES cycles or
// STATUS_MAX_AGE_MS, whichever comes first. Requests run one after another (never two at once
// against one server). Data is committed only when the whole cycle succeeded, so alerts and the
// silences they reference always come from the same moment.
import type { ConnectionOptions, RequestOptions } from '../api/connection.ts';
import { AlertmanagerError, type SerializedError } from '../api/errors.ts';
import type {
  AlertGroup,
  AlertGroupQueryFlags,
  AlertmanagerStatus,
  BuildInfo,
  GettableSilence,
  PostableAlert,
  LabelSet,
  ReceiverInfo,
} from '../api/types.ts';
import type { InstanceView } from '../model/view.ts';
import { keyedRecord } from '../model/own-keys.ts';
import type { Clock, SecretStore } from '../service.ts';
import type { InstanceSettings } from '../settings/types.ts';
import type { SilenceClient } from '../silences/actions.ts';
import {
  ConnectionSetupError,
  resolveConnection,
  type ReadFile,
  type SecretOverrides,
} from './connection.ts';
import { computeHealth, outcomeOf, STALE_AFTER_INTERVALS, type PollOutcome } from './health.ts';
import type { InstanceData } from './merge.ts';
import { CancelledError, Poller, type CycleContext } from './poller.ts';
import {
  holdAfterRestart,
  listedAlerts,
  pruneHold,
  restarted,
  type RestartHold,
} from './restart-hold.ts';

export const STATUS_EVERY_CYCLES = 10;
export const STATUS_MAX_AGE_MS = 5 * 60_000;
/**
 * Good cycles after a failed one that read /status each time: a server back from a restart has
 * a new uptime and rejoins its peers over a few seconds. With the usual cadence a walk-through
 * saw the old uptime for ~70 s and "1 peer" for ~95 s after a pair had re-formed.
 */
export const STATUS_AFTER_FAILURE_CYCLES = 3;

/** The part of AlertmanagerClient the engine uses (the real client satisfies it). */
export interface EngineClient extends SilenceClient {
  getStatus(o?: RequestOptions): Promise<AlertmanagerStatus>;
  getReceivers(o?: RequestOptions): Promise<ReceiverInfo[]>;
  /** The test alert; optional so fakes need not have it. */
  postAlerts?(alerts: PostableAlert[], o?: RequestOptions): Promise<void>;
  /** Mimir's version (its /status has none); optional so fakes need not have it. */
  getBuildInfo?(o?: RequestOptions): Promise<BuildInfo>;
  getSilences(filter?: string[], o?: RequestOptions): Promise<GettableSilence[]>;
  getAlertGroups(
    q?: { flags?: AlertGroupQueryFlags; filter?: string[]; receiver?: string },
    o?: RequestOptions,
  ): Promise<AlertGroup[]>;
  close(): Promise<void>;
}

export type ClientFactory = (options: ConnectionOptions) => EngineClient;

export interface InstanceDeps {
  clock: Clock;
  secrets: SecretStore;
  readFile: ReadFile;
  createClient: ClientFactory;
  random?: () => number;
  maxBackoffMs?: number;
  /** Called after every finished cycle (success or failure), synchronously. */
  onCycle: (instance: InstanceRuntime) => void;
}

/** Any failure as the AlertmanagerError the UI and health rules understand. */
export function toAlertmanagerError(e: unknown, endpoint = 'connect'): AlertmanagerError {
  if (e instanceof AlertmanagerError) return e;
  if (e instanceof ConnectionSetupError) {
    return new AlertmanagerError({ kind: e.kind, endpoint, message: e.message, cause: e });
  }
  return new AlertmanagerError({
    kind: 'network',
    endpoint,
    message: e instanceof Error ? e.message : String(e),
    cause: e,
  });
}

/** Builds a client from settings and secrets (also used by testConnection with a draft). */
export async function buildClient(
  settings: InstanceSettings,
  deps: Pick<InstanceDeps, 'secrets' | 'readFile' | 'createClient'>,
  overrides?: SecretOverrides,
): Promise<EngineClient> {
  const options = await resolveConnection(settings, deps.secrets, deps.readFile, overrides);
  return deps.createClient(options);
}

export class InstanceRuntime {
  readonly settings: InstanceSettings;
  readonly #deps: InstanceDeps;
  #client: EngineClient | undefined;
  #clientPromise: Promise<EngineClient> | undefined;
  #poller: Poller | undefined;
  /** The options the current client was built with (includes secret values: never logged). */
  #clientOptions: string | undefined;

  /** Last good data (kept through failures: never blanked). */
  data: InstanceData | undefined;
  status: AlertmanagerStatus | undefined;
  #statusAt = 0;
  receivers: string[] | undefined;
  /** 0.33+: labels of the receivers that have some (absent on older servers). */
  receiverLabels: Record<string, LabelSet> | undefined;
  /**
   * The server has no GET /receivers (Grafana-managed Alertmanagers answer 404): receivers are
   * the ones its groups name, re-read every cycle.
   */
  #receiversDerived = false;
  /** Mimir's buildinfo when /status reports no version. */
  #buildInfo: BuildInfo | undefined;

  #outcome: PollOutcome = 'none';
  /** Good cycles still to read /status every time (STATUS_AFTER_FAILURE_CYCLES). */
  #statusEager = 0;
  #lastSuccessAt: number | undefined;
  #failingSince: number | undefined;
  #lastError: SerializedError | undefined;
  #lastPollAt: number | undefined;
  #lastPollMs: number | undefined;
  #busy = false;
  /** What the server listed before it restarted, kept a while (restart-hold.ts). */
  #restartHold: RestartHold | undefined;
  /**
   * The uptime this runtime's server reported (not carried over from a runtime this one
   * replaced: an edited URL may name another server, which is no restart).
   */
  #uptime: string | undefined;
  /**
   * Data carried over from the runtime this one replaced (its URL, auth or TLS was edited):
   * shown as stale until the first poll with the new settings finishes, then that answer
   * counts (a failure keeps the data, like any failure: never blanked).
   */
  #carried = false;

  constructor(settings: InstanceSettings, deps: InstanceDeps) {
    this.settings = settings;
    this.#deps = deps;
  }

  /**
   * Takes the last-known data of the runtime this one replaces, so an edit of the connection
   * does not turn an instance into "never reached" while the new settings are tried.
   */
  carryOver(prev: InstanceRuntime): void {
    if (prev.data === undefined) return;
    this.data = prev.data;
    this.status = prev.status;
    this.receivers = prev.receivers;
    this.#receiversDerived = prev.#receiversDerived;
    this.#buildInfo = prev.#buildInfo;
    this.#lastSuccessAt = prev.#lastSuccessAt;
    this.#carried = true;
  }

  get id(): string {
    return this.settings.id;
  }

  get intervalMs(): number {
    return this.settings.pollIntervalSec * 1000;
  }

  start(paused: boolean): void {
    if (!this.settings.enabled || this.#poller) return;
    this.#poller = new Poller({
      clock: this.#deps.clock,
      intervalMs: this.intervalMs,
      timeoutMs: this.settings.timeoutSec * 1000,
      cycle: (ctx) => this.#cycle(ctx),
      phase: pollPhase(this.id),
      ...(this.#deps.random ? { random: this.#deps.random } : {}),
      ...(this.#deps.maxBackoffMs !== undefined ? { maxBackoffMs: this.#deps.maxBackoffMs } : {}),
    });
    if (paused) this.#poller.pause();
    this.#poller.start();
  }

  /**
   * Poll interval, timeout or enabled changed, the connection did not: new schedule, same
   * client and last good data (a restart from scratch would make the policy see the data as
   * new and summarize it again).
   */
  async reschedule(
    next: InstanceSettings,
    running: () => { start: boolean; paused: boolean },
  ): Promise<void> {
    const poller = this.#poller;
    this.#poller = undefined;
    this.settings.pollIntervalSec = next.pollIntervalSec;
    this.settings.timeoutSec = next.timeoutSec;
    this.settings.enabled = next.enabled;
    // Wait for the cycle in flight to unwind: never two requests at once.
    await poller?.stop();
    if (!this.settings.enabled) {
      this.data = undefined;
      this.status = undefined;
      this.receivers = undefined;
      this.receiverLabels = undefined;
      this.#outcome = 'none';
      this.#lastSuccessAt = this.#failingSince = this.#lastPollAt = this.#lastPollMs = undefined;
      this.#lastError = undefined;
      this.#busy = false;
      return;
    }
    // Asked after the wait: the core may have been stopped or paused meanwhile.
    const now = running();
    if (now.start && !this.#poller) this.start(now.paused);
  }

  async stop(): Promise<void> {
    const poller = this.#poller;
    this.#poller = undefined;
    await poller?.stop();
    const client = this.#client;
    this.#client = undefined;
    this.#clientPromise = undefined;
    await client?.close().catch(() => {});
  }

  pause(): void {
    this.#poller?.pause();
  }

  resume(): void {
    this.#poller?.resume();
  }

  /** Polls now; resolves when a cycle that started after the call finished. */
  refresh(): Promise<void> {
    return this.#poller?.refresh() ?? Promise.resolve();
  }

  /** The client once built (silence writes go through it); undefined before the first cycle. */
  get currentClient(): EngineClient | undefined {
    return this.#client;
  }

  /** The client, building it if needed. */
  ensureClient(): Promise<EngineClient> {
    if (this.#client) return Promise.resolve(this.#client);
    if (!this.#clientPromise) {
      this.#clientPromise = resolveConnection(
        this.settings,
        this.#deps.secrets,
        this.#deps.readFile,
      ).then(
        (options) => {
          const c = this.#deps.createClient(options);
          this.#client = c;
          this.#clientOptions = JSON.stringify(options);
          return c;
        },
        (e: unknown) => {
          this.#clientPromise = undefined;
          throw e;
        },
      );
    }
    return this.#clientPromise;
  }

  /**
   * Settings were saved: secrets or TLS files may have changed behind unchanged keys and paths.
   * Rebuilds the client (and polls at once) only when the resolved options differ.
   */
  async reloadConnection(): Promise<void> {
    if (!this.#client) return; // built fresh on the next cycle anyway
    let options;
    try {
      options = await resolveConnection(this.settings, this.#deps.secrets, this.#deps.readFile);
    } catch {
      options = undefined; // the next cycle reports it
    }
    const key = options === undefined ? undefined : JSON.stringify(options);
    if (key !== undefined && key === this.#clientOptions) return;
    const old = this.#client;
    this.#client = undefined;
    this.#clientPromise = undefined;
    this.#clientOptions = undefined;
    await old?.close().catch(() => {});
    if (this.#poller) void this.refresh();
  }

  /** Peer names from the last /status (for cluster detection). */
  get peerNames(): string[] | undefined {
    const peers = this.status?.cluster.peers;
    if (!peers || peers.length === 0) return undefined;
    return peers.map((p) => p.name);
  }

  /**
   * When this instance turns stale if nothing else happens (health is time dependent: a busy
   * or hanging server must not show `ok` forever just because no cycle finishes).
   */
  staleDeadline(): number | undefined {
    if (!this.settings.enabled || !this.#poller) return undefined;
    if (this.#outcome !== 'ok' && this.#outcome !== 'busy') return undefined;
    const since = this.#lastSuccessAt ?? this.#failingSince;
    return since === undefined ? undefined : since + STALE_AFTER_INTERVALS * this.intervalMs + 1;
  }

  /**
   * What the server listed before it restarted, while any of it may still be kept
   * (restart-hold.ts); undefined once the grace and the alerts' ends have passed.
   */
  restartHeld(now: number): { data: InstanceData; keepUntil: number } | undefined {
    const h = this.#restartHold;
    if (h === undefined) return undefined;
    if (now >= h.expires) {
      this.#restartHold = undefined;
      return undefined;
    }
    return h;
  }

  view(clusterId: string): InstanceView {
    const s = this.settings;
    const v: InstanceView = {
      id: s.id,
      name: s.name,
      url: s.url,
      clusterId,
      enabled: s.enabled,
      health:
        this.#carried && this.#outcome === 'none'
          ? 'stale'
          : computeHealth({
              enabled: s.enabled,
              intervalMs: this.intervalMs,
              now: this.#deps.clock.now(),
              lastOutcome: this.#outcome,
              lastSuccessAt: this.#lastSuccessAt,
              failingSince: this.#failingSince,
            }),
    };
    if (!s.enabled) return v;
    if (this.#failingSince !== undefined) v.failingSince = iso(this.#failingSince);
    if (this.#lastError) v.lastError = this.#lastError;
    if (this.#lastPollAt !== undefined) v.lastPollAt = iso(this.#lastPollAt);
    if (this.#lastPollMs !== undefined) v.lastPollMs = this.#lastPollMs;
    if (this.#lastSuccessAt !== undefined) v.lastSuccessAt = iso(this.#lastSuccessAt);
    if (this.#busy) v.busy = true;
    const st = this.status;
    if (st) {
      v.version = st.versionInfo;
      const bi = this.#buildInfo;
      if (bi) {
        v.version = { ...st.versionInfo, version: bi.version };
        if (bi.revision) v.version.revision = bi.revision;
        if (bi.branch) v.version.branch = bi.branch;
        if (bi.goVersion) v.version.goVersion = bi.goVersion;
        v.product = bi.application ?? 'Mimir';
      } else if (!reportsVersion(st)) {
        v.versionNote = isGrafanaStatus(st)
          ? 'not reported by Grafana-managed Alertmanagers'
          : 'not reported by this server';
        if (isGrafanaStatus(st)) v.product = 'Grafana';
      }
      v.uptime = st.uptime;
      v.clusterStatus = st.cluster.status;
      if (st.cluster.name !== undefined) v.clusterName = st.cluster.name;
      if (st.cluster.peers) v.peers = st.cluster.peers;
    }
    const hold = this.restartHeld(this.#deps.clock.now());
    if (hold) v.restartedAt = this.#restartHold!.startedAt;
    if (this.receivers) v.receivers = this.receivers;
    if (this.receiverLabels) v.receiverLabels = this.receiverLabels;
    if (this.#receiversDerived) v.receiversDerived = true;
    return v;
  }

  async #cycle(ctx: CycleContext): Promise<void> {
    const startedAt = this.#deps.clock.now();
    const t0 = performance.now();
    let cancelled = false;
    try {
      const client = await this.ensureClient();
      const needStatus =
        this.status === undefined ||
        this.#statusEager > 0 ||
        ctx.cycle % STATUS_EVERY_CYCLES === 0 ||
        startedAt - this.#statusAt >= STATUS_MAX_AGE_MS;
      let status = this.status;
      if (needStatus) status = await ctx.request('GET /status', (o) => client.getStatus(o));
      const groups = await ctx.request('GET /alerts/groups', (o) => client.getAlertGroups({}, o));
      const silences = await ctx.request('GET /silences', (o) => client.getSilences(undefined, o));
      // Fewer alerts than the last poll: resolved, or a server that restarted and lost them
      // all (restart-hold.ts). Its uptime tells, so /status is read now if it was not.
      const before = this.data;
      let statusRead = needStatus;
      if (
        !statusRead &&
        before !== undefined &&
        groups !== before.groups &&
        listedAlerts(groups) < listedAlerts(before.groups)
      ) {
        status = await ctx.request('GET /status', (o) => client.getStatus(o));
        statusRead = true;
      }
      let receivers = this.receivers;
      let receiverLabels = this.receiverLabels;
      let derived = this.#receiversDerived;
      let buildInfo = this.#buildInfo;
      if (needStatus) {
        try {
          const rs = await ctx.request('GET /receivers', (o) => client.getReceivers(o));
          receivers = rs.map((r) => r.name).sort();
          receiverLabels = labelsOfReceivers(rs);
          derived = false;
        } catch (e) {
          // Grafana has no /api/v2/receivers (its receivers live under its own config API).
          if (!(e instanceof AlertmanagerError && e.kind === 'http' && e.status === 404)) throw e;
          derived = true;
        }
        buildInfo = undefined;
        if (status && !reportsVersion(status) && client.getBuildInfo) {
          try {
            buildInfo = await ctx.request('GET /api/v1/status/buildinfo', (o) =>
              client.getBuildInfo!(o),
            );
          } catch (e) {
            if (e instanceof CancelledError) throw e;
            // Not Mimir (Grafana, a proxy): the version stays unknown, the instance is fine.
          }
        }
      }
      if (derived) receivers = [...new Set(groups.map((g) => g.receiver.name))].sort();
      // Commit the whole cycle at once.
      const now = this.#deps.clock.now();
      if (statusRead) this.#statusAt = now;
      if (before !== undefined && status && restarted(this.#uptime, status.uptime))
        this.#restartHold = holdAfterRestart(before, status.uptime!, now, this.#restartHold);
      if (status?.uptime !== undefined) this.#uptime = status.uptime;
      this.status = status;
      this.receivers = receivers;
      this.receiverLabels = receiverLabels;
      this.#receiversDerived = derived;
      this.#buildInfo = buildInfo;
      // The client hands back the same objects for unchanged bodies: then so does this, and
      // the merger skips the instance (a quiet poll costs its transfer and a hash).
      if (this.data?.groups !== groups || this.data.silences !== silences) {
        this.data = { groups, silences };
        if (this.#restartHold) this.#restartHold = pruneHold(this.#restartHold, this.data);
      }
      this.#outcome = 'ok';
      if (this.#statusEager > 0) this.#statusEager--;
      this.#lastSuccessAt = now;
      this.#failingSince = undefined;
      this.#lastError = undefined;
      this.#busy = false;
    } catch (e) {
      if (e instanceof CancelledError) {
        cancelled = true;
        throw e;
      }
      const err = toAlertmanagerError(e);
      if (err.kind === 'aborted') {
        // Our own client was closed under the request (settings changed): not the server's
        // fault. As a cancellation the poller retries at once, with the new client.
        cancelled = true;
        throw new CancelledError('client closed');
      }
      this.#outcome = outcomeOf(err);
      this.#statusEager = STATUS_AFTER_FAILURE_CYCLES;
      this.#busy = err.busy;
      this.#lastError = err.toJSON();
      this.#failingSince ??= startedAt;
      throw err;
    } finally {
      if (!cancelled) {
        this.#lastPollAt = this.#deps.clock.now();
        this.#lastPollMs = Math.round(performance.now() - t0);
        try {
          this.#deps.onCycle(this);
        } catch (e) {
          // A bug downstream (merge, listeners) must not look like a server failure here.
          console.error('core: processing a poll result failed:', e);
        }
      }
    }
  }
}

/** Whether /status names a version (Grafana says "N/A", Mimir leaves it empty). */
export function reportsVersion(st: AlertmanagerStatus): boolean {
  const v = st.versionInfo.version.trim();
  return v !== '' && v !== 'N/A' && v.toLowerCase() !== 'unknown';
}

/**
 * Grafana's NewGettableStatus (grafana: pkg/services/ngalert/api/tooling/definitions/
 * alertmanager.go): every version field "N/A" and clustering disabled.
 */
function isGrafanaStatus(st: AlertmanagerStatus): boolean {
  return st.versionInfo.version === 'N/A' && st.versionInfo.revision === 'N/A';
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** Receivers with labels (Alertmanager 0.33+) by name; undefined when none has any. */
function labelsOfReceivers(rs: readonly ReceiverInfo[]): Record<string, LabelSet> | undefined {
  let out: Record<string, LabelSet> | undefined;
  for (const r of rs) {
    if (!r.labels) continue;
    out ??= keyedRecord<LabelSet>();
    out[r.name] = r.labels;
  }
  return out;
}

/**
 * Where in its interval an instance polls, from its id (0 to 0.75 of an interval early, once):
 * instances started together spread out instead of polling in the same instant each round.
 */
export function pollPhase(id: string): number {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  return (((h >>> 0) % 1000) / 1000) * 0.75;
}
