// The window's copy of the merged view, fed by the 'view:changes' subscription. The stream
// reader changes its collections in place (a delta costs what it touches, not a copy of
// 100,000 records), so each collection here is the reader's object plus a version: reading a
// collection depends on its version, and a read that changed it bumps only that one, so
// derived lists only recompute when the collection they read actually changed.
import type { BridgeApi } from '$core/bridge/contract.ts';
import type {
  ClusterView,
  InstanceView,
  SilenceView,
  Summary,
  ViewStreamMessage,
  ViewSnapshot,
} from '$core/model/view.ts';
import {
  COLLECTIONS,
  ViewStreamReader,
  type Changed,
  type CollectionName,
  type LoadingProgress,
} from './apply.ts';
import { isUnhealthy } from '$core/model/health.ts';
import { tailStartAmong } from '../format/tail-cut.ts';

/** One collection: the reader's object, and a version bumped when it changes in place. */
class Collection<T> {
  #value = $state.raw<Record<string, T>>({});
  #version = $state(0);
  #mirror: ReadonlyMap<string, T> = new Map();
  /** The values, listed once per change (not a signal: derived from the two above). */
  #list: readonly T[] | null = null;

  get value(): Record<string, T> {
    void this.#version;
    return this.#value;
  }

  /** Every record, from the reader's Map (apply.ts Mirrors): never Object.values of 100,000. */
  get list(): readonly T[] {
    void this.#version;
    void this.#value;
    return (this.#list ??= [...this.#mirror.values()]);
  }

  /** How many records (Object.keys(value).length without listing them). */
  get size(): number {
    void this.#version;
    void this.#value;
    return this.#mirror.size;
  }

  set(next: Record<string, T>, changedInPlace: boolean, mirror: ReadonlyMap<string, T>): void {
    if (next !== this.#value || changedInPlace || mirror !== this.#mirror) this.#list = null;
    this.#mirror = mirror;
    if (next !== this.#value) this.#value = next;
    else if (changedInPlace) this.#version++;
  }
}

export class ViewStore {
  #loaded = $state(false);
  #seq = $state(0);
  #instances = new Collection<InstanceView>();
  #clusters = new Collection<ClusterView>();
  #silences = new Collection<SilenceView>();
  #summary = $state.raw<Summary | null>(null);
  #resyncs = $state(0);
  #loading = $state.raw<LoadingProgress | null>(null);

  get loaded(): boolean {
    return this.#loaded;
  }
  get seq(): number {
    return this.#seq;
  }
  get instances(): Record<string, InstanceView> {
    return this.#instances.value;
  }
  /**
   * No count is known yet: the view has not arrived, or no enabled instance has finished a
   * poll (the core has just started). The window says "loading…", never "0 of 0".
   */
  /**
   * Every enabled instance has finished a poll and none has ever answered: a count would be
   * "0 of 0", which a failed poll must never say. The count says "no data" instead.
   */
  get countsMissing(): boolean {
    if (!this.#loaded) return false;
    const enabled = Object.values(this.instances).filter((i) => i.enabled);
    return (
      enabled.length > 0 &&
      enabled.every((i) => i.lastPollAt !== undefined && i.lastSuccessAt === undefined)
    );
  }
  get countsUnknown(): boolean {
    if (!this.#loaded) return true;
    const enabled = Object.values(this.instances).filter((i) => i.enabled);
    return enabled.length > 0 && enabled.every((i) => i.lastPollAt === undefined);
  }
  get clusters(): Record<string, ClusterView> {
    return this.#clusters.value;
  }
  get silences(): Record<string, SilenceView> {
    return this.#silences.value;
  }
  /** Every silence as a list (cheap: see Collection.list). */
  get silenceList(): readonly SilenceView[] {
    return this.#silences.list;
  }
  get summary(): Summary | null {
    return this.#summary;
  }
  /** How many times the stream fell out of order and was resubscribed (diagnostics). */
  get resyncs(): number {
    return this.#resyncs;
  }
  /**
   * Set while a large snapshot streams in: groups and alerts then hold only what has come
   * (the most severe first), and every view says so instead of presenting it as complete.
   * The summary and the other collections are complete from the first message.
   */
  get loading(): LoadingProgress | null {
    return this.#loading;
  }
  /** Enabled instances not answering properly, by name (banner, empty states). */
  readonly unhealthyInstances = $derived(
    Object.values(this.instances)
      .filter((i) => i.enabled && isUnhealthy(i.health))
      .sort((a, b) => a.name.localeCompare(b.name)),
  );

  /** Every instance, by name (lists, pickers). */
  readonly instancesByName = $derived(
    Object.values(this.instances).sort((a, b) => a.name.localeCompare(b.name)),
  );
  /**
   * Receivers reported by instances, sorted (notification rules). The alert list adds those
   * its groups name (the core's list answer), since the window holds no groups.
   */
  readonly receivers = $derived.by(() => {
    const names: Record<string, true> = Object.create(null) as Record<string, true>;
    for (const i of Object.values(this.instances))
      for (const r of i.receivers ?? []) names[r] = true;
    return Object.keys(names).sort();
  });

  /** Where a cluster's name is found before the view has it (app-store: the settings). */
  #earlyName: (id: string) => string | undefined = () => undefined;
  useEarlyNames(names: (id: string) => string | undefined): void {
    this.#earlyName = names;
  }

  /** A cluster as people know it: a standalone instance by its own name. */
  clusterLabel(id: string): string {
    const c = this.clusters[id];
    if (!c) return this.#earlyName(id) ?? id;
    if (c.members.length === 1) return this.instances[c.members[0]!]?.name ?? c.name;
    return c.name;
  }

  /** Every cluster's name as clusterLabel says it (where names differ: clusterTailAt). */
  readonly #clusterLabels = $derived(Object.keys(this.clusters).map((id) => this.clusterLabel(id)));

  /**
   * Where a cluster's name keeps its end when cut short of room (a badge): from where it
   * differs from the others' names, when that is at their end ("127.0.0.1:19093").
   */
  clusterTailAt(id: string): number {
    return tailStartAmong(this.clusterLabel(id), this.#clusterLabels);
  }

  readonly #reader = new ViewStreamReader();
  #unsubscribe: (() => void) | null = null;
  /** When the partial view was last shown, and what grew since (not every part re-derives). */
  #partialAt = 0;
  /** Whether the partial view shown holds any group yet (the first one is shown at once). */
  #partialShowsGroups = false;
  #grown: CollectionName[] = [];

  /** Apply one message; returns false when a resubscribe is needed. */
  apply(message: ViewStreamMessage): boolean {
    const result = this.#reader.read(message);
    switch (result.kind) {
      case 'resync':
        return false;
      case 'pending':
        return true;
      case 'loading': {
        const starting = this.#loading === null;
        if (starting) this.#partialShowsGroups = false;
        this.#loading = result.progress;
        this.#grow(result.changed);
        // The head at once (summary, instances), the first part with groups at once (the top
        // of the list: first paint), then what has come at most every 400 ms: enough to keep
        // the list growing without re-deriving it for every part.
        const now = Date.now();
        const firstGroups =
          !this.#partialShowsGroups &&
          result.changed !== 'all' &&
          result.changed.includes('groups');
        if (starting || firstGroups || now - this.#partialAt >= 400) {
          if (firstGroups) this.#partialShowsGroups = true;
          this.#partialAt = now;
          this.#show(result.partial, this.#takeGrown());
        }
        return true;
      }
      case 'view':
        this.#loading = null;
        this.#partialShowsGroups = false;
        this.#grow(result.changed);
        this.#show(result.snapshot, this.#takeGrown());
        return true;
    }
  }

  #grow(changed: Changed): void {
    for (const name of changed === 'all' ? COLLECTIONS : changed)
      if (!this.#grown.includes(name)) this.#grown.push(name);
  }

  #takeGrown(): readonly CollectionName[] {
    const grown = this.#grown;
    this.#grown = [];
    return grown;
  }

  #show(next: ViewSnapshot, changed: readonly CollectionName[]): void {
    // New collections are assigned; a collection changed in place bumps its version; the
    // others keep their readers quiet.
    const r = this.#reader;
    this.#instances.set(next.instances, changed.includes('instances'), r.values('instances'));
    this.#clusters.set(next.clusters, changed.includes('clusters'), r.values('clusters'));
    this.#silences.set(next.silences, changed.includes('silences'), r.values('silences'));
    if (this.#summary !== next.summary) this.#summary = next.summary;
    this.#seq = next.seq;
    this.#loaded = true;
  }

  connect(bridge: BridgeApi): () => void {
    const subscribe = () => {
      // Without groups and alerts (issue 29): the alert list asks the core (list:query).
      this.#unsubscribe = bridge.subscribe('view:window', (message) => {
        if (!this.apply(message)) {
          // Missed a delta: a fresh subscription starts with a full snapshot.
          this.#resyncs++;
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
