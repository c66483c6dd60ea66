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
  silences: { acknowledge(from: QuickFrom, what: string, onUndo?: () => void): Promise<void> };
  notifications: { flash(message: Flash): void };
}

/** Labels an alert's name is followed by: what tells it from its group's others. */
const TELLING = 2;
const clip = (v: string, n = 40) => (v.length > n ? `${v.slice(0, n - 1)}…` : v);

/**
 * What the toast calls an alert: its name and the first labels its group does not share
 * ("HighErrorRate (service=cart)"). The name alone read the same for every alert of a group,
 * so `a` on two of them said the same thing twice.
 */
function alertWhat(row: Extract<Row, { kind: 'alert' }>): string {
  const labels = row.alert.labels;
  const name = labels['alertname'] ?? 'alert';
  const telling = Object.entries(labels)
    .filter(([k, v]) => k !== 'alertname' && row.groupCommon[k] !== v)
    .slice(0, TELLING)
    .map(([k, v]) => `${clip(k, 30)}=${clip(v)}`);
  return telling.length > 0 ? `${name} (${telling.join(', ')})` : name;
}

/**
 * Acknowledges the row; false when there is nothing to acknowledge (no row, a section).
 * `onUndo` runs if the ack is undone.
 */
export function ackRow(row: Row | null, store: AckStore, onUndo?: () => void): boolean {
  if (!row || row.kind === 'section') return false;
  const what =
    row.kind === 'group' ? Object.values(row.group.labels).join(' / ') || 'group' : alertWhat(row);
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
