// Turns two consecutive merged views into events. Alerts are diffed per cluster (the same
// alert may be silenced in one cluster and not another). Only clusters with fresh data take
// part: the engine keeps the last good data of an unreachable cluster (marked stale), and
// neither that frozen data nor its disappearance may look like alerts firing or resolving.
import type { AlertView, GroupView, SilenceView, ViewSnapshot } from '../model/view.ts';
import type { CoreEvent } from '../model/events.ts';
import { isUnhealthy } from '../model/health.ts';
import { DEFAULT_SEVERITY_LABEL, DEFAULT_SEVERITY_ORDER } from '../settings/defaults.ts';
import { severityRank } from './severity.ts';
import { alertNameOf } from '../model/alert-name.ts';

export interface DiffOptions {
  /** Minutes before a silence ends to emit silence-expiring; 0 disables it. */
  expiringWithinMin: number;
  /** Label holding the severity (default `severity`): ignored when matching an escalation. */
  severityLabel?: string;
  /** Most severe first (default critical, error, warning, info). */
  severityOrder?: readonly string[];
}

type Phase = 'active' | 'suppressed' | 'unprocessed' | 'resolved';

/** Cluster whose data in this snapshot is fresh (not last-good data kept through an outage). */
export function isClusterFresh(snapshot: ViewSnapshot, clusterId: string): boolean {
  const c = snapshot.clusters[clusterId];
  return c !== undefined && !c.stale && c.health === 'ok';
}

/** Cluster that had data (fresh or kept) in this snapshot. */
function hadData(snapshot: ViewSnapshot | undefined, clusterId: string): boolean {
  const c = snapshot?.clusters[clusterId];
  return c !== undefined && (c.stale || c.health === 'ok');
}

/**
 * Clusters whose first data arrived between `prev` and `next`: what they show was already
 * there before we looked, so the policy summarizes it instead of notifying alert by alert.
 */
export function initialClusters(prev: ViewSnapshot | undefined, next: ViewSnapshot): Set<string> {
  const out = new Set<string>();
  for (const id of Object.keys(next.clusters)) {
    if (isClusterFresh(next, id) && !hadData(prev, id)) out.add(id);
  }
  return out;
}

/**
 * Per-record derived values, cached by the record itself: the engine keeps unchanged records
 * (same object) across cycles, so a steady cycle parses and joins nothing again. WeakMaps let
 * the entries go with their records. One per differ, which counts its own work (tests assert
 * that steady cycles skip unchanged records).
 */
class RecordFacts {
  readonly #endMs = new WeakMap<AlertView | SilenceView, number>();
  readonly #startMs = new WeakMap<SilenceView, number>();
  readonly #identity = new WeakMap<AlertView, { severityLabel: string; identity: string }>();
  readonly #warnKey = new WeakMap<SilenceView, string>();
  readonly work = { identities: 0, endsAtParsed: 0 };

  endMs(r: AlertView | SilenceView): number {
    let ms = this.#endMs.get(r);
    if (ms === undefined) {
      this.work.endsAtParsed++;
      ms = Date.parse(r.endsAt);
      this.#endMs.set(r, ms);
    }
    return ms;
  }

  startMs(s: SilenceView): number {
    let ms = this.#startMs.get(s);
    if (ms === undefined) {
      ms = Date.parse(s.startsAt);
      this.#startMs.set(s, ms);
    }
    return ms;
  }

  warnKey(s: SilenceView): string {
    let k = this.#warnKey.get(s);
    if (k === undefined) {
      k = `${s.key}\u0000${s.endsAt}`;
      this.#warnKey.set(s, k);
    }
    return k;
  }

  /** endsAt reached: resolved alerts may still be listed until the server drops them. */
  ended(alert: AlertView, nowMs: number): boolean {
    const end = this.endMs(alert);
    return !Number.isNaN(end) && end > 0 && end <= nowMs;
  }

  /** The alert's labels without the severity label: a warning and a critical of one rule share it. */
  identity(a: AlertView, severityLabel: string): string {
    const cached = this.#identity.get(a);
    if (cached?.severityLabel === severityLabel) return cached.identity;
    this.work.identities++;
    const identity = Object.keys(a.labels)
      .filter((k) => k !== severityLabel)
      .sort()
      .map((k) => `${k}\u0000${a.labels[k]}`)
      .join('\u0001');
    this.#identity.set(a, { severityLabel, identity });
    return identity;
  }

  phase(alert: AlertView, clusterId: string, nowMs: number): Phase | undefined {
    const status = alert.statusByCluster[clusterId];
    if (!status) return undefined;
    if (this.ended(alert, nowMs)) return 'resolved';
    return status.state;
  }
}

/** An alerts map's keys (fingerprints) and records, in the map's order. */
interface AlertList {
  map: Record<string, AlertView>;
  keys: string[];
  records: AlertView[];
}

/**
 * Object.keys + lookups: the merged view's maps are large dictionary-mode objects, where
 * Object.values is about twice as slow. The keys are kept for lookups in other maps: they are
 * internalized strings, which a dictionary lookup takes without hashing them again.
 */
function listOf(map: Record<string, AlertView>): AlertList {
  const keys = Object.keys(map);
  const records: AlertView[] = new Array<AlertView>(keys.length);
  for (let i = 0; i < keys.length; i++) records[i] = map[keys[i] as string] as AlertView;
  return { map, keys, records };
}

function namesOf(records: readonly AlertView[]): Map<string | undefined, Set<AlertView>> {
  const names = new Map<string | undefined, Set<AlertView>>();
  for (const r of records) {
    const set = names.get(r.labels.alertname);
    if (set) set.add(r);
    else names.set(r.labels.alertname, new Set([r]));
  }
  return names;
}

/** A phase change of one alert in one cluster, found before any event is built. */
interface Transition {
  alert: AlertView;
  before: AlertView | undefined;
  clusterId: string;
  now: Phase | undefined;
  was: Phase | undefined;
}

export class EventDiffer {
  readonly #facts = new RecordFacts();

  /** Per-record work done so far (parses and identities), for tests. */
  get work(): { readonly identities: number; readonly endsAtParsed: number } {
    return this.#facts.work;
  }

  /** now of the previous diff: phases of `prev` are judged at the time it was current. */
  private lastNowMs: number | undefined;
  /** `<silenceKey>\0<endsAt>` already warned about (or never to warn about). */
  private warned = new Set<string>();
  /**
   * The alerts map of the last `next` and its records: the next cycle's `prev` is that same
   * object, so its records need not be enumerated again (enumerating 10k keys costs ~1 ms).
   */
  private lastAlerts: AlertList | undefined;
  /**
   * Records of `byName.map` by alertname, kept up to date from the records that changed, so
   * escalation candidates are found without reading every alert. Built on first need.
   */
  private byName:
    { map: Record<string, AlertView>; names: Map<string | undefined, Set<AlertView>> } | undefined;

  /** Forget history (e.g. after settings replaced every instance). */
  reset(): void {
    this.lastNowMs = undefined;
    this.warned.clear();
    this.lastAlerts = undefined;
    this.byName = undefined;
  }

  private listOf(map: Record<string, AlertView>): AlertList {
    return this.lastAlerts?.map === map ? this.lastAlerts : listOf(map);
  }

  diff(
    prev: ViewSnapshot | undefined,
    next: ViewSnapshot,
    nowMs: number,
    opts: DiffOptions,
  ): CoreEvent[] {
    const events: CoreEvent[] = [];
    const prevNow = this.lastNowMs ?? nowMs;
    this.diffInstances(prev, next, events);
    this.diffAlerts(prev, next, nowMs, prevNow, opts, events);
    this.diffSilences(prev, next, nowMs, opts, events);
    this.lastNowMs = nowMs;
    return events;
  }

  private diffInstances(prev: ViewSnapshot | undefined, next: ViewSnapshot, out: CoreEvent[]) {
    for (const inst of Object.values(next.instances)) {
      const before = prev?.instances[inst.id]?.health;
      if (isUnhealthy(inst.health) && !isUnhealthy(before)) {
        out.push({
          type: 'instance-unreachable',
          instanceId: inst.id,
          message: inst.lastError?.serverMessage ?? inst.lastError?.message ?? inst.health,
        });
      } else if (inst.health === 'ok' && isUnhealthy(before)) {
        out.push({ type: 'instance-recovered', instanceId: inst.id });
      }
    }
  }

  private diffAlerts(
    prev: ViewSnapshot | undefined,
    next: ViewSnapshot,
    nowMs: number,
    prevNow: number,
    opts: DiffOptions,
    out: CoreEvent[],
  ) {
    const severityLabel = opts.severityLabel ?? DEFAULT_SEVERITY_LABEL;
    const order = opts.severityOrder ?? DEFAULT_SEVERITY_ORDER;
    const fresh = new Map<string, boolean>();
    const isFresh = (c: string) => {
      let f = fresh.get(c);
      if (f === undefined) fresh.set(c, (f = isClusterFresh(next, c)));
      return f;
    };
    const prevAlerts = prev?.alerts;
    const nextList = this.listOf(next.alerts);
    const prevList = prevAlerts ? this.listOf(prevAlerts) : undefined;
    const prevRecords = prevList?.records ?? [];
    this.lastAlerts = nextList;

    // 1. Which (alert, cluster) pairs changed phase (or severity). Only records the engine
    // rebuilt can have, plus unchanged ones whose endsAt has just been reached.
    const changes: Transition[] = [];
    // Alerts that need their group: new ones (not in prev) and ones prev had already.
    const wantNew = new Set<string>();
    const wantOld = new Set<string>();
    /** Records of next that prev did not have (as the same object), and vice versa. */
    const added: AlertView[] = [];
    const dropped: AlertView[] = [];
    for (let i = 0; i < nextList.records.length; i++) {
      const alert = nextList.records[i] as AlertView;
      const before = prevAlerts?.[nextList.keys[i] as string];
      if (before === alert && !(this.#facts.endMs(alert) <= nowMs)) continue;
      if (before !== alert) added.push(alert);
      for (const c of Object.keys(alert.statusByCluster)) {
        if (!isFresh(c)) continue;
        const now = this.#facts.phase(alert, c, nowMs);
        const was = before ? this.#facts.phase(before, c, prevNow) : undefined;
        if (now === was) {
          // Same alert, severity changed (only possible when the severity label is not part
          // of the identity, e.g. after a settings change of severityLabel).
          if (
            now !== 'active' ||
            !before ||
            before.severity === alert.severity ||
            severityRank(alert.severity, order) >= severityRank(before.severity, order)
          ) {
            continue;
          }
        } else if (now === 'suppressed') {
          if (was !== 'active') continue;
        } else if (now === 'resolved') {
          if (was !== 'active' && was !== 'suppressed') continue;
        } else if (now !== 'active') {
          continue;
        }
        if (now === 'active') (before ? wantOld : wantNew).add(alert.fingerprint);
        changes.push({ alert, before, clusterId: c, now, was });
      }
    }

    // 2. First group of each (cluster, alert) that needs one, for click-through and "silence
    // this group": one pass over the groups' fingerprint lists, building keys only for those.
    // A group record kept unchanged from prev lists the same alerts as in prev, so it cannot
    // hold an alert prev did not have: for new alerts only rebuilt groups are read.
    const groupOf = new Map<string, string>();
    if (wantNew.size + wantOld.size > 0) {
      const prevGroups = prev?.groups;
      for (const key of Object.keys(next.groups)) {
        const g = next.groups[key] as GroupView;
        const kept = prevGroups?.[key] === g;
        if (kept && wantOld.size === 0) continue;
        for (const fp of g.alerts) {
          if (!wantOld.has(fp) && (kept || !wantNew.has(fp))) continue;
          const k = `${g.clusterId}\u0000${fp}`;
          if (!groupOf.has(k)) groupOf.set(k, g.key);
        }
      }
    }

    // Prev's alerts by alertname: the only possible escalation sources (the identity includes
    // the alertname); identities are then computed for those candidates only.
    let prevByName = prevAlerts && this.byName?.map === prevAlerts ? this.byName.names : undefined;
    const previousSeverities = (a: AlertView, c: string, rank: number): AlertView[] => {
      if (!prevAlerts) return [];
      if (!prevByName) prevByName = namesOf(prevRecords);
      const same = prevByName.get(a.labels.alertname);
      if (!same) return [];
      let identity: string | undefined;
      const found = [...same].filter((p) => {
        if (
          p.fingerprint === a.fingerprint ||
          p.severity === a.severity ||
          severityRank(p.severity, order) <= rank
        ) {
          return false;
        }
        const ph = this.#facts.phase(p, c, prevNow);
        if (ph === undefined || ph === 'resolved') return false;
        identity ??= this.#facts.identity(a, severityLabel);
        return this.#facts.identity(p, severityLabel) === identity;
      });
      // Several (rare): the first in prev's order, as a scan of prev would find.
      if (found.length > 1) {
        const pos = new Map(found.map((p) => [p, prevRecords.indexOf(p)]));
        found.sort((x, y) => (pos.get(x) ?? 0) - (pos.get(y) ?? 0));
      }
      return found;
    };

    // 3. Events, in the order of the alerts.
    for (const { alert, before, clusterId: c, now, was } of changes) {
      const base = {
        fingerprint: alert.fingerprint,
        clusterId: c,
        severity: alert.severity,
        alertname: alertNameOf(alert.labels),
      };
      const groupKey = now === 'active' ? groupOf.get(`${c}\u0000${alert.fingerprint}`) : undefined;
      const withGroup = groupKey === undefined ? {} : { groupKey };

      if (now === was) {
        out.push({
          type: 'severity-escalated',
          fingerprint: alert.fingerprint,
          clusterId: c,
          ...withGroup,
          from: before?.severity ?? '',
          to: alert.severity,
          alertname: base.alertname,
        });
      } else if (now === 'active') {
        if (was === 'suppressed') {
          out.push({ type: 'alert-unsuppressed', ...base, ...withGroup });
          continue;
        }
        out.push({ type: 'alert-firing', ...base, ...withGroup });
        // A more severe sibling of a still-present alert of the same rule: escalation.
        const from = previousSeverities(alert, c, severityRank(alert.severity, order))[0];
        if (from) {
          out.push({
            type: 'severity-escalated',
            fingerprint: alert.fingerprint,
            clusterId: c,
            ...withGroup,
            from: from.severity,
            to: alert.severity,
            alertname: base.alertname,
          });
        }
      } else if (now === 'suppressed') {
        out.push({ type: 'alert-suppressed', ...base });
      } else {
        out.push({ type: 'alert-resolved', ...base });
      }
    }

    // Alerts gone from a cluster with fresh data resolved; gone from a stale one, unknown.
    // An unchanged record is still in every cluster it was in.
    for (let i = 0; i < prevRecords.length; i++) {
      const before = prevRecords[i] as AlertView;
      const after = next.alerts[prevList?.keys[i] as string];
      if (after === before) continue;
      dropped.push(before);
      for (const c of Object.keys(before.statusByCluster)) {
        if (after?.statusByCluster[c] !== undefined || !isFresh(c)) continue;
        const was = this.#facts.phase(before, c, prevNow);
        if (was === 'active' || was === 'suppressed') {
          out.push({
            type: 'alert-resolved',
            fingerprint: before.fingerprint,
            clusterId: c,
            severity: before.severity,
            alertname: alertNameOf(before.labels),
          });
        }
      }
    }

    // The name index now describes next (kept only if it existed: built on first need).
    if (prevByName) {
      for (const r of dropped) {
        const set = prevByName.get(r.labels.alertname);
        if (set?.delete(r) && set.size === 0) prevByName.delete(r.labels.alertname);
      }
      for (const r of added) {
        const set = prevByName.get(r.labels.alertname);
        if (set) set.add(r);
        else prevByName.set(r.labels.alertname, new Set([r]));
      }
      this.byName = { map: next.alerts, names: prevByName };
    } else {
      this.byName = undefined;
    }
  }

  private diffSilences(
    prev: ViewSnapshot | undefined,
    next: ViewSnapshot,
    nowMs: number,
    opts: DiffOptions,
    out: CoreEvent[],
  ) {
    const windowMs = Math.max(0, opts.expiringWithinMin) * 60_000;
    const stillThere = new Set<string>();
    for (const s of Object.values(next.silences)) {
      const warnKey = this.#facts.warnKey(s);
      stillThere.add(warnKey);
      if (!isClusterFresh(next, s.clusterId)) continue;
      const before = prev?.silences[s.key];
      if (!before) {
        // Silences of a cluster we see for the first time existed already: not "created".
        if (hadData(prev, s.clusterId) && s.state !== 'expired') {
          out.push({ type: 'silence-created', silenceKey: s.key, clusterId: s.clusterId });
        }
      } else if (before.state !== 'expired' && s.state === 'expired') {
        out.push({ type: 'silence-expired', silenceKey: s.key, clusterId: s.clusterId });
      } else if (s.state !== 'expired' && before.updatedAt !== s.updatedAt) {
        // Alertmanager updates a silence in place (same id) when only its times or comment
        // change; a matcher change makes a new silence (created + expired instead).
        out.push({ type: 'silence-edited', silenceKey: s.key, clusterId: s.clusterId });
      }
      if (windowMs > 0) this.checkExpiring(s, warnKey, nowMs, windowMs, out);
    }
    for (const before of Object.values(prev?.silences ?? {})) {
      if (next.silences[before.key] || before.state === 'expired') continue;
      if (!isClusterFresh(next, before.clusterId)) continue;
      out.push({ type: 'silence-expired', silenceKey: before.key, clusterId: before.clusterId });
    }
    // Bounded memory: only silences (and end times) that still exist.
    for (const k of this.warned) if (!stillThere.has(k)) this.warned.delete(k);
  }

  private checkExpiring(
    s: SilenceView,
    warnKey: string,
    nowMs: number,
    windowMs: number,
    out: CoreEvent[],
  ) {
    if (s.state !== 'active' || this.warned.has(warnKey)) return;
    const end = this.#facts.endMs(s);
    const start = this.#facts.startMs(s);
    if (Number.isNaN(end)) return;
    // A silence shorter than the window was "expiring" from birth: its author knows.
    if (!Number.isNaN(start) && end - start <= windowMs) {
      this.warned.add(warnKey);
      return;
    }
    const remaining = end - nowMs;
    if (remaining > 0 && remaining <= windowMs) {
      this.warned.add(warnKey);
      out.push({
        type: 'silence-expiring',
        silenceKey: s.key,
        clusterId: s.clusterId,
        endsAt: s.endsAt,
      });
    }
  }
}
