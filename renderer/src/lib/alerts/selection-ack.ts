// Acknowledge a multi-selection: each selected group and alert gets its own acknowledgement
// (the same 'silences:acknowledge' the row's Ack button uses, so each is tended and ends on
// its own as its alerts resolve), one request after another, and one toast says what was done,
// what was already acknowledged by you (not acknowledged twice) and what failed, by name.
import type { BridgeApi } from '$core/bridge/contract.ts';
import { acksAmong } from '$core/model/ack-text.ts';
import type { SelectionItem } from '$core/model/selection-plan.ts';
import type { SilenceView } from '$core/model/view.ts';
import type { ItemInfo } from './selection-items.ts';
import { errorMessage } from '../app/errors.ts';
import type { Flash } from '../app/notifications.svelte.ts';
import { onAlertmanagers } from '../app/on-alertmanagers.ts';

/** Every alert of it already under an ack of yours (a group says so from the core). */
function ackedByMe(info: ItemInfo, silences: Readonly<Record<string, SilenceView>>): boolean {
  if (info.allAckedByMe !== undefined) return info.allAckedByMe;
  return acksAmong(info.silencedBy, silences).some((s) => s.ack?.mine);
}

const list = (names: string[]) =>
  names.length <= 4
    ? names.join(', ')
    : `${names.slice(0, 4).join(', ')} and ${names.length - 4} more`;

/** Each ack is a silence of its own: more than this at once is a silence's job. */
const MAX_ACKS = 100;

/** Acknowledges every item; true when none failed. */
export async function acknowledgeSelection(o: {
  bridge: Pick<BridgeApi, 'silences:acknowledge'>;
  silences: Readonly<Record<string, SilenceView>>;
  /** What each item's row said of it when it was selected. */
  info: (item: SelectionItem) => ItemInfo | undefined;
  items: readonly SelectionItem[];
  flash: (message: Flash) => void;
  /** A cluster's name as the window shows it: the toast says where the acks went. */
  clusterLabel: (clusterId: string) => string;
}): Promise<boolean> {
  if (o.items.length > MAX_ACKS) {
    o.flash({
      title: 'Too many to acknowledge',
      body: `${o.items.length} rows are selected; acknowledge at most ${MAX_ACKS} at once (each is its own silence). Use Silence… for the selection instead.`,
    });
    return false;
  }
  const done: string[] = [];
  const already: string[] = [];
  const failed: string[] = [];
  let firstKey: string | undefined;
  const clusters: string[] = [];
  for (const item of o.items) {
    const info = o.info(item);
    const name = info?.name ?? ('groupKey' in item ? 'group' : 'alert');
    // Every alert of it already under an ack of yours: a second one would only add noise.
    if (info && ackedByMe(info, o.silences)) {
      already.push(name);
      continue;
    }
    try {
      const results = await o.bridge['silences:acknowledge'](item);
      firstKey ??= results[0]?.silenceKey;
      clusters.push(...results.map((r) => r.clusterId));
      done.push(name);
    } catch (e) {
      failed.push(`${name} (${errorMessage(e)})`);
    }
  }
  const parts = [
    done.length
      ? `Acknowledged ${done.length} ${onAlertmanagers(clusters, o.clusterLabel)}: ${list(done)}, until resolved.`
      : '',
    already.length ? `Already acknowledged by you: ${list(already)}.` : '',
    failed.length ? `Failed: ${list(failed)}.` : '',
  ].filter((p) => p !== '');
  o.flash({
    title: failed.length ? 'Acknowledge failed for some' : 'Acknowledged',
    body: parts.join(' '),
    ...(firstKey ? { silenceKey: firstKey } : {}),
  });
  return failed.length === 0;
}
