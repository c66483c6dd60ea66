// What the tray icon (and the browser shell's favicon and title) show: the most urgent thing
// that fires, with a "no data" badge when some cluster has no answering member. Missing data
// is a second signal: it never replaces critical, and paused notifications never hide it.
import type { Summary } from './view.ts';

export type IconState =
  | 'ok'
  | 'warning'
  | 'critical'
  | 'unreachable'
  | 'paused'
  | 'critical-nodata'
  | 'warning-nodata'
  | 'paused-nodata';

export function iconState(
  summary: Pick<Summary, 'worst' | 'missingData' | 'staleClusters'>,
  paused: boolean,
): IconState {
  const { worst, missingData, staleClusters } = summary;
  const blind = missingData.length > 0;
  const badge = (base: 'critical' | 'warning' | 'paused'): IconState =>
    blind ? `${base}-nodata` : base;
  if (worst === 'critical') return badge('critical');
  if (paused) return badge('paused');
  if (worst === 'warning') return badge('warning');
  if (worst === 'unreachable' || worst === 'unknown' || blind || staleClusters.length > 0) {
    return 'unreachable';
  }
  return 'ok';
}
