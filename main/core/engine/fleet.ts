// The core's instances: one InstanceRuntime (client + poller + last good data) per configured
// Alertmanager, their lifecycle, the reconciliation when settings change, their clusters, and
// what the merger and the silence writers need of them.
import type { InstanceView } from '../model/view.ts';
import type { ClusterMember } from '../silences/actions.ts';
import type { InstanceSettings } from '../settings/types.ts';
import { ClusterAssigner, type ClusterCandidate } from './clusters.ts';
import { connectionKey, scheduleKey } from './connection.ts';
import { InstanceRuntime, type InstanceDeps } from './instance.ts';
import type { MergeInstance } from './merge.ts';

export interface FleetOptions {
  deps: Omit<InstanceDeps, 'onCycle'>;
  /** An instance finished a poll (success or failure). */
  pollDone: () => void;
  /** Whether the core runs and whether polling is paused (asked when a poller restarts). */
  running: () => { start: boolean; paused: boolean };
  /** A rescheduled instance is ready: re-merge. */
  rescheduled: () => void;
}

export class Fleet {
  readonly #o: FleetOptions;
  readonly #assigner = new ClusterAssigner();
  #runtimes: InstanceRuntime[];

  constructor(settings: readonly InstanceSettings[], o: FleetOptions) {
    this.#o = o;
    this.#runtimes = settings.map((s) => this.#newRuntime(s));
  }

  #newRuntime(s: InstanceSettings): InstanceRuntime {
    return new InstanceRuntime(s, { ...this.#o.deps, onCycle: () => this.#o.pollDone() });
  }

  get runtimes(): readonly InstanceRuntime[] {
    return this.#runtimes;
  }

  /** The runtime of an instance; throws for an unknown id. */
  get(instanceId: string): InstanceRuntime {
    const rt = this.#runtimes.find((r) => r.id === instanceId);
    if (!rt) throw new Error(`unknown instance ${instanceId}`);
    return rt;
  }

  start(paused: boolean): void {
    for (const rt of this.#runtimes) rt.start(paused);
  }

  async stop(): Promise<void> {
    await Promise.all(this.#runtimes.map((rt) => rt.stop()));
  }

  setPaused(paused: boolean): void {
    for (const rt of this.#runtimes) {
      if (paused) rt.pause();
      else rt.resume();
    }
  }

  async refresh(instanceId?: string): Promise<void> {
    const targets = instanceId === undefined ? this.#runtimes : [this.get(instanceId)];
    await Promise.all(targets.map((rt) => rt.refresh()));
  }

  /** When each instance would turn stale without a poll finishing. */
  staleDeadlines(): (number | undefined)[] {
    return this.#runtimes.map((rt) => rt.staleDeadline());
  }

  /**
   * New instance settings: a new URL, auth, headers or TLS setting is another connection
   * (fresh runtime, last data carried over as stale until it answers); a new schedule keeps
   * the client and the last good data.
   */
  update(next: readonly InstanceSettings[]): void {
    const { start, paused } = this.#o.running();
    const old = new Map(this.#runtimes.map((rt) => [rt.id, rt]));
    const runtimes: InstanceRuntime[] = [];
    for (const s of next) {
      const rt = old.get(s.id);
      old.delete(s.id);
      if (rt && connectionKey(rt.settings) === connectionKey(s)) {
        // Same connection: keep the poller and its data; names/cluster apply on rebuild.
        Object.assign(rt.settings, { name: s.name, cluster: s.cluster });
        if (s.cluster === undefined) delete rt.settings.cluster;
        // The shell stores changed secrets before calling this: pick them up.
        void rt.reloadConnection();
        if (scheduleKey(rt.settings) !== scheduleKey(s)) {
          void rt.reschedule(s, this.#o.running).then(() => this.#o.rescheduled());
        }
        runtimes.push(rt);
      } else {
        if (rt) void rt.stop();
        const fresh = this.#newRuntime(s);
        // Same instance, new connection: its last data stays (stale) until the new one answers.
        if (rt && rt.settings.enabled && s.enabled) fresh.carryOver(rt);
        runtimes.push(fresh);
        if (start) fresh.start(paused);
      }
    }
    for (const rt of old.values()) void rt.stop();
    this.#runtimes = runtimes;
  }

  /** Each instance's view on its cluster and the data the merger takes from it. */
  mergeInstances(): { instances: MergeInstance[]; clusterNames: Record<string, string> } {
    const assignments = this.#assigner.assign(
      this.#runtimes.map((rt): ClusterCandidate => ({
        id: rt.id,
        name: rt.settings.name,
        explicit: rt.settings.cluster,
        // Disabled instances are not polled; they must not glue clusters together.
        peers: rt.settings.enabled ? rt.peerNames : undefined,
      })),
    );
    const clusterNames: Record<string, string> = {};
    const instances = this.#runtimes.map((rt) => {
      const a = assignments.get(rt.id)!;
      clusterNames[a.clusterId] = a.clusterName;
      if (!rt.settings.enabled) return { view: rt.view(a.clusterId), data: undefined };
      const restartHeld = rt.restartHeld(this.#o.deps.clock.now());
      return restartHeld
        ? { view: rt.view(a.clusterId), data: rt.data, restartHeld }
        : { view: rt.view(a.clusterId), data: rt.data };
    });
    return { instances, clusterNames };
  }

  /** Members of a cluster a silence can be written to (enabled, with a client). */
  members(clusterId: string, views: Readonly<Record<string, InstanceView>>): ClusterMember[] {
    const out: ClusterMember[] = [];
    for (const rt of this.#runtimes) {
      const v = views[rt.id];
      const client = rt.currentClient;
      if (!v || v.clusterId !== clusterId || !v.enabled || !client) continue;
      out.push({ instanceId: rt.id, name: v.name, client, healthy: v.health === 'ok' });
    }
    return out;
  }

  /** Polls every member of a cluster now. */
  async refreshCluster(
    clusterId: string,
    views: Readonly<Record<string, InstanceView>>,
  ): Promise<void> {
    await Promise.all(
      this.#runtimes
        .filter((rt) => views[rt.id]?.clusterId === clusterId)
        .map((rt) => rt.refresh()),
    );
  }
}
