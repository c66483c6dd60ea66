// Random poll sequences for the merge property test: a world of alerts and silences that
// evolves step by step, and the polls a set of Alertmanagers (HA peers, a cluster of two, a
// solo instance that changes cluster) return of it. Deterministic for a seed.
// What a step can bring: alerts firing, resolving, flapping (resolved, then back with the same
// fingerprint), updated (severity, with updatedAt), rewritten without updatedAt (a proxy),
// silenced / inhibited / muted; silences added, expired, deleted; peers lagging (an older
// copy), missing an alert, seeing a silence the other peer does not yet, listing in another
// order, repeating an alert or a group (a broken server); groups moving (the route's group-by
// changes); instances failing (stale data kept, or none yet), disabled, reordered; an
// unchanged poll handing back the very same object; polls read by the client's reader (which
// hands back previous objects) or fresh objects; severity order, severity label and silence
// notes changing. Poll data is frozen: the merge must never write into it.
import type {
  AlertGroup,
  AlertStatus,
  GettableAlert,
  GettableSilence,
} from '../../../../main/core/api/types.ts';
import { AlertGroupsReader } from '../../../../main/core/api/alert-groups-reader.ts';
import { StringPool } from '../../../../main/core/api/string-pool.ts';
import type { InstanceData, MergeInput } from '../../../../main/core/engine/merge.ts';
import type { HealthState, SilenceAttention } from '../../../../main/core/model/view.ts';

const T0 = Date.parse('2026-11-21T01:00:00.000Z');
const iso = (ms: number): string => new Date(ms).toISOString();
const NAMES = ['Disk', 'Cpu', 'Net', 'Mem', 'Odd'];
const TEAMS = ['db', 'web'];
const CLUSTERS = ['c1', 'c2', 'c3'];

interface Truth {
  alert: GettableAlert;
  /** The version before the last change (what a lagging peer still shows). */
  before: GettableAlert | undefined;
  /** Clusters that have it (an alert sent to two HA pairs is in both). */
  clusters: string[];
}

interface Peer {
  id: string;
  clusterId: string;
  reader: AlertGroupsReader;
  last: InstanceData | undefined;
  health: HealthState;
  enabled: boolean;
  /** Its data from before its server restarted (restart-hold.ts), while held. */
  restartHeld?: { data: InstanceData; keepUntil: number };
}

function deepFreeze<T>(x: T): T {
  if (typeof x === 'object' && x !== null && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

export class PollWorld {
  readonly #r: () => number;
  readonly #truth = new Map<string, Truth>();
  readonly #silences = new Map<string, GettableSilence[]>(CLUSTERS.map((c) => [c, []]));
  /** An expired silence's version before (what a lagging peer still shows). */
  readonly #silenceBefore = new WeakMap<GettableSilence, GettableSilence>();
  /** Per cluster: group by alertname alone, or by alertname and team. */
  readonly #byTeam = new Map<string, boolean>();
  #peers: Peer[];
  #nextFp = 0;
  #nextSilence = 0;
  #step = 0;
  #severityOrder = ['critical', 'warning'];
  #severityLabel = 'severity';
  #notesNow = { ownAcks: new Set<string>(), attention: new Map<string, SilenceAttention>() };

  constructor(r: () => number) {
    this.#r = r;
    const peer = (id: string, clusterId: string): Peer => ({
      id,
      clusterId,
      reader: new AlertGroupsReader(new StringPool()),
      last: undefined,
      health: 'ok',
      enabled: true,
    });
    this.#peers = [peer('a', 'c1'), peer('b', 'c1'), peer('c', 'c1')];
    this.#peers.push(peer('d', 'c2'), peer('e', 'c2'), peer('solo', 'c3'));
    for (let i = 0; i < 8; i++) this.#fire();
  }

  #pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.#r() * xs.length)]!;
  }

  #chance(p: number): boolean {
    return this.#r() < p;
  }

  #now(): number {
    return T0 + this.#step * 60_000;
  }

  #fire(fp = `f${this.#nextFp++}`): void {
    const name = this.#pick(NAMES);
    const labels: Record<string, string> = { alertname: name, team: this.#pick(TEAMS), fp };
    if (!this.#chance(0.15)) labels['severity'] = this.#pick(['critical', 'warning', 'info']);
    if (this.#chance(0.3)) labels['priority'] = this.#pick(['P1', 'P2']);
    const alert: GettableAlert = {
      labels,
      annotations: { summary: `about ${fp}` },
      receivers: [{ name: 'team' }],
      fingerprint: fp,
      startsAt: iso(this.#now()),
      updatedAt: iso(this.#now()),
      // Some end within minutes: a dead peer's alerts kept until their end then go.
      endsAt: iso(this.#now() + (this.#chance(0.3) ? 4 : 60) * 60_000),
      status: { state: 'active', silencedBy: [], inhibitedBy: [] },
    };
    if (this.#chance(0.7)) alert.generatorURL = `http://prom/graph?g0.expr=${fp}`;
    const clusters = this.#chance(0.2) ? ['c1', 'c2'] : [this.#pick(CLUSTERS)];
    this.#truth.set(fp, { alert, before: undefined, clusters });
  }

  #change(t: Truth, next: GettableAlert): void {
    t.before = t.alert;
    t.alert = next;
  }

  /** One step of the world: alerts and silences change, then every peer is polled. */
  next(): MergeInput {
    this.#step++;
    this.#evolveAlerts();
    this.#evolveSilences();
    if (this.#chance(0.03))
      this.#severityOrder = this.#pick([['critical', 'warning'], ['warning']]);
    if (this.#chance(0.01)) this.#severityLabel = this.#pick(['severity', 'priority']);
    if (this.#chance(0.1)) this.#byTeam.set(this.#pick(CLUSTERS), this.#chance(0.5));
    if (this.#chance(0.05)) this.#peers[5]!.clusterId = this.#pick(['c2', 'c3']);
    if (this.#chance(0.03)) this.#peers.reverse(); // settings reordered
    return {
      instances: this.#peers.map((p) => this.#poll(p)),
      now: this.#now(),
      clusterNames: { c1: 'prod' },
      severityLabel: this.#severityLabel,
      severityOrder: this.#severityOrder,
      silenceNotes: this.#notes(),
    };
  }

  #evolveAlerts(): void {
    const now = iso(this.#now());
    for (const [fp, t] of this.#truth) {
      const a = t.alert;
      const x = this.#r();
      if (x < 0.05) this.#truth.delete(fp);
      else if (x < 0.08) this.#change(t, { ...a, updatedAt: now, annotations: { summary: now } });
      else if (x < 0.11)
        this.#change(t, {
          ...a,
          updatedAt: now,
          labels: { ...a.labels, severity: this.#pick(['critical', 'warning', 'info']) },
        });
      else if (x < 0.14) this.#change(t, { ...a, annotations: { summary: `proxy ${now}` } });
      // Silences, inhibitions, mutes and routing do not move updatedAt (the alert's last post).
      else if (x < 0.22) this.#change(t, { ...a, status: this.#status(t) });
      else if (x < 0.25) this.#change(t, { ...a, receivers: this.#receivers() });
    }
    // Flaps: a resolved fingerprint fires again.
    if (this.#chance(0.1) && this.#nextFp > 0) {
      const fp = `f${Math.floor(this.#r() * this.#nextFp)}`;
      if (!this.#truth.has(fp)) this.#fire(fp);
    }
    while (this.#truth.size < 6 || this.#chance(0.3)) this.#fire();
  }

  #receivers(): GettableAlert['receivers'] {
    return this.#pick([['team'], ['pager', 'team'], ['pager']]).map((name) => ({ name }));
  }

  #status(t: Truth): AlertStatus {
    const silences = this.#silences.get(t.clusters[0]!)!.filter((s) => s.status.state === 'active');
    const x = this.#r();
    if (x < 0.4) return { state: 'active', silencedBy: [], inhibitedBy: [] };
    if (x < 0.7 && silences.length > 0)
      return { state: 'suppressed', silencedBy: [this.#pick(silences).id], inhibitedBy: [] };
    if (x < 0.85) return { state: 'suppressed', silencedBy: [], inhibitedBy: ['f0'] };
    if (x < 0.95)
      return { state: 'suppressed', silencedBy: [], inhibitedBy: [], mutedBy: ['nights'] };
    return { state: 'unprocessed', silencedBy: [], inhibitedBy: [] };
  }

  #evolveSilences(): void {
    const now = iso(this.#now());
    for (const [c, list] of this.#silences) {
      const kept = list
        .filter(() => !this.#chance(0.03))
        .map((s) => (s.status.state === 'active' && this.#chance(0.05) ? this.#expire(s, now) : s));
      if (this.#chance(0.15)) {
        const ack = this.#chance(0.4);
        kept.push({
          id: `s${this.#nextSilence++}`,
          matchers: [
            { name: 'alertname', value: this.#pick(NAMES), isRegex: false, isEqual: true },
          ],
          startsAt: now,
          endsAt: iso(this.#now() + 3_600_000),
          updatedAt: now,
          createdBy: 'me',
          comment: ack ? `ACK! on it [tray-ack:${this.#pick(['me', 'other'])}]` : 'maintenance',
          status: { state: 'active' },
        });
      }
      this.#silences.set(c, kept);
    }
  }

  #expire(s: GettableSilence, now: string): GettableSilence {
    const expired = { ...s, updatedAt: now, endsAt: now, status: { state: 'expired' as const } };
    this.#silenceBefore.set(expired, s);
    return expired;
  }

  #notes(): MergeInput['silenceNotes'] {
    if (this.#chance(0.1)) {
      // A new map: sometimes the same content, sometimes one silence more or less.
      const next = new Map(this.#notesNow.attention);
      const all = [...this.#silences].flatMap(([c, l]) => l.map((s) => `${c}/${s.id}`));
      if (all.length > 0 && this.#chance(0.7)) {
        const key = this.#pick(all);
        if (next.has(key)) next.delete(key);
        else next.set(key, { unusedSince: iso(this.#now()) });
      }
      // This install's acks change with the flags (a new set, the same keys: no extra draw).
      this.#notesNow = { ownAcks: new Set(next.keys()), attention: next };
    }
    return this.#notesNow;
  }

  #poll(p: Peer): MergeInput['instances'][number] {
    if (this.#chance(0.02)) p.enabled = !p.enabled;
    const x = this.#r();
    if (x < 0.05 && p.last === undefined) p.health = 'unknown';
    else if (x < 0.12) p.health = this.#pick<HealthState>(['unreachable', 'stale', 'auth-failed']);
    else {
      p.health = 'ok';
      // The server restarted: what it listed is held a while (the same object while held).
      if (p.last !== undefined && this.#chance(0.04))
        p.restartHeld = {
          data: p.last,
          keepUntil: this.#now() + (this.#chance(0.5) ? -1 : 1) * 60_000,
        };
      else if (p.restartHeld && this.#chance(0.15)) p.restartHeld = undefined;
      // An unchanged poll hands back the very same object.
      if (p.last === undefined || !this.#chance(0.3)) p.last = this.#read(p);
    }
    const view = {
      id: p.id,
      name: p.id,
      url: `http://${p.id}`,
      clusterId: p.clusterId,
      enabled: p.enabled,
      health: p.health,
    };
    return p.restartHeld
      ? { view, data: p.last, restartHeld: p.restartHeld }
      : { view, data: p.last };
  }

  /** What this peer's Alertmanager returns now, as the client hands it over. */
  #read(p: Peer): InstanceData {
    const byTeam = this.#byTeam.get(p.clusterId) ?? false;
    const groups = new Map<string, AlertGroup>();
    for (const t of this.#truth.values()) {
      if (!t.clusters.includes(p.clusterId) || this.#chance(0.08)) continue; // not (yet) here
      let a = t.before && this.#chance(0.1) ? t.before : t.alert; // lagging
      if (this.#chance(0.05))
        a = { ...a, status: { state: 'suppressed', silencedBy: [], inhibitedBy: ['x'] } };
      for (const { name: receiver } of a.receivers) {
        const labels: Record<string, string> = { alertname: a.labels['alertname']! };
        if (byTeam) labels['team'] = a.labels['team']!;
        const key = `${receiver}|${JSON.stringify(labels)}`;
        let g = groups.get(key);
        if (!g) {
          g = { labels, receiver: { name: receiver }, alerts: [] };
          if (labels['alertname'] === 'Odd') g.routeLabels = { route: 'odd' };
          groups.set(key, g);
        }
        g.alerts.push(a);
        if (this.#chance(0.02)) g.alerts.push(a); // a broken server repeats it
      }
    }
    const list = [...groups.values()].map((g) =>
      this.#chance(0.3) ? { ...g, alerts: g.alerts.reverse() } : g,
    );
    if (this.#chance(0.3)) list.reverse();
    if (list.length > 0 && this.#chance(0.03)) list.push(list[0]!); // a group listed twice
    const silences = this.#silences
      .get(p.clusterId)!
      .filter(() => !this.#chance(0.05))
      .map((x) => {
        const before = this.#silenceBefore.get(x);
        if (before && this.#chance(0.2)) return before; // lagging: the version before expiry
        // Same updatedAt, other text (a proxy): the first copy of equal updatedAt is shown.
        return this.#chance(0.05) ? { ...x, comment: `${x.comment} (via ${p.id})` } : x;
      });
    // Through the client's reader (previous objects for unchanged alerts), or fresh objects.
    const fromReader = this.#chance(0.5) ? p.reader.readText(JSON.stringify(list)) : undefined;
    return deepFreeze({
      groups: fromReader ?? structuredClone(list),
      silences: structuredClone(silences),
    });
  }
}
