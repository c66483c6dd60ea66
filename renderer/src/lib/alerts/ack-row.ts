// The `a` key: acknowledge the selected group or alert, as its Ack button does (a short ack
// silence the core tends until the alerts resolve). One this install already acknowledged
// says so instead of writing a second ack over its own.
import { acksAmong } from '$core/model/ack-text.ts';
import type { SilenceView } from '$core/model/view.ts';
import type { QuickFrom } from '$core/bridge/contract.ts';
import type { Flash } from '../app/notifications.svelte.ts';
import type { ListRow as Row } from '$core/list/list-query.ts';
import { silenceRequestFor } from './silence-request.ts';
import { alertWhat, groupWhat } from './row-what.ts';

interface AckStore {
  view: { silences: Readonly<Record<string, SilenceView>> };
  silences: { acknowledge(from: QuickFrom, what: string, onUndo?: () => void): Promise<void> };
  notifications: { flash(message: Flash): void };
}

/**
 * Acknowledges the row; false when there is nothing to acknowledge (no row, a section).
 * `onUndo` runs if the ack is undone.
 */
export function ackRow(row: Row | null, store: AckStore, onUndo?: () => void): boolean {
  if (!row || row.kind === 'section') return false;
  const what = row.kind === 'group' ? groupWhat(row) : alertWhat(row);
  // A group is acknowledged when every one of its alerts is: one alert's ack among its
  // silences made `a` on the group say "Already acknowledged" and do nothing.
  const already =
    row.kind === 'group'
      ? row.allAckedByMe
      : acksAmong(row.alert.silencedBy, store.view.silences).some((s) => s.ack?.mine);
  if (already) {
    store.notifications.flash({ title: 'Already acknowledged', body: `${what}: by you.` });
    return true;
  }
  // The same group or alert (in the same cluster) that `s` would silence.
  const request = silenceRequestFor(row);
  const from = request.mode === 'create' ? request.from : undefined;
  if (!from) return false;
  void store.silences.acknowledge(from, what, onUndo);
  return true;
}
