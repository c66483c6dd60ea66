// Turns two consecutive merged views into events. Alerts are diffed per cluster (the same
// alert may be silenced in one cluster and not another). Only clusters with fresh data take
// part: the engine keeps the last good data of an unreachable cluster (marked stale), and
// neither that frozen data nor its disappearance may look like alerts firing or resolving.
// Alerts are diffed in phases, each a method: (1) #transitions, (2) #groupKeys,
// (3) #alertEvents (escalation sources: escalations.ts), (4) #goneAlerts, (5) the name index
// of escalations.ts follows. Silences: silence-differ.ts.
import type { AlertView, ViewSnapshot } from '../model/view.ts';
import type { CoreEvent } from '../model/events.ts';
import { isUnhealthy } from '../model/health.ts';
import { DEFAULT_SEVERITY_LABEL, DEFAULT_SEVERITY_ORDER } from '../settings/defaults.ts';
import { severityRank } from './severity.ts';
import { alertNameOf } from '../model/alert-name.ts';
import { isClusterFresh } from './freshness.ts';
import { SilenceDiffer } from './silence-differ.ts';
import { EscalationSources, type PrevAlerts } from './escalations.ts';
import { RecordFacts, listOf, type AlertList, type Phase } from './record-facts.ts';
import { valuesOf } from '../model/record-values.ts';
import { EndsIndex } from './ends-index.ts';
import { LeftSilences, lapsedOf } from './lapsed.ts';

export { initialClusters } from './freshness.ts';

export interface DiffOptions {
  /** Minutes before a silence ends to emit silence-expiring; 0 disables it. */
  expiringWithinMin: number;
  /** Label holding the severity (default `severity`): ignored when matching an escalation. */
  severityLabel?: string;
  /** Most severe first (default critical, error, warning, info). */
  severityOrder?: readonly string[];
}

/**
 * What the merger changed between `prev` and `next` (engine/merge.ts `MergeChanges`): the
 * alert records of next that are new or replace prev's (never prev's object) and the keys prev
 * had that next has not. Every other record of next is prev's, the same object. With it the
 * differ visits only these and the records whose endsAt has just passed, not every record.
 */
export interface AlertChanges {
  alerts: readonly AlertView[];
  removedAlerts: readonly string[];
}

/** A phase change of one alert in one cluster, found before any event is built. */
interface Transition {
  alert: AlertView;
  before: AlertView | undefined;
  clusterId: string;
  now: Phase | undefined;
  was: Phase | undefined;
}

/** One alert diff: its inputs and what each phase hands the next. */
interface AlertDiff {
  prev: ViewSnapshot | undefined;
  next: ViewSnapshot;
  nowMs: number;
  order: readonly string[];
  isFresh: (clusterId: string) => boolean;
  nextList: AlertList;
  prevList: AlertList | undefined;
  /** (1) Which (alert, cluster) pairs changed phase (or severity). */
  changes: Transition[];
  /** (1) Alerts that need their group: new ones (not in prev) and ones prev had already. */
  wantNew: Set<string>;
  wantOld: Set<string>;
  /** Records of next that prev did not have (as the same object), and vice versa. */
  added: AlertView[];
  dropped: AlertView[];
  /** (2) First group of each (cluster, alert) that needs one. */
  groupOf: Map<string, string>;
  /** Prev's alerts, judged at the time prev was current (also for escalations). */
  prevAlerts: PrevAlerts;
}

export class EventDiffer {
  readonly #facts = new RecordFacts();

  /** Per-record work done so far (parses and identities), for tests. */
  get work(): { readonly identities: number; readonly endsAtParsed: number } {
    return this.#facts.work;
  }

  #lastNowMs: number | undefined;
  readonly #silences = new SilenceDiffer(this.#facts);
  /** Silences that left the view lately: whether a lapsed one was an ack (lapsed.ts). */
  readonly #leftSilences = new LeftSilences();
  /**
   * The alerts map of the last `next` and its records: the next cycle's `prev` is that same
   * object, so its records need not be enumerated again (enumerating 10k keys costs ~1 ms).
   */
  #lastAlerts: AlertList | undefined;
  readonly #escalations = new EscalationSources(this.#facts);
  /**
   * When the records of the last `next` (its alerts map: #endsOf) reach their endsAt: valid for
   * a `prev` whose alerts map is that one.
   */
  readonly #ends = new EndsIndex();
  #endsOf: Record<string, AlertView> | undefined;
  /** Diffs that visited every record (no change list, or one that did not apply), for tests. */
  fullScans = 0;

  #listOf(map: Record<string, AlertView>): AlertList {
    return this.#lastAlerts?.map === map ? this.#lastAlerts : listOf(map);
  }

  /**
   * `changes`, when given, must be the merger's change list from `prev` to `next`; it is used
   * only while the differ's last `next` had prev's alerts map (otherwise every record is
   * visited, as without it).
   */
  diff(
    prev: ViewSnapshot | undefined,
    next: ViewSnapshot,
    nowMs: number,
    opts: DiffOptions,
    changes?: AlertChanges,
  ): CoreEvent[] {
    const events: CoreEvent[] = [];
    const prevNow = this.#lastNowMs ?? nowMs;
    this.#diffInstances(prev, next, events);
    this.#leftSilences.follow(prev, next, nowMs);
    const applies = changes !== undefined && prev !== undefined && this.#endsOf === prev.alerts;
    this.#diffAlerts(prev, next, nowMs, prevNow, opts, events, applies ? changes : undefined);
    this.#silences.diff(prev, next, nowMs, opts.expiringWithinMin, events);
    this.#lastNowMs = nowMs;
    return events;
  }

  #diffInstances(prev: ViewSnapshot | undefined, next: ViewSnapshot, out: CoreEvent[]): void {
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

  #diffAlerts(
    prev: ViewSnapshot | undefined,
    next: ViewSnapshot,
    nowMs: number,
    prevNow: number,
    opts: DiffOptions,
    out: CoreEvent[],
    changes: AlertChanges | undefined,
  ): void {
    const fresh = new Map<string, boolean>();
    const prevList = prev ? this.#listOf(prev.alerts) : undefined;
    const order = opts.severityOrder ?? DEFAULT_SEVERITY_ORDER;
    const d: AlertDiff = {
      prev,
      next,
      nowMs,
      order,
      isFresh: (c) => {
        let f = fresh.get(c);
        if (f === undefined) fresh.set(c, (f = isClusterFresh(next, c)));
        return f;
      },
      nextList: this.#listOf(next.alerts),
      prevList,
      changes: [],
      wantNew: new Set(),
      wantOld: new Set(),
      added: [],
      dropped: [],
      groupOf: new Map(),
      prevAlerts: {
        alerts: prev?.alerts,
        records: prevList?.records ?? [],
        nowMs: prevNow,
        severityLabel: opts.severityLabel ?? DEFAULT_SEVERITY_LABEL,
        order,
      },
    };
    this.#lastAlerts = d.nextList;
    this.#escalations.begin(prev?.alerts);
    if (changes) {
      this.#changedTransitions(d, changes);
      this.#groupKeys(d);
      this.#alertEvents(d, out);
      this.#changedGone(d, changes, out);
      for (const a of changes.alerts) this.#endsAdd(a, nowMs);
    } else {
      this.fullScans++;
      this.#transitions(d);
      this.#groupKeys(d);
      this.#alertEvents(d, out);
      this.#goneAlerts(d, out);
      this.#ends.clear();
      for (const a of d.nextList.records) this.#endsAdd(a, nowMs);
    }
    // Entries of replaced records outnumbering the records: rebuilt from the current ones.
    if (this.#ends.size > 2 * d.nextList.records.length + 1024) {
      this.#ends.clear();
      for (const a of d.nextList.records) this.#endsAdd(a, nowMs);
    }
    this.#endsOf = next.alerts;
    // 5. The name index now describes next.
    this.#escalations.advance(next.alerts, d.added, d.dropped);
  }

  /** A record whose endsAt is still to come: when it comes, the differ looks at it again. */
  #endsAdd(a: AlertView, nowMs: number): void {
    const end = this.#facts.endMs(a);
    if (end > nowMs) this.#ends.add(end, a.fingerprint);
  }

  /**
   * 1, from the change list: the records the merger rebuilt, and the unchanged records whose
   * endsAt has passed since the last diff (the only unchanged ones #transitions can find a
   * change in: one that ended before then was resolved already at prevNow).
   */
  #changedTransitions(d: AlertDiff, changes: AlertChanges): void {
    const records: AlertView[] = changes.alerts.slice();
    const seen = new Set<string>();
    for (const fp of this.#ends.due(d.nowMs)) {
      const a = d.next.alerts[fp];
      if (a === undefined || seen.has(fp) || d.prev?.alerts[fp] !== a) continue;
      if (!(this.#facts.endMs(a) <= d.nowMs)) continue; // a replaced record's old time
      seen.add(fp);
      records.push(a);
    }
    this.#transitionsOf(d, records);
  }

  /** 4, from the change list: prev's records that next replaced or dropped. */
  #changedGone(d: AlertDiff, changes: AlertChanges, out: CoreEvent[]): void {
    const prevAlerts = d.prev?.alerts;
    if (!prevAlerts) return;
    const gone: AlertView[] = [];
    for (const fp of changes.removedAlerts) {
      const before = prevAlerts[fp];
      if (before) gone.push(before);
    }
    for (const a of changes.alerts) {
      const before = prevAlerts[a.fingerprint];
      if (before) gone.push(before);
    }
    this.#goneOf(d, gone, out);
  }

  /**
   * 1. Which (alert, cluster) pairs changed phase (or severity). Only records the engine
   * rebuilt can have, plus unchanged ones whose endsAt has just been reached.
   */
  #transitions(d: AlertDiff): void {
    this.#transitionsOf(d, d.nextList.records);
  }

  /** #transitions over these records of next (all of them, or those that can have changed). */
  #transitionsOf(d: AlertDiff, records: readonly AlertView[]): void {
    const { nowMs, order } = d;
    const prevAlerts = d.prev?.alerts;
    for (let i = 0; i < records.length; i++) {
      const alert = records[i] as AlertView;
      const before = prevAlerts?.[alert.fingerprint];
      if (before === alert && !(this.#facts.endMs(alert) <= nowMs)) continue;
      if (before !== alert) d.added.push(alert);
      for (const c of Object.keys(alert.statusByCluster)) {
        if (!d.isFresh(c)) continue;
        const now = this.#facts.phase(alert, c, nowMs);
        const was = before ? this.#facts.phase(before, c, d.prevAlerts.nowMs) : undefined;
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
        if (now === 'active') (before ? d.wantOld : d.wantNew).add(alert.fingerprint);
        d.changes.push({ alert, before, clusterId: c, now, was });
      }
    }
  }

  /**
   * 2. First group of each (cluster, alert) that needs one, for click-through and "silence
   * this group": one pass over the groups' fingerprint lists, building keys only for those.
   * A group record kept unchanged from prev lists the same alerts as in prev, so it cannot
   * hold an alert prev did not have: for new alerts only rebuilt groups are read.
   */
  #groupKeys(d: AlertDiff): void {
    const { wantNew, wantOld, groupOf } = d;
    if (wantNew.size + wantOld.size === 0) return;
    const prevGroups = d.prev?.groups;
    for (const g of valuesOf(d.next.groups)) {
      const kept = prevGroups?.[g.key] === g;
      if (kept && wantOld.size === 0) continue;
      for (const fp of g.alerts) {
        if (!wantOld.has(fp) && (kept || !wantNew.has(fp))) continue;
        const k = `${g.clusterId}\u0000${fp}`;
        if (!groupOf.has(k)) groupOf.set(k, g.key);
      }
    }
  }

  /** 3. Events, in the order of the alerts. */
  #alertEvents(d: AlertDiff, out: CoreEvent[]): void {
    for (const { alert, before, clusterId: c, now, was } of d.changes) {
      const base = {
        fingerprint: alert.fingerprint,
        clusterId: c,
        severity: alert.severity,
        alertname: alertNameOf(alert.labels),
      };
      const groupKey =
        now === 'active' ? d.groupOf.get(`${c}\u0000${alert.fingerprint}`) : undefined;
      const withGroup = groupKey === undefined ? {} : { groupKey };
      const escalated = (from: string) =>
        out.push({
          type: 'severity-escalated',
          fingerprint: alert.fingerprint,
          clusterId: c,
          ...withGroup,
          from,
          to: alert.severity,
          alertname: base.alertname,
        });

      if (now === was) {
        escalated(before?.severity ?? '');
      } else if (now === 'active') {
        if (was === 'suppressed') {
          const lapsed = lapsedOf(before, c, d.prev, d.next, this.#leftSilences);
          out.push({
            type: 'alert-unsuppressed',
            ...base,
            ...withGroup,
            ...(lapsed ? { lapsed } : {}),
          });
          continue;
        }
        out.push({ type: 'alert-firing', ...base, ...withGroup });
        // A more severe sibling of a still-present alert of the same rule: escalation.
        const from = this.#escalations.find(d.prevAlerts, alert, c);
        if (from) escalated(from.severity);
      } else if (now === 'suppressed') {
        out.push({ type: 'alert-suppressed', ...base });
      } else {
        out.push({ type: 'alert-resolved', ...base });
      }
    }
  }

  /**
   * 4. Alerts gone from a cluster with fresh data resolved; gone from a stale one, unknown.
   * An unchanged record is still in every cluster it was in.
   */
  #goneAlerts(d: AlertDiff, out: CoreEvent[]): void {
    this.#goneOf(d, d.prevAlerts.records, out);
  }

  /** #goneAlerts over these records of prev (all of them, or those next replaced or lost). */
  #goneOf(d: AlertDiff, prevRecords: readonly AlertView[], out: CoreEvent[]): void {
    const { next } = d;
    for (let i = 0; i < prevRecords.length; i++) {
      const before = prevRecords[i] as AlertView;
      const after = next.alerts[before.fingerprint];
      if (after === before) continue;
      d.dropped.push(before);
      for (const c of Object.keys(before.statusByCluster)) {
        if (after?.statusByCluster[c] !== undefined || !d.isFresh(c)) continue;
        const was = this.#facts.phase(before, c, d.prevAlerts.nowMs);
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
  }
}
