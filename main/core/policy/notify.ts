// Decides which events become desktop notifications. Principles:
// - one firing episode (cluster + fingerprint + startsAt) notifies at most once, even when
//   the alert vanishes and comes back (an HA peer restarting, a standalone server restarting
//   and Prometheus re-sending the same alert);
// - a burst becomes one summary (start-up of a cluster, or a storm above the threshold);
// - unknown severities are never filtered out (a typo in a label must not hide a page);
// - quiet hours, snooze, mutes and filters still record what happened, so nothing muted pops
//   up later.
import { formatMatchers, parseMatchers } from '../api/matchers.ts';
import type { Matcher } from '../api/types.ts';
import type { AppNotification, CoreEvent, Urgency } from '../model/events.ts';
import type { AlertView, ViewSnapshot } from '../model/view.ts';
import type { NotificationSettings, Settings } from '../settings/types.ts';
import { matchesAlert } from '../silences/match.ts';
import { inQuietHours, isSnoozed, systemLocalTime, type LocalTime } from './quiet-hours.ts';
import { isTopSeverity, passesMinSeverity, severityRank } from './severity.ts';

export interface PolicyContext {
  /** Clusters whose first data arrived this cycle: their alerts were already firing. */
  initialClusters: ReadonlySet<string>;
}

export interface NotificationPolicyOptions {
  /** Local weekday and minutes of an instant; default: the process's time zone. */
  localTime?: (ms: number) => LocalTime;
  /** How long an episode is remembered after it resolved; default 1 h. */
  episodeTtlMs?: number;
  /** Hard cap on remembered episodes (oldest dropped first); default 20 000. */
  maxEpisodes?: number;
}

interface Episode {
  alert: AlertView;
  clusterId: string;
  /** A notification was shown for it (resolve notifications only follow shown ones). */
  delivered: boolean;
  /** Severity rank notified (for same-fingerprint escalations). */
  rank: number;
  resolvedAt?: number;
}

interface Firing {
  alert: AlertView;
  clusterId: string;
  groupKey?: string;
  escalation?: { from: string; to: string };
  events: CoreEvent[];
}

const MAX_BODY = 300;

function truncate(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max - 1)}…`;
}

function alertnameOf(a: AlertView): string {
  return a.labels.alertname ?? 'Alert';
}

/** "HighCPU x12, DiskFull x11, +3 more" */
export function countByName(alerts: readonly AlertView[], max = 4): string {
  const counts = new Map<string, number>();
  for (const a of alerts) counts.set(alertnameOf(a), (counts.get(alertnameOf(a)) ?? 0) + 1);
  const sorted = [...counts].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1));
  const shown = sorted.slice(0, max).map(([n, c]) => (c > 1 ? `${n} x${c}` : n));
  if (sorted.length > max) shown.push(`+${sorted.length - max} more`);
  return shown.join(', ');
}

export class NotificationPolicy {
  private readonly localTime: (ms: number) => LocalTime;
  private readonly episodeTtlMs: number;
  private readonly maxEpisodes: number;
  /** Episode key `<cluster>\0<fingerprint>\0<startsAt>` -> episode (insertion = age order). */
  private episodes = new Map<string, Episode>();
  /** `<cluster>\0<fingerprint>` -> key of its current episode. */
  private current = new Map<string, string>();
  /** Instances whose unreachability was shown (recovery is shown only after it). */
  private shownUnreachable = new Set<string>();
  private filterCache: { key: string; include: Matcher[][]; exclude: Matcher[][] } | undefined;
  private seq = 0;

  constructor(opts: NotificationPolicyOptions = {}) {
    this.localTime = opts.localTime ?? systemLocalTime;
    this.episodeTtlMs = opts.episodeTtlMs ?? 60 * 60_000;
    this.maxEpisodes = opts.maxEpisodes ?? 20_000;
  }

  /** Number of remembered firing episodes (for tests and diagnostics). */
  get episodeCount(): number {
    return this.episodes.size;
  }

  decide(
    events: readonly CoreEvent[],
    view: ViewSnapshot,
    settings: Settings,
    nowMs: number,
    ctx: PolicyContext,
  ): AppNotification[] {
    const n = settings.notifications;
    const order = settings.severityOrder;
    const silent =
      !n.enabled || isSnoozed(n, nowMs) || inQuietHours(n.quietHours, this.localTime(nowMs));
    this.prune(view, nowMs);

    // Alert events by (cluster, fingerprint): a firing alert may come with an escalation.
    const escalations = new Map<string, Extract<CoreEvent, { type: 'severity-escalated' }>>();
    const related = new Map<string, CoreEvent[]>();
    for (const e of events) {
      if (
        e.type !== 'alert-firing' &&
        e.type !== 'alert-unsuppressed' &&
        e.type !== 'severity-escalated'
      )
        continue;
      const cf = `${e.clusterId}\u0000${e.fingerprint}`;
      if (e.type === 'severity-escalated') escalations.set(cf, e);
      const list = related.get(cf);
      if (list) list.push(e);
      else related.set(cf, [e]);
    }

    const startup = new Map<string, Firing[]>();
    const firing: Firing[] = [];
    const resolved: Firing[] = [];
    const out: AppNotification[] = [];
    const handled = new Set<string>();
    const at = new Date(nowMs).toISOString();

    for (const e of events) {
      switch (e.type) {
        case 'alert-firing':
        case 'alert-unsuppressed':
        case 'severity-escalated': {
          const cf = `${e.clusterId}\u0000${e.fingerprint}`;
          if (handled.has(cf)) break;
          handled.add(cf);
          const alert = view.alerts[e.fingerprint];
          if (!alert) break;
          const esc = escalations.get(cf);
          if (!this.startEpisode(alert, e.clusterId, order, esc !== undefined)) break;
          if (silent || !this.passesFilters(alert, e.clusterId, view, n, order)) break;
          this.markDelivered(alert, e.clusterId, order);
          const groupKey = 'groupKey' in e ? e.groupKey : undefined;
          const f: Firing = { alert, clusterId: e.clusterId, events: related.get(cf) ?? [e] };
          if (groupKey !== undefined) f.groupKey = groupKey;
          if (esc) f.escalation = { from: esc.from, to: esc.to };
          if (ctx.initialClusters.has(e.clusterId)) {
            const list = startup.get(e.clusterId);
            if (list) list.push(f);
            else startup.set(e.clusterId, [f]);
          } else {
            firing.push(f);
          }
          break;
        }
        case 'alert-resolved': {
          const ep = this.endEpisode(e.clusterId, e.fingerprint, nowMs);
          if (!ep?.delivered || !n.notifyOnResolve || silent) break;
          if (!this.passesFilters(ep.alert, e.clusterId, view, n, order)) break;
          resolved.push({ alert: ep.alert, clusterId: e.clusterId, events: [e] });
          break;
        }
        case 'instance-unreachable': {
          if (silent || n.mutedInstances.includes(e.instanceId)) break;
          this.shownUnreachable.add(e.instanceId);
          const name = view.instances[e.instanceId]?.name ?? e.instanceId;
          out.push(
            this.make(
              at,
              nowMs,
              `${name} unreachable`,
              truncate(e.message, MAX_BODY),
              'normal',
              [e],
              {
                target: { instanceId: e.instanceId },
              },
            ),
          );
          break;
        }
        case 'instance-recovered': {
          // Only after a shown "unreachable": a recovery nobody heard about is noise.
          if (!this.shownUnreachable.delete(e.instanceId)) break;
          if (silent || n.mutedInstances.includes(e.instanceId)) break;
          const name = view.instances[e.instanceId]?.name ?? e.instanceId;
          out.push(
            this.make(at, nowMs, `${name} recovered`, 'Reachable again.', 'low', [e], {
              target: { instanceId: e.instanceId },
            }),
          );
          break;
        }
        case 'silence-expiring': {
          if (silent || this.clusterMuted(e.clusterId, view, n)) break;
          const s = view.silences[e.silenceKey];
          const mins = Math.max(1, Math.round((Date.parse(e.endsAt) - nowMs) / 60_000));
          const what = s ? formatMatchers(s.matchers) : e.silenceKey;
          const who = s?.comment ? `\n${s.comment}${s.createdBy ? ` (${s.createdBy})` : ''}` : '';
          const cluster = view.clusters[e.clusterId]?.name ?? e.clusterId;
          out.push(
            this.make(
              at,
              nowMs,
              `Silence ends in ${mins} min`,
              truncate(`${what} on ${cluster}${who}`, MAX_BODY),
              'normal',
              [e],
              { target: { silenceKey: e.silenceKey, clusterId: e.clusterId } },
            ),
          );
          break;
        }
        default:
          // suppressed / silence-created / silence-expired: visible in the app, no popup.
          break;
      }
    }

    const alertNotes: AppNotification[] = [];
    for (const [clusterId, list] of startup) {
      const cluster = view.clusters[clusterId]?.name ?? clusterId;
      const count = list.length;
      alertNotes.push(
        this.make(
          at,
          nowMs,
          `${count} alert${count === 1 ? '' : 's'} already firing on ${cluster}`,
          countByName(list.map((f) => f.alert)),
          this.urgencyOf(list, order),
          list.flatMap((f) => f.events),
          { target: { clusterId } },
        ),
      );
    }
    alertNotes.push(...this.firingNotes(firing, view, n, order, at, nowMs));
    alertNotes.push(...this.resolvedNotes(resolved, view, n, at, nowMs));
    return [
      ...out.filter((x) => x.target?.instanceId),
      ...alertNotes,
      ...out.filter((x) => !x.target?.instanceId),
    ];
  }

  // ---- episodes ----

  /** Returns true when this is news: a new episode, or a same-fingerprint escalation. */
  private startEpisode(
    alert: AlertView,
    clusterId: string,
    order: readonly string[],
    escalated: boolean,
  ): boolean {
    const cf = `${clusterId}\u0000${alert.fingerprint}`;
    const key = `${cf}\u0000${alert.startsAt}`;
    const ep = this.episodes.get(key);
    this.current.set(cf, key);
    if (ep) {
      ep.alert = alert;
      delete ep.resolvedAt;
      const rank = severityRank(alert.severity, order);
      if (escalated && rank < ep.rank) return true;
      return false;
    }
    this.episodes.set(key, {
      alert,
      clusterId,
      delivered: false,
      rank: severityRank(alert.severity, order),
    });
    if (this.episodes.size > this.maxEpisodes) {
      const oldest = this.episodes.keys().next().value;
      if (oldest !== undefined) this.episodes.delete(oldest);
    }
    return true;
  }

  private markDelivered(alert: AlertView, clusterId: string, order: readonly string[]): void {
    const ep = this.episodes.get(`${clusterId}\u0000${alert.fingerprint}\u0000${alert.startsAt}`);
    if (ep) {
      ep.delivered = true;
      ep.rank = Math.min(ep.rank, severityRank(alert.severity, order));
    }
  }

  private endEpisode(clusterId: string, fingerprint: string, nowMs: number): Episode | undefined {
    const key = this.current.get(`${clusterId}\u0000${fingerprint}`);
    const ep = key === undefined ? undefined : this.episodes.get(key);
    if (ep && ep.resolvedAt === undefined) ep.resolvedAt = nowMs;
    return ep;
  }

  /** Forgets episodes resolved longer than the TTL ago; alerts gone without an event count as resolved. */
  private prune(view: ViewSnapshot, nowMs: number): void {
    for (const [key, ep] of this.episodes) {
      if (ep.resolvedAt === undefined && !view.alerts[ep.alert.fingerprint]) ep.resolvedAt = nowMs;
      if (ep.resolvedAt !== undefined && nowMs - ep.resolvedAt > this.episodeTtlMs) {
        this.episodes.delete(key);
        const cf = `${ep.clusterId}\u0000${ep.alert.fingerprint}`;
        if (this.current.get(cf) === key) this.current.delete(cf);
      }
    }
  }

  // ---- filters ----

  private compiledFilters(n: NotificationSettings): { include: Matcher[][]; exclude: Matcher[][] } {
    const key = JSON.stringify([n.include, n.exclude]);
    if (this.filterCache?.key === key) return this.filterCache;
    const compile = (list: string[]) =>
      list.flatMap((s) => {
        try {
          const ms = parseMatchers(s);
          return ms.length > 0 ? [ms] : [];
        } catch {
          return []; // the settings form reports invalid filters; here they are ignored
        }
      });
    this.filterCache = { key, include: compile(n.include), exclude: compile(n.exclude) };
    return this.filterCache;
  }

  private passesFilters(
    alert: AlertView,
    clusterId: string,
    view: ViewSnapshot,
    n: NotificationSettings,
    order: readonly string[],
  ): boolean {
    const members = view.clusters[clusterId]?.members;
    const seenOn = members ? alert.instances.filter((i) => members.includes(i)) : alert.instances;
    const instances = seenOn.length > 0 ? seenOn : alert.instances;
    if (instances.length > 0 && instances.every((i) => n.mutedInstances.includes(i))) return false;
    if (alert.receivers.length > 0 && alert.receivers.every((r) => n.mutedReceivers.includes(r))) {
      return false;
    }
    if (!passesMinSeverity(alert.severity, n.minSeverity, order)) return false;
    const { include, exclude } = this.compiledFilters(n);
    if (include.some((ms) => !matchesAlert(ms, alert.labels))) return false;
    if (exclude.some((ms) => matchesAlert(ms, alert.labels))) return false;
    return true;
  }

  private clusterMuted(clusterId: string, view: ViewSnapshot, n: NotificationSettings): boolean {
    const members = view.clusters[clusterId]?.members ?? [];
    return members.length > 0 && members.every((m) => n.mutedInstances.includes(m));
  }

  // ---- building notifications ----

  private urgencyOf(list: readonly Firing[], order: readonly string[]): Urgency {
    return list.some((f) => isTopSeverity(f.alert.severity, order)) ? 'critical' : 'normal';
  }

  private firingNotes(
    firing: Firing[],
    view: ViewSnapshot,
    n: NotificationSettings,
    order: readonly string[],
    at: string,
    nowMs: number,
  ): AppNotification[] {
    if (firing.length === 0) return [];
    const clusterName = (c: string) => view.clusters[c]?.name ?? c;
    if (firing.length > n.stormThreshold) {
      const clusters = [...new Set(firing.map((f) => f.clusterId))];
      const target = clusters.length === 1 ? { clusterId: clusters[0] as string } : {};
      return [
        this.make(
          at,
          nowMs,
          `${firing.length} alerts firing on ${clusters.map(clusterName).join(', ')}`,
          countByName(firing.map((f) => f.alert)),
          this.urgencyOf(firing, order),
          firing.flatMap((f) => f.events),
          { target },
        ),
      ];
    }
    // Several alerts of one group arriving together: one notification for the group.
    const byGroup = new Map<string, Firing[]>();
    const singles: Firing[] = [];
    for (const f of firing) {
      if (f.groupKey === undefined || f.escalation) {
        singles.push(f);
        continue;
      }
      const list = byGroup.get(f.groupKey);
      if (list) list.push(f);
      else byGroup.set(f.groupKey, [f]);
    }
    const notes: AppNotification[] = [];
    for (const [groupKey, list] of byGroup) {
      const first = list[0] as Firing;
      if (list.length === 1) {
        singles.push(first);
        continue;
      }
      const group = view.groups[groupKey];
      const names = new Set(list.map((f) => alertnameOf(f.alert)));
      const label =
        names.size === 1
          ? alertnameOf(first.alert)
          : group && Object.keys(group.labels).length > 0
            ? Object.entries(group.labels)
                .map(([k, v]) => `${k}=${v}`)
                .join(' ')
            : countByName(
                list.map((f) => f.alert),
                2,
              );
      const summaries = list
        .map((f) => f.alert.annotations.summary)
        .filter((s): s is string => !!s)
        .slice(0, 3);
      notes.push(
        this.make(
          at,
          nowMs,
          truncate(`${label}: ${list.length} alerts firing`, 80),
          truncate([`on ${clusterName(first.clusterId)}`, ...summaries].join('\n'), MAX_BODY),
          this.urgencyOf(list, order),
          list.flatMap((f) => f.events),
          { target: { groupKey, clusterId: first.clusterId }, silenceable: true },
        ),
      );
    }
    for (const f of singles) {
      const name = alertnameOf(f.alert);
      const sev = f.alert.severity;
      const title = f.escalation
        ? `${name} escalated: ${f.escalation.from || 'unknown'} → ${f.escalation.to || 'unknown'}`
        : sev
          ? `${name} (${sev})`
          : name;
      notes.push(
        this.make(
          at,
          nowMs,
          truncate(title, 80),
          truncate(this.alertBody(f.alert, clusterName(f.clusterId)), MAX_BODY),
          isTopSeverity(sev, order) ? 'critical' : 'normal',
          f.events,
          {
            target: {
              fingerprint: f.alert.fingerprint,
              clusterId: f.clusterId,
              ...(f.groupKey === undefined ? {} : { groupKey: f.groupKey }),
            },
            silenceable: true,
          },
        ),
      );
    }
    return notes;
  }

  private resolvedNotes(
    resolved: Firing[],
    view: ViewSnapshot,
    n: NotificationSettings,
    at: string,
    nowMs: number,
  ): AppNotification[] {
    if (resolved.length === 0) return [];
    const clusterName = (c: string) => view.clusters[c]?.name ?? c;
    if (resolved.length > n.stormThreshold) {
      const clusters = [...new Set(resolved.map((f) => f.clusterId))];
      return [
        this.make(
          at,
          nowMs,
          `${resolved.length} alerts resolved on ${clusters.map(clusterName).join(', ')}`,
          countByName(resolved.map((f) => f.alert)),
          'low',
          resolved.flatMap((f) => f.events),
          { target: clusters.length === 1 ? { clusterId: clusters[0] as string } : {} },
        ),
      ];
    }
    return resolved.map((f) =>
      this.make(
        at,
        nowMs,
        truncate(`Resolved: ${alertnameOf(f.alert)}`, 80),
        truncate(this.alertBody(f.alert, clusterName(f.clusterId)), MAX_BODY),
        'low',
        f.events,
        { target: { fingerprint: f.alert.fingerprint, clusterId: f.clusterId } },
      ),
    );
  }

  /** Summary (or description) annotation, then where, then a few identifying labels. */
  private alertBody(alert: AlertView, cluster: string): string {
    const text = alert.annotations.summary ?? alert.annotations.description ?? '';
    const labels = Object.entries(alert.labels)
      .filter(([k]) => k !== 'alertname' && k !== 'severity')
      .slice(0, 3)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ');
    const where = labels ? `${cluster} · ${labels}` : cluster;
    return text ? `${text}\n${where}` : where;
  }

  private make(
    at: string,
    nowMs: number,
    title: string,
    body: string,
    urgency: Urgency,
    events: CoreEvent[],
    extra: Pick<AppNotification, 'target' | 'silenceable'>,
  ): AppNotification {
    this.seq += 1;
    const note: AppNotification = {
      id: `n-${nowMs.toString(36)}-${this.seq}`,
      title,
      body,
      urgency,
      at,
      events,
    };
    if (extra.target && Object.keys(extra.target).length > 0) note.target = extra.target;
    if (extra.silenceable) note.silenceable = true;
    return note;
  }
}
