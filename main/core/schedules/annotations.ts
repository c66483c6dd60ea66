// Whether a cluster keeps silence annotations: every answering member is a plain Alertmanager
// 0.32+. Grafana ("N/A") and Mimir (whose version is Mimir's own, e.g. 2.14, and whose silences
// drop annotations) never count: a product name rules a member out. Occurrences are tagged by
// annotation there, by a comment tag elsewhere (identity.ts).
import type { MergedView } from '../model/view.ts';

export function keepsSilenceAnnotations(
  view: Pick<MergedView, 'instances'>,
  clusterId: string,
): boolean {
  const members = Object.values(view.instances).filter(
    (i) => i.clusterId === clusterId && i.enabled && i.version,
  );
  return (
    members.length > 0 &&
    members.every((i) => i.product === undefined && atLeast(i.version!.version, 0, 32))
  );
}

function atLeast(version: string, major: number, minor: number): boolean {
  const m = /^v?(\d+)\.(\d+)/.exec(version.trim().slice(0, 40));
  if (!m) return false;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return a > major || (a === major && b >= minor);
}
