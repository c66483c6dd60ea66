// Which silences let an alert go when it fires again (an `alert-unsuppressed` event): an ack
// that ran out while nobody tended it (the app asleep, ackMaxHours reached), a silence that
// expired or was expired by someone, or silences a cluster no longer lists (both HA peers
// restarted without their state). Such an alert is news even though its firing episode was
// notified before: the user had handed it over and it is back (policy/notify.ts). An alert
// that was only inhibited or muted is not: nobody chose to stop hearing about it.
import type { Lapsed } from '../model/events.ts';
import type { AlertView, ViewSnapshot } from '../model/view.ts';

export function lapsedOf(
  before: AlertView | undefined,
  clusterId: string,
  prev: ViewSnapshot | undefined,
  next: ViewSnapshot,
  left: LeftSilences,
): Lapsed | undefined {
  const keys = before?.statusByCluster[clusterId]?.silencedBy;
  if (!keys || keys.length === 0) return undefined;
  let ack = false;
  let gone = true;
  for (const key of keys) {
    const was = prev && Object.hasOwn(prev.silences, key) ? prev.silences[key] : undefined;
    if (was ? !!was.ack : left.wasAck(key)) ack = true;
    if (Object.hasOwn(next.silences, key)) gone = false;
  }
  return { kind: ack ? 'ack' : 'silence', keys: [...keys], gone };
}

/** How long a silence that left the view is remembered (its alerts may follow a poll later). */
const LEFT_TTL_MS = 15 * 60_000;
const LEFT_MAX = 5_000;

/**
 * Silences that left the view lately, and whether each was an ack. After both HA peers
 * restarted without their state, the silences went a poll before the alerts they held came
 * back active (the restart hold kept those a while): the ack, no longer in `prev`, was called
 * "silence lost".
 */
export class LeftSilences {
  /** Silence key -> [was an ack, when it left] (insertion order = age order). */
  readonly #left = new Map<string, [boolean, number]>();

  /** Called with every pair of consecutive views; cheap when the silences did not change. */
  follow(prev: ViewSnapshot | undefined, next: ViewSnapshot, nowMs: number): void {
    if (prev && prev.silences !== next.silences) {
      for (const key in prev.silences) {
        if (Object.hasOwn(next.silences, key)) continue;
        this.#left.delete(key);
        this.#left.set(key, [!!prev.silences[key]?.ack, nowMs]);
      }
    }
    for (const [key, [, at]] of this.#left) {
      if (this.#left.size <= LEFT_MAX && nowMs - at <= LEFT_TTL_MS) break;
      this.#left.delete(key);
    }
  }

  wasAck(key: string): boolean {
    return this.#left.get(key)?.[0] ?? false;
  }
}

/** How long a silence the user ended here explains the alerts it lets go (a few polls). */
const USER_END_TTL_MS = 10 * 60_000;
/** Bound on what is remembered (a bulk undo is a few hundred at most). */
const USER_END_MAX = 2_000;

/**
 * Silences the user ended from this app (expired, undone, edited into a new one): the alerts
 * they let go fire again because of the user, who is looking at them, so that is no news.
 */
export class UserEnds {
  /** Silence key -> when it was ended here (insertion order = age order). */
  readonly #at = new Map<string, number>();

  mark(keys: readonly string[], nowMs: number): void {
    for (const key of keys) {
      this.#at.delete(key);
      this.#at.set(key, nowMs);
    }
    this.#prune(nowMs);
  }

  /** Every silence that held the alert was ended here, lately. */
  explains(lapsed: Lapsed, nowMs: number): boolean {
    this.#prune(nowMs);
    return lapsed.keys.every((k) => this.#at.has(k));
  }

  #prune(nowMs: number): void {
    for (const [key, at] of this.#at) {
      if (this.#at.size <= USER_END_MAX && nowMs - at <= USER_END_TTL_MS) break;
      this.#at.delete(key);
    }
  }
}
