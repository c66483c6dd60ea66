// Why an alert's data is last known, in the words of its "stale data" badge: its Alertmanagers
// do not answer, or one answers but restarted and lost its alerts (they live in its memory
// only) until Prometheus sends them again (main/core/engine/restart-hold.ts).
import type { InstanceView } from '$core/model/view.ts';

export function staleReason(
  instanceIds: readonly string[],
  instances: Readonly<Record<string, InstanceView | undefined>>,
  formatTime: (iso: string) => string,
): string {
  const names = instanceIds.map((id) => instances[id]?.name ?? id).join(', ');
  const restarted = instanceIds
    .map((id) => instances[id])
    .filter((i) => i?.health === 'ok' && i.restartedAt !== undefined);
  if (restarted.length > 0 && restarted.length === instanceIds.length) {
    const at = restarted[0]!.restartedAt!;
    return (
      `Last known from ${names} before it restarted (${formatTime(at)}): Alertmanager keeps ` +
      'alerts in memory only, so it lists this one again when Prometheus sends it (within a ' +
      'few minutes while it still fires). Kept until then or its end time, never read as resolved.'
    );
  }
  return `Last known from ${names}, not answering now: it stays until its end time or an answer says otherwise.`;
}
