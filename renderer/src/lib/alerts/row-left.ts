// Why the cursor row left the list on its own (resolved, or silenced or acknowledged from
// somewhere else), in one toast. Its detail closes so the pane never switches alerts under the
// reader's eyes; before, the pane and the cursor just vanished and nothing said why (a
// walk-through's TargetDown resolved while the engineer read it). What the user did from this
// window says so itself (an ack's or a silence's toast): an ack of theirs is not told again.
import type { BridgeApi } from '$core/bridge/contract.ts';
import type { ListRow } from '$core/list/list-query.ts';
import type { SilenceView } from '$core/model/view.ts';
import { alertStateNow } from '../notifications/notification-state.ts';

export interface RowLeft {
  title: string;
  body: string;
}

/** What to say of `row` having left; null when it is the user's own doing or not a row. */
export async function whyRowLeft(
  row: ListRow,
  name: string,
  bridge: Pick<BridgeApi, 'list:alert'>,
  silences: () => Readonly<Record<string, SilenceView>>,
): Promise<RowLeft | null> {
  const next = 'j goes on from its place.';
  if (row.kind === 'group')
    return { title: `${name} left the list`, body: `None of its alerts is shown now. ${next}` };
  if (row.kind !== 'alert') return null;
  let alert;
  try {
    alert = await bridge['list:alert'](row.alert.fingerprint);
  } catch {
    return { title: `${name} left the list`, body: next };
  }
  const now = alertStateNow(alert, row.clusterId, silences());
  if (now.kind === 'firing') {
    // Still firing: the filter no longer shows it (its labels or state changed).
    return { title: `${name} left the list`, body: `It no longer matches the filter. ${next}` };
  }
  if (now.text === 'acknowledged by you') return null;
  const why = now.kind === 'gone' ? 'resolved (not firing now)' : now.text;
  return { title: `${name}: ${why}`, body: `It left the list. ${next}` };
}
