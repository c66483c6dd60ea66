// "My team" (issue 32 item 4): the receivers whose labels (Alertmanager 0.33+) match the team
// matcher in settings (`team="payments"`), the same test the core's "my team only"
// notification rule uses ($core/matchers/label-test.ts, upstream's receiversMatchLabels: an
// alert is my team's when ANY of its receivers is). Applied to the list as a receiver filter.
import { labelTest } from '../matchers/label-test.ts';
import type { InstanceView } from '../model/view.ts';
import type { AlertFilter } from './rows.ts';

/** Matches no receiver name a server can send (names are never empty... this one has a NUL). */
const NO_RECEIVER = '\u0000no team receiver';

/**
 * The team's receiver names over every instance, sorted; null when the team matcher is unset
 * or invalid, or no instance reports receiver labels (servers before 0.33 cannot tell).
 */
export function teamReceivers(
  instances: Readonly<Record<string, Pick<InstanceView, 'receiverLabels'>>>,
  team: string,
): string[] | null {
  const test = labelTest(team);
  if (!test) return null;
  let labelled = false;
  const out = new Set<string>();
  for (const id in instances) {
    const byName = instances[id]?.receiverLabels;
    if (!byName) continue;
    labelled = true;
    for (const name of Object.keys(byName)) if (test(byName[name]!)) out.add(name);
  }
  return labelled ? [...out].sort() : null;
}

/**
 * The filter narrowed to the team's receivers (and to those picked, if any); with no team
 * receivers known, nothing passes: "my team" never silently means everyone.
 */
export function withTeam(filter: AlertFilter, team: readonly string[] | null): AlertFilter {
  const picked = filter.receivers;
  let receivers: string[] = team ? [...team] : [];
  if (picked.length > 0) receivers = receivers.filter((r) => picked.includes(r));
  return { ...filter, receivers: receivers.length > 0 ? receivers : [NO_RECEIVER] };
}
