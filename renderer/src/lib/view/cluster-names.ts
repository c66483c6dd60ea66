// A cluster's name before the view has told it: the window's first list answer comes before
// the view (issue 29's early query), and its group headers said "instance:cli-1" for half a
// second while the view was on its way (found by a walk-through). The ids say where the name
// is (main/core/engine/clusters.ts): a standalone instance's is its settings name, an explicit
// cluster's is in its id. A detected HA cluster's name comes with the view.
import type { Settings } from '$core/settings/types.ts';

export function clusterNameFromSettings(
  id: string,
  settings: Pick<Settings, 'instances'> | null,
): string | undefined {
  if (id.startsWith('cluster:')) return id.slice('cluster:'.length);
  if (id.startsWith('instance:')) {
    const instanceId = id.slice('instance:'.length);
    return settings?.instances.find((i) => i.id === instanceId)?.name;
  }
  return undefined;
}
