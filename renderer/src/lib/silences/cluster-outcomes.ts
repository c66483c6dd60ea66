// What a silence form sending to several Alertmanagers made on each, in plain words. A silence
// lives on one cluster, so an alert firing on two separate Alertmanagers needs one on each; a
// failure on one must name it (and keep the form), and what was made on the others must be
// said, so a retry goes to the failed ones only and nothing is written twice.

/** One cluster's answer to a submit: the silence made there, or why not. */
export type ClusterOutcome = { id: string; silenceKey: string } | { error: string };

/** Read with Object.hasOwn: cluster ids come from the servers' configuration. */
export type Outcomes = Readonly<Record<string, ClusterOutcome>>;

export function outcomeOf(outcomes: Outcomes, clusterId: string): ClusterOutcome | undefined {
  return Object.hasOwn(outcomes, clusterId) ? outcomes[clusterId] : undefined;
}

export function isCreated(outcomes: Outcomes, clusterId: string): boolean {
  const o = outcomeOf(outcomes, clusterId);
  return o !== undefined && 'id' in o;
}

/** "am1", "am1 and am2", "am1, am2 and am3". */
export function andList(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * What a submit that did not reach every chosen cluster says: which failed and why, and what
 * was created where (null when nothing was). `order` is the clusters in the form's order.
 */
export function partialText(
  outcomes: Outcomes,
  order: readonly string[],
  label: (clusterId: string) => string,
): { failed: string | null; created: string | null } {
  const failed: string[] = [];
  const created: string[] = [];
  const retry: string[] = [];
  for (const c of order) {
    const o = outcomeOf(outcomes, c);
    if (!o) continue;
    if ('error' in o) {
      failed.push(`Not created on ${label(c)}: ${o.error}`);
      retry.push(label(c));
    } else created.push(`${label(c)} (id ${o.id})`);
  }
  return {
    failed: failed.length > 0 ? failed.join('; ') : null,
    created:
      created.length > 0
        ? `Created on ${andList(created)}.` +
          (retry.length > 0 ? ` Create again sends it to ${andList(retry)} only.` : '')
        : null,
  };
}
