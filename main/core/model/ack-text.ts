// Whose ack it is, in the words every place uses (the window's rows, the tray, notifications):
// "you" for an ack this install wrote (its ack ledger says so, never the silence's text), else
// the silence's author. An author who calls themselves "you" is not taken at their word.
import type { AlertView, SilenceView } from './view.ts';

type Ack = NonNullable<SilenceView['ack']>;

function author(ack: Ack): string {
  if (ack.mine) return 'you';
  const by = ack.by.trim();
  if (by === '') return 'someone';
  return by.toLowerCase() === 'you' ? `"${by}" (someone else)` : by;
}

/** "acknowledged by you", "acknowledged by you, alice" (several acks: each author once). */
export function acknowledgedBy(acks: readonly Ack[]): string {
  const names = new Set(acks.map(author));
  const you = names.delete('you');
  return `acknowledged by ${[...(you ? ['you'] : []), ...[...names].sort()].join(', ')}`;
}

/** The active acks silencing some alerts (a group's, one alert's), each once. */
/** The active acknowledgements among these silences (an alert's or a group's silencedBy). */
export function acksAmong(
  keys: Iterable<string>,
  silences: Readonly<Record<string, SilenceView>>,
): SilenceView[] {
  const out: SilenceView[] = [];
  for (const key of new Set(keys)) {
    const s = Object.hasOwn(silences, key) ? silences[key] : undefined;
    if (s?.ack && s.state === 'active') out.push(s);
  }
  return out;
}

export function acksOn(
  fingerprints: readonly string[],
  view: {
    alerts: Readonly<Record<string, AlertView>>;
    silences: Readonly<Record<string, SilenceView>>;
  },
): SilenceView[] {
  const seen = new Set<string>();
  const out: SilenceView[] = [];
  for (const fp of fingerprints) {
    for (const key of view.alerts[fp]?.silencedBy ?? []) {
      if (seen.has(key)) continue;
      seen.add(key);
      const s = view.silences[key];
      if (s?.ack && s.state === 'active') out.push(s);
    }
  }
  return out;
}
