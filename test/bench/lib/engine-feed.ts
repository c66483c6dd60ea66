// Generated poll results for the engine benchmarks (cases 2 and 3), without network.
//
// A topology says which instances exist and which alerts each holds:
// - `single`: one standalone instance with all N alerts;
// - `cluster3`: three HA peers of one cluster, each with the same N alerts (as Prometheus
//   sends every alert to every peer);
// - `ten`: ten standalone instances (ten clusters), N alerts spread over them (N/10 each).
// A sliding window over alert indices makes churn: each cycle drops the oldest `churn`
// fraction and adds as many new alerts (resolved + new firing).
//
// What the engine is handed each cycle, outside the timed region (`FeedInput`):
// - 'reader' (default since 2026-11-28): what the client hands it. Each instance's body is
//   written as JSON text and read by that instance's own AlertGroupsReader, as
//   `api/client.ts` does: a group whose text is unchanged is the previous object again, and an
//   unchanged alert of a changed group keeps its previous object (api/alert-reuse.ts). HA
//   peers stamp `updatedAt` each on its own (Alertmanager's api/v2/api.go reports the time
//   the alert reached that peer), so peers' texts differ and share no object.
// - 'fresh' (the method until then): fresh objects for every alert of every instance each
//   cycle (a JSON parse of the whole body without the reader's reuse): alert, status, arrays
//   and annotations are copied; only label objects are shared.
import { AlertGroupsReader } from '../../../main/core/api/alert-groups-reader.ts';
import { StringPool } from '../../../main/core/api/string-pool.ts';
import type { AlertGroup, GettableAlert } from '../../../main/core/api/types.ts';
import type { InstanceView } from '../../../main/core/model/view.ts';
import { gettable, receiverOf, type FleetOptions } from './fixtures.ts';

export type Topology = 'single' | 'cluster3' | 'ten';
export type FeedInput = 'reader' | 'fresh';

export const TOPOLOGY_LABEL: Record<Topology, string> = {
  single: '1 instance',
  cluster3: '3-peer cluster',
  ten: '10 instances',
};

export interface FeedInstance {
  view: InstanceView;
  /** Alert index -> instance holds it. */
  holds: (i: number) => boolean;
}

function instancesOf(topology: Topology): FeedInstance[] {
  const base = (id: string, clusterId: string): InstanceView => ({
    id,
    name: id,
    url: `http://${id}.example:9093`,
    clusterId,
    enabled: true,
    health: 'ok',
  });
  switch (topology) {
    case 'single':
      return [{ view: base('am0', 'instance:am0'), holds: () => true }];
    case 'cluster3':
      return [0, 1, 2].map((p) => ({ view: base(`peer${p}`, 'cluster:ha'), holds: () => true }));
    case 'ten':
      return Array.from({ length: 10 }, (_, k) => ({
        view: base(`am${k}`, `instance:am${k}`),
        holds: (i: number) => i % 10 === k,
      }));
  }
}

const UPDATED_AT = '2026-01-01T00:00:00.000Z';

interface Skeleton {
  labels: { alertname: string };
  receiver: string;
  /** Alert indices of the group, in insertion (server) order. */
  members: Set<number>;
}

export class EngineFeed {
  readonly instances: FeedInstance[];
  readonly #fleet: FleetOptions;
  readonly #size: number;
  /** First alert index of the window; the window is [start, start + size). */
  #start = 0;
  /** Generated alerts of the current window, by index (generated once, then copied). */
  readonly #pool = new Map<number, GettableAlert>();
  /** Per instance: its groups by `receiver|alertname`, kept up to date by churn(). */
  readonly #skeletons: Map<string, Skeleton>[];
  readonly #input: FeedInput;
  /** 'reader': per instance, its client's reader and each alert's JSON text as it sends it. */
  readonly #readers: AlertGroupsReader[];
  readonly #texts: Map<number, string>[];
  /** Milliseconds the readers took in the last payloads() call (not part of a core cycle). */
  lastReadMs = 0;

  constructor(
    topology: Topology,
    size: number,
    alertnames = Math.max(10, Math.round(size / 10)),
    input: FeedInput = 'reader',
  ) {
    this.instances = instancesOf(topology);
    this.#size = size;
    this.#input = input;
    this.#fleet = { alerts: Number.MAX_SAFE_INTEGER, alertnames, seed: 7 };
    this.#skeletons = this.instances.map(() => new Map());
    this.#readers = this.instances.map(() => new AlertGroupsReader(new StringPool()));
    this.#texts = this.instances.map(() => new Map());
    for (let i = 0; i < size; i++) this.#add(i);
  }

  #add(i: number): void {
    const a = gettable(i, this.#fleet, '', UPDATED_AT);
    const receiver = receiverOf(a.labels);
    a.receivers = [{ name: receiver }];
    this.#pool.set(i, a);
    const alertname = a.labels.alertname!;
    const key = `${receiver}|${alertname}`;
    this.instances.forEach((inst, k) => {
      if (!inst.holds(i)) return;
      const groups = this.#skeletons[k]!;
      let g = groups.get(key);
      if (!g) {
        g = { labels: { alertname }, receiver, members: new Set() };
        groups.set(key, g);
      }
      g.members.add(i);
    });
  }

  #remove(i: number): void {
    const a = this.#pool.get(i);
    if (!a) return;
    this.#pool.delete(i);
    for (const texts of this.#texts) texts.delete(i);
    const key = `${a.receivers[0]!.name}|${a.labels.alertname}`;
    for (const groups of this.#skeletons) {
      const g = groups.get(key);
      if (!g) continue;
      g.members.delete(i);
      // A group whose last alert resolved disappears from /alerts/groups.
      if (g.members.size === 0) groups.delete(key);
    }
  }

  /** Moves the window by `fraction` of its size: that many alerts resolve, as many fire. */
  churn(fraction: number): void {
    const n = Math.round(this.#size * fraction);
    for (let k = 0; k < n; k++) {
      this.#remove(this.#start + k);
      this.#add(this.#start + this.#size + k);
    }
    this.#start += n;
  }

  /** /alerts/groups payloads (one per instance) for the current window, as `input` says. */
  payloads(): AlertGroup[][] {
    if (this.#input === 'fresh') return this.#freshPayloads();
    const bodies = this.#skeletons.map((groups, k) => this.#bodyChunks(groups, k));
    const t0 = performance.now();
    const out = bodies.map((chunks, k) => {
      const groups = this.#readers[k]!.readChunks(chunks);
      if (!groups) throw new Error('the reader refused a bench body');
      return groups;
    });
    this.lastReadMs = performance.now() - t0;
    return out;
  }

  /**
   * Instance k's body as its server writes it (peer k stamps updatedAt k seconds later), in
   * chunks of one group each, as the client decodes a body as it arrives (api/client.ts): no
   * string of the whole body (50 MB at 50,000 alerts) whose garbage would land in a timed cycle.
   */
  #bodyChunks(groups: Map<string, Skeleton>, k: number): string[] {
    const texts = this.#texts[k]!;
    const parts: string[] = ['['];
    for (const g of groups.values()) {
      const alerts: string[] = [];
      for (const i of g.members) {
        let t = texts.get(i);
        if (t === undefined) {
          const a = this.#pool.get(i)!;
          const updatedAt = new Date(Date.parse(a.updatedAt) + k * 1000).toISOString();
          t = JSON.stringify({ ...a, updatedAt });
          texts.set(i, t);
        }
        alerts.push(t);
      }
      parts.push(
        `${parts.length > 1 ? ',' : ''}{"labels":${JSON.stringify(g.labels)},"receiver":${JSON.stringify({ name: g.receiver })},"alerts":[${alerts.join(',')}]}`,
      );
    }
    parts.push(']');
    return parts;
  }

  #freshPayloads(): AlertGroup[][] {
    return this.#skeletons.map((groups) => {
      const out: AlertGroup[] = [];
      for (const g of groups.values()) {
        const alerts: GettableAlert[] = [];
        for (const i of g.members) alerts.push(fresh(this.#pool.get(i)!));
        out.push({ labels: { ...g.labels }, receiver: { name: g.receiver }, alerts });
      }
      return out;
    });
  }
}

function fresh(a: GettableAlert): GettableAlert {
  const copy: GettableAlert = {
    labels: a.labels,
    annotations: { ...a.annotations },
    receivers: a.receivers.map((r) => ({ name: r.name })),
    fingerprint: a.fingerprint,
    startsAt: a.startsAt,
    updatedAt: a.updatedAt,
    endsAt: a.endsAt,
    status: {
      state: a.status.state,
      silencedBy: [...a.status.silencedBy],
      inhibitedBy: [...a.status.inhibitedBy],
    },
  };
  if (a.generatorURL !== undefined) copy.generatorURL = a.generatorURL;
  return copy;
}
