// Which configured instances are peers of one HA cluster. Silences live per cluster, so this
// decides where a silence is written (one member) and how alerts/silences de-duplicate.
//
// - An explicit `cluster` setting wins: id `cluster:<name>`.
// - Otherwise /status tells: every peer lists the names of all cluster members (itself
//   included); instances whose peer lists share a name are one cluster (transitively).
// - An instance without peers (no status yet, or a status listing only itself) is
//   `instance:<id>`. One whose status lists other peers is in a cluster even when none of
//   them is configured (or answered yet).
//
// Ids must not flip between polls: Alertmanager peer names are random per process start and
// peer lists shrink when a peer dies. So a detected cluster id is derived once (from the
// smallest peer name) and then stays with its instances ("sticky"), also through restarts
// that rename every peer; dead instances keep their last status, which keeps the group
// connected.

export interface ClusterCandidate {
  id: string;
  name: string;
  /** Explicit cluster name from settings. */
  explicit?: string | undefined;
  /** Peer names from the instance's last /status (includes its own name). */
  peers?: string[] | undefined;
}

export interface ClusterAssignment {
  clusterId: string;
  clusterName: string;
}

export function explicitClusterId(name: string): string {
  return `cluster:${name}`;
}

export function standaloneClusterId(instanceId: string): string {
  return `instance:${instanceId}`;
}

export class ClusterAssigner {
  /** instance id -> detected cluster id it was given before. */
  #sticky = new Map<string, string>();

  assign(candidates: ClusterCandidate[]): Map<string, ClusterAssignment> {
    const out = new Map<string, ClusterAssignment>();
    const parent = candidates.map((_, i) => i);
    const find = (i: number): number => {
      while (parent[i] !== i) {
        const p = parent[i]!;
        parent[i] = parent[p]!;
        i = p;
      }
      return i;
    };
    const byPeer = new Map<string, number>();
    candidates.forEach((c, i) => {
      for (const peer of c.peers ?? []) {
        const j = byPeer.get(peer);
        if (j === undefined) byPeer.set(peer, i);
        else parent[find(i)] = find(j);
      }
    });
    const groups = new Map<number, number[]>();
    candidates.forEach((_, i) => {
      const r = find(i);
      const g = groups.get(r);
      if (g) g.push(i);
      else groups.set(r, [i]);
    });

    const live = new Set(candidates.map((c) => c.id));
    for (const id of [...this.#sticky.keys()]) if (!live.has(id)) this.#sticky.delete(id);

    for (const members of groups.values()) {
      const cs = members.map((i) => candidates[i]!);
      const explicit = cs
        .map((c) => c.explicit)
        .filter((e): e is string => !!e)
        .sort()[0];
      let detected: string | undefined;
      if (explicit === undefined) {
        const previous = cs
          .map((c) => this.#sticky.get(c.id))
          .filter((s): s is string => s !== undefined)
          .sort();
        const peerNames = [...new Set(cs.flatMap((c) => c.peers ?? []))].sort();
        // An instance whose status lists other peers is in an HA cluster even before any other
        // configured peer answered: it gets the cluster id at once, so the id does not flip
        // from `instance:<id>` when its peers' data arrives.
        if (previous[0] !== undefined) detected = previous[0];
        else if (peerNames.length > 1) detected = `peers:${peerNames[0]}`;
      }
      const names = cs.map((c) => c.name || c.id);
      for (const c of cs) {
        if (c.explicit) {
          out.set(c.id, { clusterId: explicitClusterId(c.explicit), clusterName: c.explicit });
        } else if (explicit !== undefined) {
          out.set(c.id, { clusterId: explicitClusterId(explicit), clusterName: explicit });
        } else if (detected !== undefined) {
          this.#sticky.set(c.id, detected);
          out.set(c.id, { clusterId: detected, clusterName: names.join(', ') });
        } else {
          out.set(c.id, { clusterId: standaloneClusterId(c.id), clusterName: c.name || c.id });
        }
      }
    }
    return out;
  }
}
