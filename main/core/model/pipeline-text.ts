// "alerting pipeline silent on prod" (issue 32): one wording for the tray tooltip, the window
// title and its banner, from the summary's `pipelineSilent` (engine/pipeline-watch.ts).
import type { ClusterView, Summary } from './view.ts';
import { ownValue } from './own-keys.ts';

/** Cluster names are the user's or a server's: a few, each cut, keep the text short. */
const MAX_NAMES = 3;
const MAX_NAME = 40;

export function pipelineSilentText(
  summary: Pick<Summary, 'pipelineSilent'> | null | undefined,
  clusters: Readonly<Record<string, Pick<ClusterView, 'name'>>>,
): string | undefined {
  const ids = summary?.pipelineSilent ?? [];
  if (ids.length === 0) return undefined;
  const names = ids.slice(0, MAX_NAMES).map((id) => {
    const name = ownValue(clusters, id)?.name || id;
    return name.length > MAX_NAME ? `${name.slice(0, MAX_NAME - 1)}…` : name;
  });
  const more = ids.length > MAX_NAMES ? ` and ${ids.length - MAX_NAMES} more` : '';
  return `alerting pipeline silent on ${names.join(', ')}${more}`;
}
