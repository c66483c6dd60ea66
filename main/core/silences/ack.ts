// Acknowledgements: "I am on it, stop telling me until it resolves". An ack is a silence,
// recognisable by its comment (the `ACK!` prefix that kthxbye and karma users already know)
// and, on servers that keep silence annotations (0.32+), by an annotation. It is written short
// (settings.silences.ackMinutes) and the app that made it extends it while any alert it
// matches still fires, and expires it once none does. It is never extended past
// ackMaxHours from its start. If the app stops (asleep, quit), nobody extends it and it lapses
// by itself within its short duration: alerts come back rather than stay hidden by an ack
// nobody tends. All state is the silence on the server, so a restart picks its acks up again.
import type { LabelSet } from '../api/types.ts';
import { evaluateAlert } from '../matchers/evaluate.ts';
import type { MergedView, SilenceView } from '../model/view.ts';

/** The comment prefix of an acknowledgement (kthxbye's default `-extend-with-prefix`). */
export const ACK_PREFIX = 'ACK!';
/** Annotation naming the app install that tends the ack (servers with annotations). */
export const ACK_ANNOTATION = 'alertmanager-tray/ack-owner';

const OWNER_TAG = /\[tray-ack:([0-9a-z]{1,32})\]\s*$/;

export interface AckInfo {
  /** Who acknowledged (the silence's author). */
  by: string;
  /** This app install tends it (extends and expires it). */
  own: boolean;
}

/** The comment of a new ack: the convention prefix, the user's note, our owner tag. */
export function ackComment(note: string, owner: string): string {
  const text = note.trim().replace(/\s+/g, ' ');
  return `${ACK_PREFIX} ${text === '' ? 'Acknowledged until resolved' : text} [tray-ack:${owner}]`;
}

/** Annotations of a new ack, for servers that keep them. */
export function ackAnnotations(owner: string): LabelSet {
  return { [ACK_ANNOTATION]: owner };
}

/** Whether a silence is an ack, and whose; undefined for ordinary silences. */
export function ackOf(
  s: Pick<SilenceView, 'comment' | 'createdBy' | 'annotations'>,
  owner: string,
): AckInfo | undefined {
  const annotated = s.annotations?.[ACK_ANNOTATION];
  if (!s.comment.startsWith(ACK_PREFIX) && annotated === undefined) return undefined;
  const tagged = OWNER_TAG.exec(s.comment)?.[1];
  return { by: s.createdBy, own: (annotated ?? tagged) === owner };
}

/** A stable, non-identifying owner tag from whatever identifies this install. */
export function ownerTag(...parts: string[]): string {
  // FNV-1a over the parts: short, stable, and it does not reveal host or user names.
  let h = 0x811c9dc5;
  for (const ch of parts.join('\u0000')) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}

export interface AckPolicy {
  /** Length of each extension (and of the first silence). */
  durationMs: number;
  /** Never extended past startsAt + maxMs. */
  maxMs: number;
}

export type AckStep =
  { kind: 'extend'; silenceKey: string; endsAt: string } | { kind: 'expire'; silenceKey: string };

/**
 * What to do with this install's acks given the view: extend those whose alerts still fire
 * once less than half their duration is left (a missed cycle or two never lets one lapse);
 * expire those whose alerts have all resolved. Clusters with no fresh data are left alone:
 * missing data is never "resolved".
 */
export function planAcks(
  view: Pick<MergedView, 'silences' | 'alerts' | 'clusters'>,
  owner: string,
  now: number,
  policy: AckPolicy,
): AckStep[] {
  const steps: AckStep[] = [];
  const mine: SilenceView[] = [];
  for (const key in view.silences) {
    const s = view.silences[key]!;
    if (s.state !== 'active' || !s.ack?.own) continue;
    // ackOf again: the view's flag is computed with the owner the merge was given.
    if (!ackOf(s, owner)?.own) continue;
    const cluster = view.clusters[s.clusterId];
    if (!cluster || cluster.stale || cluster.health !== 'ok') continue;
    mine.push(s);
  }
  if (mine.length === 0) return steps;
  const byCluster = new Map<string, LabelSet[]>();
  for (const fp in view.alerts) {
    const a = view.alerts[fp]!;
    for (const c of a.clusters) {
      let list = byCluster.get(c);
      if (!list) byCluster.set(c, (list = []));
      list.push(a.labels);
    }
  }
  for (const s of mine) {
    // 'unknown' (over the matching budget) counts as firing: an ack is never expired on a guess.
    const firing = (byCluster.get(s.clusterId) ?? []).some(
      (l) => evaluateAlert(s.matchers, l) !== 'no-match',
    );
    if (!firing) {
      steps.push({ kind: 'expire', silenceKey: s.key });
      continue;
    }
    const start = Date.parse(s.startsAt);
    const end = Date.parse(s.endsAt);
    const cap = start + policy.maxMs;
    if (end - now > policy.durationMs / 2) continue;
    const next = Math.min(now + policy.durationMs, cap);
    // At the cap: left to lapse (the alerts come back, someone looks again).
    if (next <= end + 1000) continue;
    steps.push({ kind: 'extend', silenceKey: s.key, endsAt: new Date(next).toISOString() });
  }
  return steps;
}
