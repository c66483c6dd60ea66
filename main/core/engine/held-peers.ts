// The alerts of an HA member that stopped answering which no answering member lists. Within a
// cluster only answering members are used (a dead peer's old data would bring back alerts the
// others resolved since), but Alertmanager peers do not share alerts: one Prometheus could not
// reach lists its alerts on the others only. When the member that alone held a critical alert
// died, the alert left the list and the Timeline logged it "resolved" while nobody knew
// (walk-through): missing data read as all clear. Such an alert is kept, marked stale, until
// its own endsAt: when the dead Alertmanager itself would resolve it without news from
// Prometheus (which sets endsAt a few evaluation intervals ahead on every send).
import type { AlertGroup, GettableAlert, GettableSilence } from '../api/types.ts';

/** An instance's last good data (merge-input.ts InstanceData; not imported: no cycle). */
interface InstanceData {
  groups: AlertGroup[];
  silences: GettableSilence[];
}

interface Memo {
  held: InstanceData;
  keepUntil: number;
  fresh: readonly InstanceData[];
  /** Recomputed from this time: the earliest end among the alerts kept. */
  until: number;
  result: InstanceData | undefined;
}

/**
 * Per held member, its data cut down to what the answering members do not list, the same
 * object while neither side's data changed and no kept alert reached its end (the merger takes
 * in a source whose data object changed: a new one every merge would compare it every merge).
 */
export class HeldPeers {
  readonly #memo = new Map<string, Memo>();
  readonly #asked = new Set<string>();

  /**
   * What `held` adds to `fresh` (its members' data), or undefined when nothing. An alert is
   * kept until its end, and at least until `keepUntil` (a restarted server: restart-hold.ts).
   */
  data(
    id: string,
    held: InstanceData,
    fresh: readonly InstanceData[],
    now: number,
    keepUntil = 0,
  ): InstanceData | undefined {
    this.#asked.add(id);
    const m = this.#memo.get(id);
    if (
      m &&
      m.held === held &&
      m.keepUntil === keepUntil &&
      now < m.until &&
      sameRefs(m.fresh, fresh)
    )
      return m.result;
    const { result, until } = cut(held, fresh, now, keepUntil);
    this.#memo.set(id, { held, keepUntil, fresh: fresh.slice(), until, result });
    return result;
  }

  /** Forgets members not asked about since the last sweep (answering again, or gone). */
  sweep(): void {
    for (const id of this.#memo.keys()) if (!this.#asked.has(id)) this.#memo.delete(id);
    this.#asked.clear();
  }
}

function cut(
  held: InstanceData,
  fresh: readonly InstanceData[],
  now: number,
  keepUntil: number,
): { result: InstanceData | undefined; until: number } {
  const listed = new Set<string>();
  for (const d of fresh)
    for (const g of d.groups) for (const a of g.alerts) listed.add(a.fingerprint);
  let until = Infinity;
  const groups: AlertGroup[] = [];
  for (const g of held.groups) {
    let alerts: GettableAlert[] | undefined;
    for (const a of g.alerts) {
      if (listed.has(a.fingerprint)) continue;
      const end = Math.max(Date.parse(a.endsAt), keepUntil);
      // No readable end: kept until the member answers again (never guessed resolved).
      if (end <= now) continue;
      if (end < until) until = end;
      (alerts ??= []).push(a);
    }
    if (alerts) groups.push(alerts.length === g.alerts.length ? g : { ...g, alerts });
  }
  // Silences are shared by gossip: the answering members have them.
  return { result: groups.length > 0 ? { groups, silences: [] } : undefined, until };
}

function sameRefs(a: readonly InstanceData[], b: readonly InstanceData[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
