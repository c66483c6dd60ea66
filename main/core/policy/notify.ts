// Decides which events become desktop notifications. Principles:
// - one firing episode (cluster + fingerprint + startsAt) notifies at most once, even when
//   the alert vanishes and comes back (an HA peer restarting, a standalone server restarting
//   and Prometheus re-sending the same alert);
// - a burst becomes one summary (start-up of a cluster, or a storm above the threshold);
// - unknown severities are never filtered out (a typo in a label must not hide a page);
// - quiet hours, snooze, mutes and filters still record what happened, so nothing muted pops
//   up later.
import { formatMatchers } from '../matchers/format.ts';
import { describeErrorAt } from '../api/describe-error.ts';
import { isolatedProse } from '../model/visible-text.ts';
import type { AppNotification, CoreEvent, Urgency } from '../model/events.ts';
import type { AlertView, ViewSnapshot } from '../model/view.ts';
import type { NotificationSettings, Settings } from '../settings/types.ts';
import {
  MAX_BODY,
  alertBody,
  alertnameOf,
  countByName,
  labelText,
  runbookOf,
  truncate,
} from './notification-text.ts';
import { RuleFilters, clusterMuted, type AlertFacts } from './rule-filters.ts';
import { inQuietHours, isSnoozed, systemLocalTime, type LocalTime } from './quiet-hours.ts';
import { isTopSeverity, severityRank } from './severity.ts';

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

/** What the filters and a notification read of an alert. */

/**
 * What a resolve notification needs of the alert it follows, kept once a firing notification
 * was shown. The label set and arrays are the record's own (shared while the alert lives);
 * the annotation text is cut to what fits in a notification body.
 */
interface ShownAlert extends AlertFacts {
  text: string;
}

/**
 * One firing episode. Small on purpose: up to `maxEpisodes` (20,000) are remembered, so it
 * holds no AlertView, only what deciding and a later resolve notification need.
 */
interface Episode {
  /** Its key in `episodes`: `<cluster>\0<fingerprint>\0<startsAt>`. */
  key: string;
  clusterId: string;
  fingerprint: string;
  /** A notification was shown for it (resolve notifications only follow shown ones). */
  delivered: boolean;
  /** Severity rank notified (for same-fingerprint escalations). */
  rank: number;
  resolvedAt: number | undefined;
  /** The alert as last seen firing, once delivered (for resolve notifications). */
  shown: ShownAlert | undefined;
}

interface Resolved {
  fingerprint: string;
  clusterId: string;
  alert: ShownAlert;
  events: CoreEvent[];
}

interface Firing {
  alert: AlertView;
  clusterId: string;
  groupKey?: string;
  escalation?: { from: string; to: string };
  events: CoreEvent[];
}

function shownAlert(a: AlertView): ShownAlert {
  const text = a.annotations.summary ?? a.annotations.description ?? '';
  return {
    labels: a.labels,
    severity: a.severity,
    instances: a.instances,
    receivers: a.receivers,
    // The body is cut at MAX_BODY characters anyway: a longer text never shows past that.
    text: text.length > MAX_BODY ? text.slice(0, MAX_BODY) : text,
  };
}

export class NotificationPolicy {
  private readonly localTime: (ms: number) => LocalTime;
  private readonly episodeTtlMs: number;
  private readonly maxEpisodes: number;
  // Every map here is bounded: `episodes` by maxEpisodes, `current` and `open` only point at
  // episodes in it (removed with them), the queue by resolutions within the TTL.
  /** Episode key `<cluster>\0<fingerprint>\0<startsAt>` -> episode (insertion = age order). */
  private episodes = new Map<string, Episode>();
  /** `<cluster>\0<fingerprint>` -> its current episode, while it is open or just resolved. */
  private current = new Map<string, Episode>();
  /** Episodes not resolved yet: the only ones an alert vanishing without an event can end. */
  private open = new Set<Episode>();
  /** Resolved episodes in order of resolution (with that time), to expire them without a scan. */
  private expiry: { episodes: Episode[]; at: number[]; head: number } = {
    episodes: [],
    at: [],
    head: 0,
  };
  /** Episodes resolved during the current decide (see settleResolved). */
  private readonly justResolved: Episode[] = [];
  /** The alerts map of the view last pruned against: the same map cannot have lost an alert. */
  private lastAlerts: ViewSnapshot['alerts'] | undefined;
  /** Instances whose unreachability was shown (recovery is shown only after it). */
  private shownUnreachable = new Set<string>();
  private readonly rules = new RuleFilters();
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

  /** Sizes of everything the policy remembers (for tests and diagnostics: all stay bounded). */
  get memory(): { episodes: number; current: number; open: number; expiryQueue: number } {
    return {
      episodes: this.episodes.size,
      current: this.current.size,
      open: this.open.size,
      expiryQueue: this.expiry.at.length - this.expiry.head,
    };
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
    const resolved: Resolved[] = [];
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
          const ep = this.startEpisode(alert, e.clusterId, order, esc !== undefined);
          if (!ep) break;
          if (silent || !this.rules.passes(alert, e.clusterId, view, n, order)) break;
          this.markDelivered(ep, alert, order);
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
          if (!ep?.delivered || !ep.shown || !n.notifyOnResolve || silent) break;
          if (!this.rules.passes(ep.shown, e.clusterId, view, n, order)) break;
          resolved.push({
            fingerprint: e.fingerprint,
            clusterId: e.clusterId,
            alert: ep.shown,
            events: [e],
          });
          break;
        }
        case 'instance-unreachable': {
          if (silent || n.mutedInstances.includes(e.instanceId)) break;
          this.shownUnreachable.add(e.instanceId);
          const inst = view.instances[e.instanceId];
          const name = inst?.name ?? e.instanceId;
          // An auth failure is called one (the window's health says "auth failed" too).
          const what = inst?.health === 'auth-failed' ? 'authentication failed' : 'unreachable';
          out.push(
            this.make(
              at,
              nowMs,
              `${name}: ${what}`,
              truncate(inst?.lastError ? describeErrorAt(inst.lastError) : e.message, MAX_BODY),
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
          if (silent || clusterMuted(e.clusterId, view, n)) break;
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
          countByName(
            list.map((f) => f.alert),
            4,
            order,
          ),
          this.urgencyOf(list, order),
          list.flatMap((f) => f.events),
          { target: { clusterId } },
        ),
      );
    }
    alertNotes.push(...this.firingNotes(firing, view, n, order, at, nowMs));
    alertNotes.push(...this.resolvedNotes(resolved, view, n, at, nowMs));
    this.settleResolved();
    return [
      ...out.filter((x) => x.target?.instanceId),
      ...alertNotes,
      ...out.filter((x) => !x.target?.instanceId),
    ];
  }

  // ---- episodes ----

  /** Returns the episode when this is news: a new episode, or a same-fingerprint escalation. */
  private startEpisode(
    alert: AlertView,
    clusterId: string,
    order: readonly string[],
    escalated: boolean,
  ): Episode | undefined {
    const cf = `${clusterId}\u0000${alert.fingerprint}`;
    const key = `${cf}\u0000${alert.startsAt}`;
    const ep = this.episodes.get(key);
    if (ep) {
      this.current.set(cf, ep);
      if (ep.delivered) ep.shown = shownAlert(alert);
      if (ep.resolvedAt !== undefined) {
        ep.resolvedAt = undefined;
        this.open.add(ep);
      }
      const rank = severityRank(alert.severity, order);
      return escalated && rank < ep.rank ? ep : undefined;
    }
    const created: Episode = {
      key,
      clusterId,
      fingerprint: alert.fingerprint,
      delivered: false,
      rank: severityRank(alert.severity, order),
      resolvedAt: undefined,
      shown: undefined,
    };
    this.episodes.set(key, created);
    this.current.set(cf, created);
    this.open.add(created);
    if (this.episodes.size > this.maxEpisodes) {
      const oldest = this.episodes.values().next().value;
      if (oldest !== undefined) this.forget(oldest);
    }
    return created;
  }

  /** Drops an episode and everything pointing at it. */
  private forget(ep: Episode): void {
    this.episodes.delete(ep.key);
    this.open.delete(ep);
    const cf = `${ep.clusterId}\u0000${ep.fingerprint}`;
    if (this.current.get(cf) === ep) this.current.delete(cf);
  }

  private markDelivered(ep: Episode, alert: AlertView, order: readonly string[]): void {
    ep.delivered = true;
    ep.rank = Math.min(ep.rank, severityRank(alert.severity, order));
    ep.shown = shownAlert(alert);
  }

  private resolve(ep: Episode, nowMs: number): void {
    if (ep.resolvedAt !== undefined) return;
    ep.resolvedAt = nowMs;
    this.open.delete(ep);
    this.expiry.episodes.push(ep);
    this.expiry.at.push(nowMs);
    this.justResolved.push(ep);
  }

  /**
   * After the cycle an episode resolved in (its resolve notification decided), it only needs
   * to be recognised if it fires again: drop the shown alert and its `current` entry (a
   * resolved event can only follow a new firing, which sets both again).
   */
  private settleResolved(): void {
    for (const ep of this.justResolved) {
      if (ep.resolvedAt === undefined) continue;
      ep.shown = undefined;
      const cf = `${ep.clusterId}\u0000${ep.fingerprint}`;
      if (this.current.get(cf) === ep) this.current.delete(cf);
    }
    this.justResolved.length = 0;
  }

  private endEpisode(clusterId: string, fingerprint: string, nowMs: number): Episode | undefined {
    const ep = this.current.get(`${clusterId}\u0000${fingerprint}`);
    if (ep) this.resolve(ep, nowMs);
    return ep;
  }

  /**
   * Forgets episodes resolved longer than the TTL ago; alerts gone without an event count as
   * resolved. Work is proportional to open episodes (only when the alerts map changed) and to
   * the episodes expiring, not to all remembered ones.
   */
  private prune(view: ViewSnapshot, nowMs: number): void {
    if (view.alerts !== this.lastAlerts) {
      for (const ep of this.open) if (!view.alerts[ep.fingerprint]) this.resolve(ep, nowMs);
      this.lastAlerts = view.alerts;
    }
    const q = this.expiry;
    while (q.head < q.at.length) {
      const at = q.at[q.head] as number;
      if (nowMs - at <= this.episodeTtlMs) break;
      const ep = q.episodes[q.head] as Episode;
      q.head++;
      // Entries of episodes reopened (or resolved again later) or already dropped are stale.
      if (ep.resolvedAt === at && this.episodes.get(ep.key) === ep) this.forget(ep);
    }
    // Compact the queue: drop the consumed head, and stale entries if they pile up (flapping).
    if (q.head > 1024 && q.head * 2 > q.at.length) {
      q.episodes = q.episodes.slice(q.head);
      q.at = q.at.slice(q.head);
      q.head = 0;
    }
    if (q.at.length - q.head > 2 * this.maxEpisodes + 1024) {
      const episodes: Episode[] = [];
      const at: number[] = [];
      for (let i = q.head; i < q.at.length; i++) {
        const ep = q.episodes[i] as Episode;
        const t = q.at[i] as number;
        if (ep.resolvedAt === t && this.episodes.get(ep.key) === ep) {
          episodes.push(ep);
          at.push(t);
        }
      }
      this.expiry = { episodes, at, head: 0 };
    }
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
          countByName(
            firing.map((f) => f.alert),
            4,
            order,
          ),
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
            ? Object.entries(group.labels).map(labelText).join(' ')
            : countByName(
                list.map((f) => f.alert),
                2,
              );
      const summaries = list
        .map((f) => f.alert.annotations.summary)
        .filter((s): s is string => !!s)
        .slice(0, 3)
        .map(isolatedProse);
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
          truncate(
            alertBody(f.alert, clusterName(f.clusterId), view.summary.severityLabel),
            MAX_BODY,
          ),
          isTopSeverity(sev, order) ? 'critical' : 'normal',
          f.events,
          {
            target: {
              fingerprint: f.alert.fingerprint,
              clusterId: f.clusterId,
              ...(f.groupKey === undefined ? {} : { groupKey: f.groupKey }),
            },
            silenceable: true,
            ...runbookOf(f.alert),
          },
        ),
      );
    }
    return notes;
  }

  private resolvedNotes(
    resolved: Resolved[],
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
        truncate(
          alertBody(f.alert, clusterName(f.clusterId), view.summary.severityLabel),
          MAX_BODY,
        ),
        'low',
        f.events,
        { target: { fingerprint: f.fingerprint, clusterId: f.clusterId } },
      ),
    );
  }

  private make(
    at: string,
    nowMs: number,
    title: string,
    body: string,
    urgency: Urgency,
    events: CoreEvent[],
    extra: Pick<AppNotification, 'target' | 'silenceable' | 'runbookUrl'>,
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
    if (extra.runbookUrl) note.runbookUrl = extra.runbookUrl;
    return note;
  }
}
