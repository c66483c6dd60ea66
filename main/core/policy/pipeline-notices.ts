// "Alerting pipeline silent on prod" and its recovery (issue 32): events from the summary's
// `pipelineSilent` list of two consecutive views, and what the policy makes of them. They go
// through the policy like every notice: quiet hours, snooze and "notifications off" withhold
// them (the Timeline records the withheld event and why), a muted cluster too. A recovery is
// shown only after a shown "silent" (a recovery nobody heard about is noise), as for instances.
import type { AppNotification, CoreEvent } from '../model/events.ts';
import type { ViewSnapshot } from '../model/view.ts';
import type { NotificationSettings } from '../settings/types.ts';
import type { NoteMaker } from './notification-build.ts';
import { MAX_BODY, truncate } from './notification-text.ts';
import { clusterMuted } from './rule-filters.ts';

type PipelineEvent = Extract<CoreEvent, { type: 'pipeline-silent' | 'pipeline-recovered' }>;

/** Clusters that turned pipeline silent, or recovered, between `prev` and `next`. */
export function diffPipeline(
  prev: ViewSnapshot,
  next: ViewSnapshot,
  n: Pick<NotificationSettings, 'watchdog' | 'watchdogSilentMin'>,
): PipelineEvent[] {
  const before = new Set(prev.summary.pipelineSilent ?? []);
  const now = new Set(next.summary.pipelineSilent ?? []);
  const out: PipelineEvent[] = [];
  for (const id of now) {
    if (!before.has(id)) {
      out.push({
        type: 'pipeline-silent',
        clusterId: id,
        watchdog: n.watchdog,
        afterMin: n.watchdogSilentMin,
      });
    }
  }
  // The watch switched off in settings is not a recovery either.
  if (n.watchdog.trim() === '') return out;
  for (const id of before) {
    // Only a cluster that answers and lists the alert again recovered: one that stopped
    // answering is missing data now (said as unreachable), one removed in settings is gone.
    const c = next.clusters[id];
    if (!now.has(id) && c?.health === 'ok' && !c.stale) {
      out.push({ type: 'pipeline-recovered', clusterId: id });
    }
  }
  return out;
}

function minutesWords(min: number): string {
  if (min >= 1) return `${Math.round(min * 10) / 10} min`;
  return `${Math.round(min * 60)} s`;
}

export class PipelineNotices {
  /** Clusters whose "pipeline silent" was shown. */
  readonly #shown = new Set<string>();

  /** The notification for `e`, or the reason it is withheld, or null (nothing to say). */
  sort(
    e: PipelineEvent,
    c: {
      view: ViewSnapshot;
      n: NotificationSettings;
      silentWhy: string | null;
      make: NoteMaker;
    },
  ): AppNotification | { withheld: string } | null {
    if (e.type === 'pipeline-recovered' && !this.#shown.delete(e.clusterId)) return null;
    const why = c.silentWhy ?? (clusterMuted(e.clusterId, c.view, c.n) ? 'cluster muted' : null);
    if (why !== null) return { withheld: why };
    const name = c.make.clusterName(e.clusterId);
    if (e.type === 'pipeline-recovered') {
      return c.make.make({
        title: `Alerting pipeline back on ${name}`,
        body: 'The dead-man’s-switch alert is listed again.',
        urgency: 'low',
        events: [e],
        target: { clusterId: e.clusterId },
      });
    }
    this.#shown.add(e.clusterId);
    return c.make.make({
      title: `Alerting pipeline silent on ${name}`,
      body: truncate(
        `${e.watchdog} not listed for ${minutesWords(e.afterMin)} while ${name} answers: alerts may not be reaching it.`,
        MAX_BODY,
      ),
      urgency: 'critical',
      events: [e],
      target: { clusterId: e.clusterId },
    });
  }
}
