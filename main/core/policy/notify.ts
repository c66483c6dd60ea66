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
  displayAlertName,
  countByName,
  labelText,
  runbookOf,
  truncate,
} from './notification-text.ts';
import { RuleFilters, clusterMuted } from './rule-filters.ts';
import { inQuietHours, isSnoozed, systemLocalTime, type LocalTime } from './quiet-hours.ts';
import { isTopSeverity } from './severity.ts';
import { EpisodeLedger, type LedgerMemory, type ShownAlert } from './episodes.ts';

export interface PolicyContext {
  /** Clusters whose first data arrived this cycle: their alerts were already firing. */
  initialClusters: ReadonlySet<string>;
  /** Told of each event that would notify but is kept quiet, and why (for the history). */
  onWithheld?: (event: CoreEvent, reason: string) => void;
}

export interface NotificationPolicyOptions {
  /** Local weekday and minutes of an instant; default: the process's time zone. */
  localTime?: (ms: number) => LocalTime;
  /** How long an episode is remembered after it resolved; default 1 h. */
  episodeTtlMs?: number;
  /** Hard cap on remembered episodes (oldest dropped first); default 20 000. */
  maxEpisodes?: number;
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

export class NotificationPolicy {
  private readonly localTime: (ms: number) => LocalTime;
  /** Firing episodes: what was notified, so each notifies once (episodes.ts). */
  private readonly ledger: EpisodeLedger;
  /** Instances whose unreachability was shown (recovery is shown only after it). */
  private shownUnreachable = new Set<string>();
  private readonly rules = new RuleFilters();
  private seq = 0;

  constructor(opts: NotificationPolicyOptions = {}) {
    this.localTime = opts.localTime ?? systemLocalTime;
    this.ledger = new EpisodeLedger(opts.episodeTtlMs ?? 60 * 60_000, opts.maxEpisodes ?? 20_000);
  }

  /** Number of remembered firing episodes (for tests and diagnostics). */
  get episodeCount(): number {
    return this.ledger.size;
  }

  /** Sizes of everything the policy remembers (for tests and diagnostics: all stay bounded). */
  get memory(): LedgerMemory {
    return this.ledger.memory;
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
    // Why nothing is shown right now, if so (the history records each withheld notification).
    const silentWhy = !n.enabled
      ? 'notifications off'
      : isSnoozed(n, nowMs)
        ? 'snoozed'
        : inQuietHours(n.quietHours, this.localTime(nowMs))
          ? 'quiet hours'
          : null;
    const silent = silentWhy !== null;
    const withhold = (e: CoreEvent, reason: string) => ctx.onWithheld?.(e, reason);
    this.ledger.prune(view, nowMs);

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
          const ep = this.ledger.start(alert, e.clusterId, order, esc !== undefined);
          if (!ep) break;
          const blocked = silentWhy ?? this.rules.blockedBy(alert, e.clusterId, view, n, order);
          if (blocked !== null) {
            withhold(e, blocked);
            break;
          }
          this.ledger.markDelivered(ep, alert, order);
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
          const ep = this.ledger.end(e.clusterId, e.fingerprint, nowMs);
          if (!ep?.delivered || !ep.shown || !n.notifyOnResolve) break;
          const blocked = silentWhy ?? this.rules.blockedBy(ep.shown, e.clusterId, view, n, order);
          if (blocked !== null) {
            withhold(e, blocked);
            break;
          }
          resolved.push({
            fingerprint: e.fingerprint,
            clusterId: e.clusterId,
            alert: ep.shown,
            events: [e],
          });
          break;
        }
        case 'instance-unreachable': {
          if (silent || n.mutedInstances.includes(e.instanceId)) {
            withhold(e, silentWhy ?? 'instance muted');
            break;
          }
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
          if (silent || clusterMuted(e.clusterId, view, n)) {
            withhold(e, silentWhy ?? 'cluster muted');
            break;
          }
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
    this.ledger.settleResolved();
    return [
      ...out.filter((x) => x.target?.instanceId),
      ...alertNotes,
      ...out.filter((x) => !x.target?.instanceId),
    ];
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
      const names = new Set(list.map((f) => displayAlertName(f.alert)));
      const label =
        names.size === 1
          ? displayAlertName(first.alert)
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
      const name = displayAlertName(f.alert);
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
        truncate(`Resolved: ${displayAlertName(f.alert)}`, 80),
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
