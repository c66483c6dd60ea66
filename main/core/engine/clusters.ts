// Which configured instances are peers of one HA cluster. Silences live per cluster, so this
// decides where a silence is written (one member) and how alerts/silences de-duplicate.
//
// - An explicit `cluster` setting wins: id `cluster:<name>`.
// - Otherwise /status tells: every peer lists the names of all cluster members (itself
//   included); instances whose peer lists share a name are one cluster (transitively).
// - An instance alone (no status yet, or no configured peer) is `instance:<id>`.
//
// Ids must not flip between polls: Alertmanager peer names are random per process start and
// peer lists shrink when a peer dies. So a detected cluster id is derived once (from the
// smallest peer name) and then stays with its instances ("sticky") as long as they keep being
// grouped together; dead instances keep their last status, which keeps the group connected.

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
  private sticky = new Map<string, string>();

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
    for (const id of [...this.sticky.keys()]) if (!live.has(id)) this.sticky.delete(id);

    for (const members of groups.values()) {
      const cs = members.map((i) => candidates[i]!);
      const explicit = cs
        .map((c) => c.explicit)
        .filter((e): e is string => !!e)
        .sort()[0];
      let detected: string | undefined;
      if (explicit === undefined && cs.length > 1) {
        const previous = cs
          .map((c) => this.sticky.get(c.id))
          .filter((s): s is string => s !== undefined)
          .sort();
        detected =
          previous[0] ?? `peers:${cs.flatMap((c) => c.peers ?? []).sort()[0] ?? cs[0]!.id}`;
      }
      const names = cs.map((c) => c.name || c.id);
      for (const c of cs) {
        if (c.explicit) {
          out.set(c.id, { clusterId: explicitClusterId(c.explicit), clusterName: c.explicit });
        } else if (explicit !== undefined) {
          out.set(c.id, { clusterId: explicitClusterId(explicit), clusterName: explicit });
        } else if (detected !== undefined) {
          this.sticky.set(c.id, detected);
          out.set(c.id, { clusterId: detected, clusterName: names.join(', ') });
        } else {
          const kept = this.sticky.get(c.id);
          out.set(c.id, {
            clusterId: kept ?? standaloneClusterId(c.id),
            clusterName: c.name || c.id,
          });
        }
      }
    }
    return out;
  }
}
