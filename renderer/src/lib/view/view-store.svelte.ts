// The window's copy of the merged view, fed by the 'view:changes' subscription. Collections
// are $state.raw: they are replaced (never mutated) by applyViewMessage, so derived lists only
// recompute when the collection they read was actually replaced.
import type { BridgeApi } from '$core/bridge/contract.ts';
import type {
  AlertView,
  ClusterView,
  GroupView,
  InstanceView,
  SilenceView,
  Summary,
  ViewStreamMessage,
  ViewSnapshot,
} from '$core/model/view.ts';
import { applyViewMessage } from './apply.ts';
import { isUnhealthy } from '$core/model/health.ts';

export class ViewStore {
  loaded = $state(false);
  seq = $state(0);
  instances = $state.raw<Record<string, InstanceView>>({});
  clusters = $state.raw<Record<string, ClusterView>>({});
  groups = $state.raw<Record<string, GroupView>>({});
  alerts = $state.raw<Record<string, AlertView>>({});
  silences = $state.raw<Record<string, SilenceView>>({});
  summary = $state.raw<Summary | null>(null);
  /** How many times the stream fell out of order and was resubscribed (diagnostics). */
  resyncs = $state(0);
  /** Enabled instances not answering properly, by name (banner, empty states). */
  readonly unhealthyInstances = $derived(
    Object.values(this.instances)
      .filter((i) => i.enabled && isUnhealthy(i.health))
      .sort((a, b) => a.name.localeCompare(b.name)),
  );

  /** A cluster as people know it: a standalone instance by its own name. */
  clusterLabel(id: string): string {
    const c = this.clusters[id];
    if (!c) return id;
    if (c.members.length === 1) return this.instances[c.members[0]!]?.name ?? c.name;
    return c.name;
  }

  #snapshot: ViewSnapshot | null = null;
  #unsubscribe: (() => void) | null = null;

  /** Apply one message; returns false when a resubscribe is needed. */
  apply(message: ViewStreamMessage): boolean {
    const result = applyViewMessage(this.#snapshot, message);
    if (!result.ok) return false;
    const prev = this.#snapshot;
    const next = result.snapshot;
    if (prev === next) return true;
    this.#snapshot = next;
    // Assign only replaced collections so unchanged ones keep their readers quiet.
    if (prev?.instances !== next.instances) this.instances = next.instances;
    if (prev?.clusters !== next.clusters) this.clusters = next.clusters;
    if (prev?.groups !== next.groups) this.groups = next.groups;
    if (prev?.alerts !== next.alerts) this.alerts = next.alerts;
    if (prev?.silences !== next.silences) this.silences = next.silences;
    if (prev?.summary !== next.summary) this.summary = next.summary;
    this.seq = next.seq;
    this.loaded = true;
    return true;
  }

  connect(bridge: BridgeApi): () => void {
    const subscribe = () => {
      this.#unsubscribe = bridge.subscribe('view:changes', (message) => {
        if (!this.apply(message)) {
          // Missed a delta: a fresh subscription starts with a full snapshot.
          this.resyncs++;
          this.#snapshot = null;
          this.#unsubscribe?.();
          queueMicrotask(subscribe);
        }
      });
    };
    subscribe();
    return () => this.#unsubscribe?.();
  }
}
