// Alert notifications, worded: start-up summaries, storms, groups, single alerts, resolves.
// Titles and bodies come from untrusted labels and annotations (notification-text.ts).
import type { AppNotification, CoreEvent, Lapsed, Urgency } from '../model/events.ts';
import type { AlertView, ViewSnapshot } from '../model/view.ts';
import type { NotificationSettings } from '../settings/types.ts';
import type { ShownAlert } from './episodes.ts';
import type { NoteMaker } from './notification-build.ts';
import {
  MAX_BODY,
  alertBody,
  countByName,
  displayAlertName,
  groupLines,
  labelText,
  runbookOf,
  truncate,
} from './notification-text.ts';
import { isTopSeverity } from './severity.ts';
import { displaySeverityRank } from '../model/severity-order.ts';

/** An alert firing (or unsuppressed, or escalated) that will be shown. */
export interface Firing {
  alert: AlertView;
  clusterId: string;
  groupKey?: string;
  escalation?: { from: string; to: string };
  /** It fires again because its silences (an ack) ended or are gone (lapsed.ts). */
  lapsed?: Lapsed;
  events: CoreEvent[];
}

/** A shown alert that resolved, to be shown resolved. */
export interface Resolved {
  fingerprint: string;
  clusterId: string;
  alert: ShownAlert;
  events: CoreEvent[];
}

export class AlertNotes {
  readonly #make: NoteMaker;
  readonly #view: ViewSnapshot;

  constructor(make: NoteMaker, view: ViewSnapshot) {
    this.#make = make;
    this.#view = view;
  }

  /** Alerts already firing on a cluster seen for the first time: one summary. */
  startup(clusterId: string, list: readonly Firing[], order: readonly string[]): AppNotification {
    const count = list.length;
    return this.#make.make({
      title: `${count} alert${count === 1 ? '' : 's'} already firing on ${this.#make.clusterName(clusterId)}`,
      body: countByName(
        list.map((f) => f.alert),
        4,
        order,
      ),
      urgency: urgencyOf(list, order),
      events: list.flatMap((f) => f.events),
      target: { clusterId },
    });
  }

  /** A storm summary, group notifications, or one per alert. */
  firing(
    firing: readonly Firing[],
    n: NotificationSettings,
    order: readonly string[],
  ): AppNotification[] {
    if (firing.length === 0) return [];
    if (firing.length > n.stormThreshold) {
      const clusters = [...new Set(firing.map((f) => f.clusterId))];
      return [
        this.#make.make({
          title: `${firing.length} alerts firing on ${clusters.map((c) => this.#make.clusterName(c)).join(', ')}`,
          body: countByName(
            firing.map((f) => f.alert),
            4,
            order,
          ),
          urgency: urgencyOf(firing, order),
          events: firing.flatMap((f) => f.events),
          target: clusters.length === 1 ? { clusterId: clusters[0] as string } : {},
        }),
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
      if (list.length === 1) singles.push(list[0] as Firing);
      else notes.push(this.#groupNote(groupKey, list, order));
    }
    for (const f of singles) notes.push(this.#alertNote(f, order));
    return notes;
  }

  #groupNote(groupKey: string, list: readonly Firing[], order: readonly string[]): AppNotification {
    const first = list[0] as Firing;
    const group = this.#view.groups[groupKey];
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
    const summaries = groupLines(
      list.map((f) => f.alert),
      this.#view.summary.severityLabel,
    );
    const why = lapsedWords(list);
    const cluster = this.#make.clusterName(first.clusterId);
    // The worst severity among them, as an alert's own title says it ("DiskFull (critical)"):
    // "RedisDown: 3 alerts firing" did not say how bad (walk-through of the bell's list).
    const worst = worstSeverity(list, order);
    return this.#make.make({
      title: truncate(
        `${label}${worst ? ` (${worst})` : ''}: ${list.length} alerts firing${why ? `, ${why}` : ''}`,
        80,
      ),
      body: truncate(
        [
          `on ${cluster}`,
          ...(why && list.every((f) => f.lapsed?.gone) ? [GONE] : []),
          ...summaries,
        ].join('\n'),
        MAX_BODY,
      ),
      urgency: urgencyOf(list, order),
      events: list.flatMap((f) => f.events),
      target: { groupKey, clusterId: first.clusterId },
      silenceable: true,
    });
  }

  #alertNote(f: Firing, order: readonly string[]): AppNotification {
    const name = displayAlertName(f.alert);
    const sev = f.alert.severity;
    const why = lapsedWords([f]);
    const title = f.escalation
      ? `${name} escalated: ${f.escalation.from || 'unknown'} → ${f.escalation.to || 'unknown'}`
      : `${sev ? `${name} (${sev})` : name}${why ? `: ${why}, still firing` : ''}`;
    const body = alertBody(
      f.alert,
      this.#make.clusterName(f.clusterId),
      this.#view.summary.severityLabel,
    );
    return this.#make.make({
      title: truncate(title, 80),
      body: truncate(f.lapsed?.gone ? `${GONE}\n${body}` : body, MAX_BODY),
      urgency: isTopSeverity(sev, order) ? 'critical' : 'normal',
      events: f.events,
      target: {
        fingerprint: f.alert.fingerprint,
        clusterId: f.clusterId,
        ...(f.groupKey === undefined ? {} : { groupKey: f.groupKey }),
      },
      silenceable: true,
      ...runbookOf(f.alert),
    });
  }

  /** A storm summary or one per alert. */
  resolved(resolved: readonly Resolved[], n: NotificationSettings): AppNotification[] {
    if (resolved.length === 0) return [];
    if (resolved.length > n.stormThreshold) {
      const clusters = [...new Set(resolved.map((f) => f.clusterId))];
      return [
        this.#make.make({
          title: `${resolved.length} alerts resolved on ${clusters.map((c) => this.#make.clusterName(c)).join(', ')}`,
          body: countByName(resolved.map((f) => f.alert)),
          urgency: 'low',
          events: resolved.flatMap((f) => f.events),
          target: clusters.length === 1 ? { clusterId: clusters[0] as string } : {},
        }),
      ];
    }
    return resolved.map((f) =>
      this.#make.make({
        title: truncate(`Resolved: ${displayAlertName(f.alert)}`, 80),
        body: truncate(
          alertBody(f.alert, this.#make.clusterName(f.clusterId), this.#view.summary.severityLabel),
          MAX_BODY,
        ),
        urgency: 'low',
        events: f.events,
        target: { fingerprint: f.fingerprint, clusterId: f.clusterId },
      }),
    );
  }
}

/** Why silences that held these alerts are over, in the notes' words. */
const GONE =
  'The cluster no longer lists it (its Alertmanagers may have restarted without their state).';

/**
 * "acknowledgement ended", "silence lost": when every alert of the note fires again because
 * its silences ended (an ack among them makes it an acknowledgement), else nothing.
 */
function lapsedWords(list: readonly Firing[]): string {
  if (list.length === 0 || !list.every((f) => f.lapsed)) return '';
  const what = list.some((f) => f.lapsed?.kind === 'ack') ? 'acknowledgement' : 'silence';
  return `${what} ${list.every((f) => f.lapsed?.gone) ? 'lost' : 'ended'}`;
}

function worstSeverity(list: readonly Firing[], order: readonly string[]): string {
  let worst = '';
  let rank = Infinity;
  for (const f of list) {
    const r = displaySeverityRank(f.alert.severity, order);
    if (r < rank) [worst, rank] = [f.alert.severity, r];
  }
  return worst;
}

function urgencyOf(list: readonly Firing[], order: readonly string[]): Urgency {
  return list.some((f) => isTopSeverity(f.alert.severity, order)) ? 'critical' : 'normal';
}
