// Whether a cluster keeps silence annotations: every answering member is Alertmanager 0.32+
// (Grafana's "N/A" and Mimir's empty version do not count). Occurrences are tagged by
// annotation there, by a comment tag elsewhere (identity.ts).
import type { MergedView } from '../model/view.ts';

export function keepsSilenceAnnotations(
  view: Pick<MergedView, 'instances'>,
  clusterId: string,
): boolean {
  const members = Object.values(view.instances).filter(
    (i) => i.clusterId === clusterId && i.enabled && i.version,
  );
  return members.length > 0 && members.every((i) => atLeast(i.version!.version, 0, 32));
}

function atLeast(version: string, major: number, minor: number): boolean {
  const m = /^v?(\d+)\.(\d+)/.exec(version.trim().slice(0, 40));
  if (!m) return false;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return a > major || (a === major && b >= minor);
}
