// Acknowledgements: "I am on it, stop telling me until it resolves". An ack is a silence,
// recognisable by its comment (the `ACK!` prefix that kthxbye and karma users already know)
// and, on servers that keep silence annotations (0.32+), by an annotation. It is written short
// (settings.silences.ackMinutes) and the app that made it extends it while any alert it
// matches still fires, and expires it once none does. It is never extended past
// ackMaxHours from its start. If the app stops (asleep, quit), nobody extends it and it lapses
// by itself within its short duration: alerts come back rather than stay hidden by an ack
// nobody tends. Which acks are this install's is never read from the silence (its comment and
// annotation are readable and copyable by anyone who can list silences): the install keeps the
// ids it wrote in its ack ledger (ack-ledger.ts), and a restart picks its acks up from there.
import type { LabelSet } from '../api/types.ts';
import { evaluateAlert } from '../matchers/evaluate.ts';
import type { MergedView, SilenceView } from '../model/view.ts';
import { valuesOf } from '../model/record-values.ts';

/** The comment prefix of an acknowledgement (kthxbye's default `-extend-with-prefix`). */
export const ACK_PREFIX = 'ACK!';
/**
 * Annotation naming the app install that wrote the ack (servers with annotations). Written for
 * other tools; never read to decide whose an ack is.
 */
export const ACK_ANNOTATION = 'alertmanager-tray/ack-owner';

export interface AckInfo {
  /** Who acknowledged (the silence's author). */
  by: string;
  /** This app install wrote it (its ledger has the id) and tends it (extends and expires it). */
  mine: boolean;
}

/** The comment of a new ack: the convention prefix, the user's note, our (informative) tag. */
export function ackComment(note: string, owner: string): string {
  const text = note.trim().replace(/\s+/g, ' ');
  return `${ACK_PREFIX} ${text === '' ? 'Acknowledged until resolved' : text} [tray-ack:${owner}]`;
}

/** Annotations of a new ack, for servers that keep them. */
export function ackAnnotations(owner: string): LabelSet {
  return { [ACK_ANNOTATION]: owner };
}

/**
 * Whether a silence is an ack, and whose; undefined for ordinary silences. `mine`: the keys of
 * this install's ack ledger (a tag in the comment proves nothing).
 */
export function ackOf(
  s: Pick<SilenceView, 'key' | 'comment' | 'createdBy' | 'annotations'>,
  mine: ReadonlySet<string>,
): AckInfo | undefined {
  if (!s.comment.startsWith(ACK_PREFIX) && s.annotations?.[ACK_ANNOTATION] === undefined) {
    return undefined;
  }
  return { by: s.createdBy, mine: mine.has(s.key) };
}

/** A stable tag for the comment that does not reveal host or user names (informative only). */
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
 * missing data is never "resolved". `mine`: in this install's ledger; a silence that merely
 * carries our tag is never touched, nor its matchers even evaluated.
 */
export function planAcks(
  view: Pick<MergedView, 'silences' | 'alerts' | 'clusters'>,
  mine: (silenceKey: string) => boolean,
  now: number,
  policy: AckPolicy,
): AckStep[] {
  const steps: AckStep[] = [];
  const tended: SilenceView[] = [];
  for (const key in view.silences) {
    const s = view.silences[key]!;
    if (s.state !== 'active' || !s.ack?.mine) continue;
    // The ledger again: the view's flag is of the ledger the merge was given.
    if (!mine(s.key)) continue;
    const cluster = view.clusters[s.clusterId];
    if (!cluster || cluster.stale || cluster.health !== 'ok') continue;
    tended.push(s);
  }
  if (tended.length === 0) return steps;
  const byCluster = new Map<string, LabelSet[]>();
  for (const a of valuesOf(view.alerts)) {
    for (const c of a.clusters) {
      let list = byCluster.get(c);
      if (!list) byCluster.set(c, (list = []));
      list.push(a.labels);
    }
  }
  for (const s of tended) {
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
