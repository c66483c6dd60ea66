// Why the cursor row left the list on its own (resolved, or silenced or acknowledged from
// somewhere else), in one toast. Its detail closes so the pane never switches alerts under the
// reader's eyes; before, the pane and the cursor just vanished and nothing said why (a
// walk-through's TargetDown resolved while the engineer read it). It names the alert as the ack
// toasts do (its telling labels and its Alertmanager: "DiskFull: resolved" did not say which of
// two), and a silence by whom, until when and why. What the user did from this window says so
// itself (an ack's or a silence's toast): an ack of theirs is not told again.
import type { BridgeApi } from '$core/bridge/contract.ts';
import type { ListRow } from '$core/list/list-query.ts';
import type { SilenceView } from '$core/model/view.ts';
import { formatTime } from '../format/time.ts';
import { alertStateNow } from '../notifications/notification-state.ts';
import { alertWhat, groupWhat } from './row-what.ts';

export interface RowLeft {
  title: string;
  body: string;
}

export interface RowLeftContext {
  bridge: Pick<BridgeApi, 'list:alert'>;
  silences: () => Readonly<Record<string, SilenceView>>;
  /** An Alertmanager (cluster) by the name the window shows. */
  clusterLabel: (clusterId: string) => string;
  now: () => number;
}

/** What to say of `row` having left; null when it is the user's own doing or not a row. */
export async function whyRowLeft(row: ListRow, c: RowLeftContext): Promise<RowLeft | null> {
  const next = 'j goes on from its place.';
  if (row.kind === 'group')
    return {
      title: `Left the list: ${groupWhat(row)}`,
      body: `None of its alerts is shown now. ${next}`,
    };
  if (row.kind !== 'alert') return null;
  const what = `${alertWhat(row)} on ${c.clusterLabel(row.clusterId)}`;
  let alert;
  try {
    alert = await c.bridge['list:alert'](row.alert.fingerprint);
  } catch {
    return { title: `Left the list: ${what}`, body: next };
  }
  const silences = c.silences();
  const now = alertStateNow(alert, row.clusterId, silences);
  if (now.kind === 'firing') {
    // Still firing: the filter no longer shows it (its labels or state changed).
    return { title: `Left the list: ${what}`, body: `It no longer matches the filter. ${next}` };
  }
  if (now.text === 'acknowledged by you') return null;
  // Why first: a toast is one line, and "…on staging: resol…" hid the word that mattered.
  let why = now.kind === 'gone' ? 'Resolved' : capitalized(now.text);
  let comment = '';
  if (now.text === 'silenced' && alert) {
    const here = alert.statusByCluster[row.clusterId] ?? alert;
    const s = here.silencedBy.map((k) => silences[k]).find((x) => x !== undefined);
    if (s) {
      why = `Silenced by ${s.createdBy} until ${formatTime(s.endsAt, c.now())}`;
      comment = s.comment.length > 80 ? `${s.comment.slice(0, 79)}…` : s.comment;
    }
  }
  return {
    title: `${why}: ${what}`,
    body: `${comment ? `"${comment}". ` : ''}It left the list. ${next}`,
  };
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
