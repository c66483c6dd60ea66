// The user's notification rules over one alert: muted instances and receivers, the minimum
// severity, and include/exclude matcher lists (parsed once per change of the settings, with
// the same matcher engine as the filter bar and silences). Unknown severities always pass, and
// so does an alert a rule's regex is too expensive to evaluate for (matchers/budget.ts).
import type { Matcher } from '../api/types.ts';
import { evaluateAlert } from '../matchers/evaluate.ts';
import { parseMatchers } from '../matchers/parse.ts';
import type { AlertView, ViewSnapshot } from '../model/view.ts';
import type { NotificationSettings } from '../settings/types.ts';
import { passesMinSeverity } from './severity.ts';
import { labelTest } from '../matchers/label-test.ts';
import { ownValue } from '../model/own-keys.ts';

export type AlertFacts = Pick<AlertView, 'labels' | 'severity' | 'instances' | 'receivers'>;

export class RuleFilters {
  #cache: { key: string; include: Matcher[][]; exclude: Matcher[][] } | undefined;

  #compiled(n: NotificationSettings): { include: Matcher[][]; exclude: Matcher[][] } {
    const key = JSON.stringify([n.include, n.exclude]);
    if (this.#cache?.key === key) return this.#cache;
    const compile = (list: string[]) =>
      list.flatMap((s) => {
        try {
          const ms = parseMatchers(s);
          return ms.length > 0 ? [ms] : [];
        } catch {
          return []; // the settings form reports invalid filters; here they are ignored
        }
      });
    this.#cache = { key, include: compile(n.include), exclude: compile(n.exclude) };
    return this.#cache;
  }

  /** Which rule keeps this alert from notifying (said in the history), or null. */
  blockedBy(
    alert: AlertFacts,
    clusterId: string,
    view: ViewSnapshot,
    n: NotificationSettings,
    order: readonly string[],
  ): string | null {
    // The dead-man's switch fires forever by design: its absence is the event (pipeline-watch).
    if (labelTest(n.watchdog)?.(alert.labels)) return 'dead-man’s switch';
    if (n.teamOnly && !routedToTeam(alert, clusterId, view, n.team)) return 'not my team';
    const members = view.clusters[clusterId]?.members;
    const seenOn = members ? alert.instances.filter((i) => members.includes(i)) : alert.instances;
    const instances = seenOn.length > 0 ? seenOn : alert.instances;
    if (instances.length > 0 && instances.every((i) => n.mutedInstances.includes(i))) {
      return 'instance muted';
    }
    if (alert.receivers.length > 0 && alert.receivers.every((r) => n.mutedReceivers.includes(r))) {
      return 'receiver muted';
    }
    if (!passesMinSeverity(alert.severity, n.minSeverity, order)) {
      return `below minimum severity ${n.minSeverity}`;
    }
    const { include, exclude } = this.#compiled(n);
    // A rule over the matching budget ('unknown') never drops a notification: an include rule
    // that cannot be evaluated lets the alert through, an exclude rule that cannot does not
    // exclude it.
    // The patterns are the user's own: the per-test bound only, so that whether an alert
    // notifies never depends on how busy the machine was.
    const verdict = (ms: Matcher[]) => evaluateAlert(ms, alert.labels, { turnBudget: false });
    if (include.some((ms) => verdict(ms) === 'no-match')) return 'not matched by include rules';
    if (exclude.some((ms) => verdict(ms) === 'match')) return 'matched by an exclude rule';
    return null;
  }
}

/**
 * Whether the alert reaches a receiver of "my team" (a matcher over receiver labels,
 * Alertmanager 0.33+). Where no member of the cluster reports receiver labels (older servers)
 * the rule cannot tell and lets everything through, as before.
 */
function routedToTeam(
  alert: AlertFacts,
  clusterId: string,
  view: ViewSnapshot,
  team: string,
): boolean {
  const test = labelTest(team);
  if (!test) return true;
  const labelled = (view.clusters[clusterId]?.members ?? [])
    .map((id) => view.instances[id]?.receiverLabels)
    .filter((r) => r !== undefined);
  if (labelled.length === 0) return true;
  return alert.receivers.some((r) =>
    labelled.some((byName) => {
      const labels = ownValue(byName, r);
      return labels !== undefined && test(labels);
    }),
  );
}

/** Every member of the cluster is muted. */
export function clusterMuted(
  clusterId: string,
  view: ViewSnapshot,
  n: NotificationSettings,
): boolean {
  const members = view.clusters[clusterId]?.members ?? [];
  return members.length > 0 && members.every((m) => n.mutedInstances.includes(m));
}
