// Acknowledge a multi-selection: each selected group and alert gets its own acknowledgement
// (the same 'silences:acknowledge' the row's Ack button uses, so each is tended and ends on
// its own as its alerts resolve), one request after another, and one toast says what was done,
// what was already acknowledged by you (not acknowledged twice) and what failed, by name.
import type { BridgeApi } from '$core/bridge/contract.ts';
import { acksOn } from '$core/model/ack-text.ts';
import type { SelectionItem } from '$core/model/selection-plan.ts';
import type { AlertView, GroupView, SilenceView } from '$core/model/view.ts';
import { errorMessage } from '../app/errors.ts';
import type { Flash } from '../app/notifications.svelte.ts';

interface AckView {
  groups: Readonly<Record<string, GroupView>>;
  alerts: Readonly<Record<string, AlertView>>;
  silences: Readonly<Record<string, SilenceView>>;
}

function nameOf(item: SelectionItem, view: AckView): string {
  if ('groupKey' in item) {
    const g = view.groups[item.groupKey];
    return (g && Object.values(g.labels).join(' / ')) || 'group';
  }
  return view.alerts[item.fingerprint]?.labels['alertname'] || 'alert';
}

function fingerprintsOf(item: SelectionItem, view: AckView): string[] {
  return 'groupKey' in item ? (view.groups[item.groupKey]?.alerts ?? []) : [item.fingerprint];
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
  view: AckView;
  items: readonly SelectionItem[];
  flash: (message: Flash) => void;
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
  for (const item of o.items) {
    const name = nameOf(item, o.view);
    const fps = fingerprintsOf(item, o.view);
    // Every alert of it already under an ack of yours: a second one would only add noise.
    if (fps.length > 0 && fps.every((fp) => acksOn([fp], o.view).some((s) => s.ack?.mine))) {
      already.push(name);
      continue;
    }
    try {
      const results = await o.bridge['silences:acknowledge'](item);
      firstKey ??= results[0]?.silenceKey;
      done.push(name);
    } catch (e) {
      failed.push(`${name} (${errorMessage(e)})`);
    }
  }
  const parts = [
    done.length ? `Acknowledged ${done.length}: ${list(done)}, until resolved.` : '',
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
