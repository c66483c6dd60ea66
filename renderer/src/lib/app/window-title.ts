// The window's title (also the browser tab's and the task bar's): what fires, most urgent
// first, then that data is missing, then that notifications are held ("quiet until 07:00",
// core/model/quiet-hours.ts). Read at a glance like the tray icon.
import { displaySeverityRank } from '$core/model/severity-order.ts';
import type { ClusterView, Summary } from '$core/model/view.ts';
import { pipelineSilentText } from '$core/model/pipeline-text.ts';
import { severityBucketName } from '$core/model/severity-bucket.ts';

export const APP_NAME = 'Alertmanager Tray';

export function windowTitle(
  summary: Summary | null,
  order: readonly string[],
  quiet: string | null = null,
  clusters: Readonly<Record<string, Pick<ClusterView, 'name'>>> = {},
): string {
  const parts: string[] = [];
  if (!summary) return quiet ? `${quiet} — ${APP_NAME}` : APP_NAME;
  const bySeverity = Object.entries(summary.bySeverity)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => displaySeverityRank(a, order) - displaySeverityRank(b, order))
    .map(([sev, n]) => `${n} ${severityBucketName(sev)}`);
  if (bySeverity.length > 0) parts.push(bySeverity.join(', '));
  const pipeline = pipelineSilentText(summary, clusters);
  if (pipeline) parts.push(pipeline);
  const missing = summary.missingData.length;
  if (missing > 0) parts.push(`no data from ${missing} instance${missing === 1 ? '' : 's'}`);
  const degraded = summary.degradedClusters.length;
  if (degraded > 0) parts.push(`${degraded} cluster${degraded === 1 ? '' : 's'} degraded`);
  if (quiet) parts.push(quiet);
  return parts.length > 0 ? `${parts.join(' · ')} — ${APP_NAME}` : APP_NAME;
}
