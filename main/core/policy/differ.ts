// Turns two consecutive merged views into events. Alerts are diffed per cluster (the same
// alert may be silenced in one cluster and not another). Only clusters with fresh data take
// part: the engine keeps the last good data of an unreachable cluster (marked stale), and
// neither that frozen data nor its disappearance may look like alerts firing or resolving.
import type { AlertView, SilenceView, ViewSnapshot } from '../model/view.ts';
import type { CoreEvent } from '../model/events.ts';
import { DEFAULT_SEVERITY_LABEL, DEFAULT_SEVERITY_ORDER } from '../settings/defaults.ts';
import { severityRank } from './severity.ts';

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

function isBad(h: string | undefined): boolean {
  return h === 'unreachable' || h === 'auth-failed' || h === 'stale';
}

function phaseOf(alert: AlertView, clusterId: string, nowMs: number): Phase | undefined {
  const status = alert.statusByCluster[clusterId];
  if (!status) return undefined;
  // Resolved alerts may still be listed until the server drops them: endsAt says it.
  const end = Date.parse(alert.endsAt);
  if (!Number.isNaN(end) && end > 0 && end <= nowMs) return 'resolved';
  return status.state;
}

function alertnameOf(a: AlertView): string {
  return a.labels.alertname ?? '';
}

/** The alert's labels without the severity label: a warning and a critical of one rule share it. */
function identityOf(a: AlertView, severityLabel: string): string {
  return Object.keys(a.labels)
    .filter((k) => k !== severityLabel)
    .sort()
    .map((k) => `${k}\u0000${a.labels[k]}`)
    .join('\u0001');
}

export class EventDiffer {
  /** now of the previous diff: phases of `prev` are judged at the time it was current. */
  private lastNowMs: number | undefined;
  /** `<silenceKey>\0<endsAt>` already warned about (or never to warn about). */
  private warned = new Set<string>();

  /** Forget history (e.g. after settings replaced every instance). */
  reset(): void {
    this.lastNowMs = undefined;
    this.warned.clear();
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
      if (isBad(inst.health) && !isBad(before)) {
        out.push({
          type: 'instance-unreachable',
          instanceId: inst.id,
          message: inst.lastError?.serverMessage ?? inst.lastError?.message ?? inst.health,
        });
      } else if (inst.health === 'ok' && isBad(before)) {
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

    // First group of each (cluster, alert), for click-through and "silence this group".
    const groupOf = new Map<string, string>();
    for (const g of Object.values(next.groups)) {
      for (const fp of g.alerts) {
        const k = `${g.clusterId}\u0000${fp}`;
        if (!groupOf.has(k)) groupOf.set(k, g.key);
      }
    }

    // Built on first need: unresolved alerts of prev by (cluster, identity without severity).
    let prevByIdentity: Map<string, AlertView[]> | undefined;
    const previousSeverities = (a: AlertView, c: string): AlertView[] => {
      if (!prevByIdentity) {
        prevByIdentity = new Map();
        for (const p of Object.values(prev?.alerts ?? {})) {
          for (const pc of Object.keys(p.statusByCluster)) {
            const ph = phaseOf(p, pc, prevNow);
            if (ph === undefined || ph === 'resolved') continue;
            const k = `${pc}\u0000${identityOf(p, severityLabel)}`;
            const list = prevByIdentity.get(k);
            if (list) list.push(p);
            else prevByIdentity.set(k, [p]);
          }
        }
      }
      return prevByIdentity.get(`${c}\u0000${identityOf(a, severityLabel)}`) ?? [];
    };

    for (const alert of Object.values(next.alerts)) {
      const before = prev?.alerts[alert.fingerprint];
      // Fast path: the engine reuses unchanged records, so an identical record that has not
      // reached its endsAt cannot have changed phase in any cluster.
      if (before === alert && !(Date.parse(alert.endsAt) <= nowMs)) continue;
      for (const c of Object.keys(alert.statusByCluster)) {
        if (!isFresh(c)) continue;
        const now = phaseOf(alert, c, nowMs);
        const was = before ? phaseOf(before, c, prevNow) : undefined;
        const base = {
          fingerprint: alert.fingerprint,
          clusterId: c,
          severity: alert.severity,
          alertname: alertnameOf(alert),
        };
        const groupKey = groupOf.get(`${c}\u0000${alert.fingerprint}`);
        const withGroup = groupKey === undefined ? {} : { groupKey };

        if (now === was) {
          // Same alert, severity changed (only possible when the severity label is not part
          // of the identity, e.g. after a settings change of severityLabel).
          if (
            now === 'active' &&
            before &&
            before.severity !== alert.severity &&
            severityRank(alert.severity, order) < severityRank(before.severity, order)
          ) {
            out.push({
              type: 'severity-escalated',
              fingerprint: alert.fingerprint,
              clusterId: c,
              ...withGroup,
              from: before.severity,
              to: alert.severity,
              alertname: base.alertname,
            });
          }
          continue;
        }
        if (now === 'active') {
          if (was === 'suppressed') {
            out.push({ type: 'alert-unsuppressed', ...base, ...withGroup });
            continue;
          }
          out.push({ type: 'alert-firing', ...base, ...withGroup });
          // A more severe sibling of a still-present alert of the same rule: escalation.
          const rank = severityRank(alert.severity, order);
          const less = previousSeverities(alert, c).filter(
            (p) =>
              p.fingerprint !== alert.fingerprint &&
              p.severity !== alert.severity &&
              severityRank(p.severity, order) > rank,
          );
          const from = less[0];
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
          if (was === 'active') out.push({ type: 'alert-suppressed', ...base });
        } else if (now === 'resolved') {
          if (was === 'active' || was === 'suppressed')
            out.push({ type: 'alert-resolved', ...base });
        }
      }
    }

    // Alerts gone from a cluster with fresh data resolved; gone from a stale one, unknown.
    for (const before of Object.values(prev?.alerts ?? {})) {
      const after = next.alerts[before.fingerprint];
      for (const c of Object.keys(before.statusByCluster)) {
        if (after?.statusByCluster[c] !== undefined || !isFresh(c)) continue;
        const was = phaseOf(before, c, prevNow);
        if (was === 'active' || was === 'suppressed') {
          out.push({
            type: 'alert-resolved',
            fingerprint: before.fingerprint,
            clusterId: c,
            severity: before.severity,
            alertname: alertnameOf(before),
          });
        }
      }
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
      const warnKey = `${s.key}\u0000${s.endsAt}`;
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
    const end = Date.parse(s.endsAt);
    const start = Date.parse(s.startsAt);
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
