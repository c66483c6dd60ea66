// What the tray icon (and the browser shell's favicon and title) show: the most urgent thing
// that fires, with a "no data" badge when some cluster has no answering member. Missing data
// is a second signal: it never replaces critical, and paused notifications never hide it.
// The attention state (`Summary.unacknowledged`) is said beside it: "2 critical unacknowledged".
// Priority, most urgent first (issue 32):
//   critical > pipeline-silent > paused > warning > unreachable (no data alone) > ok,
// with the "no data" badge on the first four when some cluster has no answering member.
// "Pipeline silent" (a cluster answers but its Watchdog is missing) means we may be blind, so
// it outranks paused and warning; it never hides a critical alert that does reach us.
import { severityBucketName } from './severity-bucket.ts';
import type { Summary } from './view.ts';

export type IconState =
  | 'ok'
  | 'warning'
  | 'critical'
  | 'unreachable'
  | 'paused'
  | 'critical-nodata'
  | 'warning-nodata'
  | 'paused-nodata'
  | 'pipeline-silent'
  | 'pipeline-silent-nodata';

export function iconState(
  summary: Pick<Summary, 'worst' | 'missingData' | 'staleClusters' | 'pipelineSilent'>,
  paused: boolean,
): IconState {
  const { worst, missingData, staleClusters } = summary;
  const blind = missingData.length > 0;
  const badge = (base: 'critical' | 'warning' | 'paused' | 'pipeline-silent'): IconState =>
    blind ? `${base}-nodata` : base;
  if (worst === 'critical') return badge('critical');
  if ((summary.pipelineSilent?.length ?? 0) > 0) return badge('pipeline-silent');
  if (paused) return badge('paused');
  if (worst === 'warning') return badge('warning');
  if (worst === 'unreachable' || worst === 'unknown' || blind || staleClusters.length > 0) {
    return 'unreachable';
  }
  return 'ok';
}

/**
 * "2 critical unacknowledged" while top-severity alerts fire that nobody acknowledged (the
 * tray's tooltip; the shells badge and flash on the same count), else undefined.
 */
export function attentionText(
  summary: Pick<Summary, 'unacknowledged'>,
  order: readonly string[],
): string | undefined {
  const n = summary.unacknowledged;
  if (!(n > 0)) return undefined;
  return `${n} ${severityBucketName(order[0] ?? '')} unacknowledged`;
}
