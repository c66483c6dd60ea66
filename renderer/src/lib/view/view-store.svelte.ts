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
import { ViewStreamReader, type LoadingProgress } from './apply.ts';
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
  /**
   * Set while a large snapshot streams in: groups and alerts then hold only what has come
   * (the most severe first), and every view says so instead of presenting it as complete.
   * The summary and the other collections are complete from the first message.
   */
  loading = $state.raw<LoadingProgress | null>(null);
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

  readonly #reader = new ViewStreamReader();
  #unsubscribe: (() => void) | null = null;
  /** What is shown (the complete view, or the partial one while loading). */
  #shown: ViewSnapshot | null = null;
  /** When the partial view was last shown (copies of growing collections: not every part). */
  #partialAt = 0;

  /** Apply one message; returns false when a resubscribe is needed. */
  apply(message: ViewStreamMessage): boolean {
    const result = this.#reader.read(message);
    switch (result.kind) {
      case 'resync':
        return false;
      case 'pending':
        return true;
      case 'loading': {
        const starting = this.loading === null;
        this.loading = result.progress;
        // The head at once (summary, instances), then what has come at most every 400 ms:
        // enough to draw the top of the list without copying 100k records per part.
        const now = Date.now();
        if (starting || now - this.#partialAt >= 400) {
          this.#partialAt = now;
          this.#show(result.partial());
        }
        return true;
      }
      case 'view':
        this.loading = null;
        this.#show(result.snapshot);
        return true;
    }
  }

  #show(next: ViewSnapshot): void {
    const prev = this.#shown;
    if (prev === next) return;
    this.#shown = next;
    // Assign only replaced collections so unchanged ones keep their readers quiet.
    if (prev?.instances !== next.instances) this.instances = next.instances;
    if (prev?.clusters !== next.clusters) this.clusters = next.clusters;
    if (prev?.groups !== next.groups) this.groups = next.groups;
    if (prev?.alerts !== next.alerts) this.alerts = next.alerts;
    if (prev?.silences !== next.silences) this.silences = next.silences;
    if (prev?.summary !== next.summary) this.summary = next.summary;
    this.seq = next.seq;
    this.loaded = true;
  }

  connect(bridge: BridgeApi): () => void {
    const subscribe = () => {
      this.#unsubscribe = bridge.subscribe('view:changes', (message) => {
        if (!this.apply(message)) {
          // Missed a delta: a fresh subscription starts with a full snapshot.
          this.resyncs++;
          this.#reader.reset();
          this.#unsubscribe?.();
          queueMicrotask(subscribe);
        }
      });
    };
    subscribe();
    return () => this.#unsubscribe?.();
  }
}
