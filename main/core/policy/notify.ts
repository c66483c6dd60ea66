// Decides which events become desktop notifications. Principles:
// - one firing episode (cluster + fingerprint + startsAt) notifies at most once, even when
//   the alert vanishes and comes back (an HA peer restarting, a standalone server restarting
//   and Prometheus re-sending the same alert);
// - a burst becomes one summary (start-up of a cluster, or a storm above the threshold);
// - unknown severities are never filtered out (a typo in a label must not hide a page);
// - quiet hours, snooze, mutes and filters still record what happened, so nothing muted pops
//   up later; every notice the core raises (hygiene, duplicates) passes here too;
// - an alert still firing unacknowledged is reminded of every N minutes (reminders.ts);
// - the most severe alerts may break through quiet hours (criticalBreaksQuiet), never through
//   a snooze: a snooze is an explicit "stop" the user just chose and sees everywhere ("paused
//   until 14:30"); quiet hours are a standing schedule, the case where a page must not wait.
// `decide` runs in phases: (1) pair each alert event with its escalation, (2) sort every
// event into what is shown and what is withheld, (3) word the shown ones (notification-build).
import type { AppNotification, CoreEvent } from '../model/events.ts';
import type { ViewSnapshot } from '../model/view.ts';
import type { NotificationSettings, Settings } from '../settings/types.ts';
import { RuleFilters, clusterMuted } from './rule-filters.ts';
import {
  breaksThrough,
  quietReason,
  systemLocalTime,
  type LocalTime,
  type QuietReason,
} from '../model/quiet-hours.ts';
import { EpisodeLedger, type LedgerMemory } from './episodes.ts';
import { AlertNotes, type Firing, type Resolved } from './alert-notes.ts';
import { NoteMaker } from './notification-build.ts';
import { ReminderClock } from './reminders.ts';
import { reminderNotes } from './reminder-notes.ts';
import { PipelineNotices } from './pipeline-notices.ts';
import { pairKey, relatedAlertEvents, type AlertEvent, type Escalation } from './alert-events.ts';
import { UserEnds } from './lapsed.ts';

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

/** How the history words each reason for quiet. */
const QUIET_TEXT: Record<QuietReason, string> = {
  off: 'notifications off',
  snoozed: 'snoozed',
  'quiet-hours': 'quiet hours',
};

/** One decide call: its inputs and what phase 2 sorted out. */
interface Cycle {
  view: ViewSnapshot;
  n: NotificationSettings;
  order: readonly string[];
  nowMs: number;
  ctx: PolicyContext;
  /** Why nothing is shown right now, if so (each withheld notification records it). */
  silentWhy: string | null;
  quiet: QuietReason | null;
  make: NoteMaker;
  /** Phase 1: alert events by (cluster, fingerprint), and the escalation among them. */
  related: Map<string, AlertEvent[]>;
  escalations: Map<string, Escalation>;
  handled: Set<string>;
  /** Phase 2: what will be shown. */
  startup: Map<string, Firing[]>;
  firing: Firing[];
  resolved: Resolved[];
  /** Notifications made as events were sorted (silences, pipeline). */
  other: AppNotification[];
  /** Instances to tell about, worded together per cluster (NoteMaker.unreachable). */
  unreachable: Extract<CoreEvent, { type: 'instance-unreachable' }>[];
  recovered: Extract<CoreEvent, { type: 'instance-recovered' }>[];
}

export class NotificationPolicy {
  readonly #localTime: (ms: number) => LocalTime;
  /** Firing episodes: what was notified, so each notifies once (episodes.ts). */
  readonly #ledger: EpisodeLedger;
  /** Instances whose unreachability was shown (recovery is shown only after it). */
  readonly #shownUnreachable = new Set<string>();
  readonly #rules = new RuleFilters();
  readonly #pipeline = new PipelineNotices();
  readonly #reminders = new ReminderClock();
  readonly #count = { made: 0 };
  /** Silences the user ended here: the alerts they let go are not news (lapsed.ts). */
  readonly #userEnds = new UserEnds();

  constructor(opts: NotificationPolicyOptions = {}) {
    this.#localTime = opts.localTime ?? systemLocalTime;
    this.#ledger = new EpisodeLedger(opts.episodeTtlMs ?? 60 * 60_000, opts.maxEpisodes ?? 20_000);
  }

  /** The user ended these silences from this app (expire, undo, an edit that replaced one). */
  userEnded(silenceKeys: readonly string[], nowMs: number): void {
    this.#userEnds.mark(silenceKeys, nowMs);
  }

  /** Number of remembered firing episodes (for tests and diagnostics). */
  get episodeCount(): number {
    return this.#ledger.size;
  }

  /** Sizes of everything the policy remembers (for tests and diagnostics: all stay bounded). */
  get memory(): LedgerMemory {
    return this.#ledger.memory;
  }

  decide(
    events: readonly CoreEvent[],
    view: ViewSnapshot,
    settings: Settings,
    nowMs: number,
    ctx: PolicyContext,
  ): AppNotification[] {
    this.#ledger.prune(view, nowMs);
    const cycle = this.#cycle(events, view, settings, nowMs, ctx);
    for (const e of events) this.#sort(e, cycle);
    return this.#compose(cycle);
  }

  /**
   * Reminders of alerts still firing unacknowledged (reminders.ts), decided like any alert
   * event (quiet, critical break-through, rules); asked after every merge, as time passes.
   */
  remind(
    view: ViewSnapshot,
    settings: Settings,
    nowMs: number,
    ctx: PolicyContext,
  ): { events: CoreEvent[]; notifications: AppNotification[] } {
    const c = this.#cycle([], view, settings, nowMs, ctx);
    const events: CoreEvent[] = [];
    const shown = this.#reminders.due(view, c.n, nowMs).filter((d) => {
      const blocked =
        this.#quietFor(c, d.alert.severity) ??
        this.#rules.blockedBy(d.alert, d.event.clusterId, view, c.n, c.order);
      if (!this.#reminders.settle(d, blocked, nowMs)) return false;
      events.push(d.event);
      if (blocked !== null) this.#withhold(c, d.event, blocked);
      else this.#ledger.reminded(d.event.clusterId, d.alert, c.order);
      return blocked === null;
    });
    return { events, notifications: reminderNotes(c.make, view, shown, c.n, c.order) };
  }

  #cycle(
    events: readonly CoreEvent[],
    view: ViewSnapshot,
    settings: Settings,
    nowMs: number,
    ctx: PolicyContext,
  ): Cycle {
    const n = settings.notifications;
    const quiet = quietReason(n, nowMs, this.#localTime);
    return {
      view,
      n,
      order: settings.severityOrder,
      nowMs,
      ctx,
      silentWhy: quiet === null ? null : QUIET_TEXT[quiet],
      quiet,
      make: new NoteMaker({ view, nowMs, count: this.#count, settings }),
      ...relatedAlertEvents(events),
      handled: new Set(),
      startup: new Map(),
      firing: [],
      resolved: [],
      other: [],
      unreachable: [],
      recovered: [],
    };
  }

  /** Why quiet holds for an alert of this severity; the top one may break through quiet hours. */
  #quietFor(c: Cycle, severity: string): string | null {
    return breaksThrough(c.n, c.quiet, severity, c.order) ? null : c.silentWhy;
  }

  // ---- phase 2: each event shown, withheld, or nothing ----

  #withhold(c: Cycle, e: CoreEvent, reason: string): void {
    c.ctx.onWithheld?.(e, reason);
  }

  #sort(e: CoreEvent, c: Cycle): void {
    switch (e.type) {
      case 'alert-firing':
      case 'alert-unsuppressed':
      case 'severity-escalated':
        return this.#sortFiring(e, c);
      case 'alert-resolved':
        this.#reminders.stopped(e.clusterId, e.fingerprint);
        return this.#sortResolved(e, c);
      case 'alert-suppressed':
        this.#reminders.stopped(e.clusterId, e.fingerprint);
        return;
      case 'instance-unreachable':
        if (c.silentWhy !== null || c.n.mutedInstances.includes(e.instanceId)) {
          return this.#withhold(c, e, c.silentWhy ?? 'instance muted');
        }
        this.#shownUnreachable.add(e.instanceId);
        c.unreachable.push(e);
        return;
      case 'instance-recovered':
        // Only after a shown "unreachable": a recovery nobody heard about is noise.
        if (!this.#shownUnreachable.delete(e.instanceId)) return;
        if (c.silentWhy !== null || c.n.mutedInstances.includes(e.instanceId)) {
          return this.#withhold(c, e, c.silentWhy ?? 'instance muted');
        }
        c.recovered.push(e);
        return;
      case 'pipeline-silent':
      case 'pipeline-recovered': {
        const out = this.#pipeline.sort(e, c);
        if (out && 'withheld' in out) return this.#withhold(c, e, out.withheld);
        if (out) c.other.push(out);
        return;
      }
      case 'silence-expiring':
        if (c.silentWhy !== null || clusterMuted(e.clusterId, c.view, c.n)) {
          return this.#withhold(c, e, c.silentWhy ?? 'cluster muted');
        }
        c.other.push(c.make.expiring(e));
        return;
      case 'silence-attention': {
        // A silence gone since hygiene flagged it: nothing to say.
        if (!c.view.silences[e.silenceKey]) return;
        if (c.silentWhy !== null) return this.#withhold(c, e, c.silentWhy);
        const note = c.make.attention(e);
        if (note) c.other.push(note);
        return;
      }
      case 'silence-duplicate-expired':
        if (c.silentWhy !== null) return this.#withhold(c, e, c.silentWhy);
        c.other.push(c.make.duplicateExpired(e));
        return;
      default:
        // suppressed / silence-created / silence-expired / -edited: in the app, no popup.
        return;
    }
  }

  #sortFiring(e: AlertEvent, c: Cycle): void {
    const cf = pairKey(e);
    if (c.handled.has(cf)) return;
    c.handled.add(cf);
    const alert = c.view.alerts[e.fingerprint];
    if (!alert) return;
    // Watched for reminders from now, whether or not this episode notifies (an ack lapsed).
    this.#reminders.firing(e, alert, c.nowMs, c.n);
    const esc = c.escalations.get(cf);
    const started = this.#ledger.start(alert, e.clusterId, c.order, esc !== undefined);
    // An alert its silences (an ack) let go is news again, though its episode was notified:
    // the user had handed it over. Unless the user ended them here.
    const lapsed = e.type === 'alert-unsuppressed' ? e.lapsed : undefined;
    if (lapsed && this.#userEnds.explains(lapsed, c.nowMs)) return;
    const ep = started ?? (lapsed ? this.#ledger.currentOf(e.clusterId, e.fingerprint) : undefined);
    if (!ep) return;
    const blocked =
      this.#quietFor(c, alert.severity) ??
      this.#rules.blockedBy(alert, e.clusterId, c.view, c.n, c.order);
    if (blocked !== null) return this.#withhold(c, e, blocked);
    this.#ledger.markDelivered(ep, alert, c.order);
    const groupKey = 'groupKey' in e ? e.groupKey : undefined;
    const f: Firing = { alert, clusterId: e.clusterId, events: c.related.get(cf) ?? [e] };
    if (groupKey !== undefined) f.groupKey = groupKey;
    if (esc) f.escalation = { from: esc.from, to: esc.to };
    else if (lapsed) f.lapsed = lapsed;
    if (c.ctx.initialClusters.has(e.clusterId)) {
      const list = c.startup.get(e.clusterId);
      if (list) list.push(f);
      else c.startup.set(e.clusterId, [f]);
    } else {
      c.firing.push(f);
    }
  }

  #sortResolved(e: Extract<CoreEvent, { type: 'alert-resolved' }>, c: Cycle): void {
    const ep = this.#ledger.end(e.clusterId, e.fingerprint, c.nowMs);
    if (!ep?.delivered || !ep.shown || !c.n.notifyOnResolve) return;
    const blocked =
      c.silentWhy ?? this.#rules.blockedBy(ep.shown, e.clusterId, c.view, c.n, c.order);
    if (blocked !== null) return this.#withhold(c, e, blocked);
    c.resolved.push({
      fingerprint: e.fingerprint,
      clusterId: e.clusterId,
      alert: ep.shown,
      events: [e],
    });
  }

  // ---- phase 3: the notifications, instances first and silences last ----

  #compose(c: Cycle): AppNotification[] {
    const words = new AlertNotes(c.make, c.view);
    const alertNotes: AppNotification[] = [];
    for (const [clusterId, list] of c.startup) {
      alertNotes.push(words.startup(clusterId, list, c.order));
    }
    alertNotes.push(...words.firing(c.firing, c.n, c.order));
    alertNotes.push(...words.resolved(c.resolved, c.n));
    this.#ledger.settleResolved();
    c.other.unshift(...c.make.unreachable(c.unreachable), ...c.make.recovered(c.recovered));
    return [
      ...c.other.filter((x) => x.target?.instanceId),
      ...alertNotes,
      ...c.other.filter((x) => !x.target?.instanceId),
    ];
  }
}
