// The `a` key: acknowledge the selected group or alert, as its Ack button does (a short ack
// silence the core tends until the alerts resolve). One this install already acknowledged
// says so instead of writing a second ack over its own.
import { acksAmong } from '$core/model/ack-text.ts';
import type { SilenceView } from '$core/model/view.ts';
import type { QuickFrom } from '$core/bridge/contract.ts';
import type { Flash } from '../app/notifications.svelte.ts';
import type { ListRow as Row } from '$core/list/list-query.ts';
import { silenceRequestFor } from './silence-request.ts';

interface AckStore {
  view: { silences: Readonly<Record<string, SilenceView>> };
  silences: { acknowledge(from: QuickFrom, what: string): Promise<void> };
  notifications: { flash(message: Flash): void };
}

/** Acknowledges the row; false when there is nothing to acknowledge (no row, a section). */
export function ackRow(row: Row | null, store: AckStore): boolean {
  if (!row || row.kind === 'section') return false;
  const what =
    row.kind === 'group'
      ? Object.values(row.group.labels).join(' / ') || 'group'
      : (row.alert.labels['alertname'] ?? 'alert');
  const on = row.kind === 'group' ? row.silencedBy : row.alert.silencedBy;
  if (acksAmong(on, store.view.silences).some((s) => s.ack?.mine)) {
    store.notifications.flash({ title: 'Already acknowledged', body: `${what}: by you.` });
    return true;
  }
  // The same group or alert (in the same cluster) that `s` would silence.
  const request = silenceRequestFor(row);
  const from = request.mode === 'create' ? request.from : undefined;
  if (!from) return false;
  void store.silences.acknowledge(from, what);
  return true;
}
