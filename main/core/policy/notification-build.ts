// Builds the notifications the policy decided to show (notify.ts decides; this words them):
// instance and silence notices here, alert notifications in alert-notes.ts. One NoteMaker per
// decide call, numbering from the policy's count.
import { describeErrorAt } from '../api/describe-error.ts';
import { acknowledgedBy } from '../model/ack-text.ts';
import { formatMatchers } from '../matchers/format.ts';
import type { AppNotification, CoreEvent, SoundName, Urgency } from '../model/events.ts';
import type { ViewSnapshot } from '../model/view.ts';
import type { Settings } from '../settings/types.ts';
import { MAX_BODY, minutesText, truncate } from './notification-text.ts';
import { severityRank } from './severity.ts';

/** One notification to make; `id` only where a notice keeps its own (hygiene, duplicates). */
export interface NoteSpec {
  title: string;
  body: string;
  urgency: Urgency;
  events: CoreEvent[];
  target?: AppNotification['target'];
  silenceable?: boolean;
  silenceActions?: boolean;
  runbookUrl?: string;
  id?: string;
}

type EventOf<T extends CoreEvent['type']> = Extract<CoreEvent, { type: T }>;

export interface NoteMakerOptions {
  view: ViewSnapshot;
  nowMs: number;
  /** The policy's count of notifications made, over its life (numbers the ids). */
  count: { made: number };
  /** For the sound (and the severity order it ranks alerts by). */
  settings: Pick<Settings, 'notifications' | 'severityOrder'>;
}

export class NoteMaker {
  readonly #at: string;
  readonly #nowMs: number;
  readonly #view: ViewSnapshot;
  readonly #count: { made: number };
  readonly #settings: NoteMakerOptions['settings'];

  constructor(opts: NoteMakerOptions) {
    this.#view = opts.view;
    this.#nowMs = opts.nowMs;
    this.#at = new Date(opts.nowMs).toISOString();
    this.#count = opts.count;
    this.#settings = opts.settings;
  }

  make(spec: NoteSpec): AppNotification {
    let id = spec.id;
    if (id === undefined) {
      this.#count.made += 1;
      id = `n-${this.#nowMs.toString(36)}-${this.#count.made}`;
    }
    const note: AppNotification = {
      id,
      title: spec.title,
      body: spec.body,
      urgency: spec.urgency,
      at: this.#at,
      events: spec.events,
    };
    if (spec.target && Object.keys(spec.target).length > 0) note.target = spec.target;
    if (spec.silenceable) note.silenceable = true;
    if (spec.silenceActions) note.silenceActions = true;
    if (spec.runbookUrl) note.runbookUrl = spec.runbookUrl;
    const sound = this.#soundOf(spec.events);
    if (sound) note.sound = sound;
    return note;
  }

  /**
   * The sound a notification plays: that of the most severe alert it announces firing (the top
   * severity is 'critical'; others down to `warning`, unknown values included, are 'warning';
   * less severe ones, resolves and notices, none), if the settings turn that sound on. Only
   * shown notifications are made, so a withheld one never sounds.
   */
  #soundOf(events: readonly CoreEvent[]): SoundName | undefined {
    const { sound } = this.#settings.notifications;
    if (!sound.enabled || (!sound.critical && !sound.warning)) return undefined;
    const order = this.#settings.severityOrder;
    let best = Infinity;
    for (const e of events) {
      if (!('fingerprint' in e) || e.type === 'alert-resolved' || e.type === 'alert-suppressed') {
        continue;
      }
      const severity =
        this.#view.alerts[e.fingerprint]?.severity ?? ('severity' in e ? e.severity : '');
      best = Math.min(best, severityRank(severity, order));
    }
    if (best === 0 && order.length > 0) return sound.critical ? 'critical' : undefined;
    // Without a `warning` value, the second most severe one counts as warning.
    const warningRank = order.includes('warning') ? order.indexOf('warning') : 1;
    return best <= warningRank && sound.warning ? 'warning' : undefined;
  }

  clusterName(c: string): string {
    return this.#view.clusters[c]?.name ?? c;
  }

  /**
   * Instances found unreachable this cycle, worded by what the user can still see: a member
   * down while its cluster answers is a degraded cluster ("prod still answers through
   * prod-a"); a cluster with no member answering is one notice for the cluster, every member
   * with its error, saying the alerts shown are the last known. A walk-through's HA pair going
   * down read as two notices of raw error text.
   */
  unreachable(events: readonly EventOf<'instance-unreachable'>[]): AppNotification[] {
    const notes: AppNotification[] = [];
    for (const [clusterId, list] of this.#byCluster(events)) {
      const members = this.#view.clusters[clusterId]?.members ?? list.map((e) => e.instanceId);
      const answering = members.filter((m) => this.#view.instances[m]?.health === 'ok');
      if (answering.length > 0) {
        const through = answering.map((m) => this.#instanceName(m)).join(', ');
        for (const e of list) {
          notes.push(
            this.make({
              title: `${this.#instanceName(e.instanceId)}: ${this.#downWhat(e.instanceId)}`,
              body: truncate(
                `${this.#errorOf(e)}\n${this.clusterName(clusterId)} still answers through ${through}.`,
                MAX_BODY,
              ),
              urgency: 'low',
              events: [e],
              target: { instanceId: e.instanceId },
            }),
          );
        }
        continue;
      }
      const first = list[0]!;
      const title =
        members.length > 1
          ? `${this.clusterName(clusterId)}: no Alertmanager answers`
          : `${this.#instanceName(first.instanceId)}: ${this.#downWhat(first.instanceId)}`;
      const lines =
        members.length > 1
          ? members.map((m) => `${this.#instanceName(m)}: ${this.#errorOf({ instanceId: m })}`)
          : [this.#errorOf(first)];
      notes.push(
        this.make({
          title,
          body: truncate(
            [...lines, 'The alerts shown are the last known: new ones cannot reach you.'].join(
              '\n',
            ),
            MAX_BODY,
          ),
          urgency: 'normal',
          events: list,
          target: { instanceId: first.instanceId },
        }),
      );
    }
    return notes;
  }

  /** Instances reachable again after a shown "unreachable": one notice per cluster. */
  recovered(events: readonly EventOf<'instance-recovered'>[]): AppNotification[] {
    return [...this.#byCluster(events)].map(([clusterId, list]) => {
      const first = list[0]!;
      const several = list.length > 1;
      return this.make({
        title: several
          ? `${this.clusterName(clusterId)} answers again`
          : `${this.#instanceName(first.instanceId)} recovered`,
        body: several
          ? `${list.map((e) => this.#instanceName(e.instanceId)).join(', ')}: reachable again.`
          : 'Reachable again.',
        urgency: 'low',
        events: list,
        target: { instanceId: first.instanceId },
      });
    });
  }

  /** Instance events by the cluster of their instance, in the order they came. */
  #byCluster<E extends { instanceId: string }>(events: readonly E[]): Map<string, E[]> {
    const byCluster = new Map<string, E[]>();
    for (const e of events) {
      const c = this.#view.instances[e.instanceId]?.clusterId ?? `instance:${e.instanceId}`;
      const list = byCluster.get(c);
      if (list) list.push(e);
      else byCluster.set(c, [e]);
    }
    return byCluster;
  }

  #instanceName(id: string): string {
    return this.#view.instances[id]?.name ?? id;
  }

  /** An auth failure is called one (the window's health says "auth failed" too). */
  #downWhat(id: string): string {
    return this.#view.instances[id]?.health === 'auth-failed'
      ? 'authentication failed'
      : 'unreachable';
  }

  /** The error in plain words where the client has them, else exactly. */
  #errorOf(e: { instanceId: string; message?: string }): string {
    const err = this.#view.instances[e.instanceId]?.lastError;
    if (!err) return e.message ?? 'not answering';
    return err.summary ?? describeErrorAt(err);
  }

  expiring(e: EventOf<'silence-expiring'>): AppNotification {
    const s = this.#view.silences[e.silenceKey];
    const mins = Math.max(1, Math.round((Date.parse(e.endsAt) - this.#nowMs) / 60_000));
    const what = s ? formatMatchers(s.matchers) : e.silenceKey;
    // An ack says whose it is ("acknowledged by you": this install's ack ledger, not its text).
    const who = s?.ack
      ? `\n${acknowledgedBy([s.ack])}`
      : s?.comment
        ? `\n${s.comment}${s.createdBy ? ` (${s.createdBy})` : ''}`
        : '';
    return this.make({
      title: `${s?.ack ? 'Acknowledgement' : 'Silence'} ends in ${mins} min`,
      body: truncate(`${what} on ${this.clusterName(e.clusterId)}${who}`, MAX_BODY),
      urgency: 'normal',
      events: [e],
      target: { silenceKey: e.silenceKey, clusterId: e.clusterId },
    });
  }

  /** A silence hygiene flagged (undefined when the view no longer has it). */
  attention(e: EventOf<'silence-attention'>): AppNotification | undefined {
    const s = this.#view.silences[e.silenceKey];
    if (!s) return undefined;
    const a = e.attention;
    const why: string[] = [];
    if (a.unusedSince !== undefined) {
      why.push(
        `it has silenced no alert for ${minutesText(this.#nowMs - Date.parse(a.unusedSince))}`,
      );
    }
    if (a.longRunning) {
      const days = Math.round((Date.parse(s.endsAt) - Date.parse(s.startsAt)) / 86_400_000);
      why.push(`it is set to run ${days} days`);
    }
    return this.make({
      id: `attention-${this.#nowMs.toString(36)}-${e.silenceKey}`,
      title: 'Silence needs attention',
      body: `${formatMatchers(s.matchers)} by ${s.createdBy || 'unknown'}: ${why.join(' and ')}.`,
      urgency: 'low',
      events: [e],
      target: { clusterId: s.clusterId, silenceKey: e.silenceKey },
      silenceActions: true,
    });
  }

  /** A late copy of the user's silence was expired: said once. */
  duplicateExpired(e: EventOf<'silence-duplicate-expired'>): AppNotification {
    const names = e.lateInstanceIds.map((id) => this.#view.instances[id]?.name ?? id).join(', ');
    return this.make({
      id: `dup-${this.#nowMs.toString(36)}-${e.expiredKey}`,
      title: 'Duplicate silence expired',
      body: `A delayed request to ${names} created a second copy of the silence ${formatMatchers(e.matchers)}. The copy was expired; the silence you created stays.`,
      urgency: 'normal',
      events: [e],
      target: { clusterId: e.clusterId, silenceKey: e.silenceKey },
    });
  }
}
