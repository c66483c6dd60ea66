// Comments typed in a silence form that closed without a silence (one Esc, often pressed to
// dismiss a toast or out of habit): kept for a while per alert or group, and given back when the
// form opens for it again, instead of the words being lost. In memory only: a restart drops them.

/** How long an unsent comment is given back. */
const KEEP_MS = 30 * 60_000;
/** Forms kept at most (the oldest go first). */
const MAX = 50;

export class UnsentComments {
  readonly #kept = new Map<string, { comment: string; at: number }>();
  readonly #now: () => number;

  constructor(now: () => number = () => Date.now()) {
    this.#now = now;
  }

  /** Keeps `comment` for `target` (a form for the same alert or group); blank drops it. */
  keep(target: string, comment: string): void {
    this.#kept.delete(target);
    if (comment.trim() === '') return;
    this.#kept.set(target, { comment, at: this.#now() });
    for (const key of this.#kept.keys()) {
      if (this.#kept.size <= MAX) break;
      this.#kept.delete(key);
    }
  }

  /** The comment kept for `target` and taken back (undefined when none or too old). */
  take(target: string): string | undefined {
    const kept = this.#kept.get(target);
    this.#kept.delete(target);
    return kept && this.#now() - kept.at <= KEEP_MS ? kept.comment : undefined;
  }
}
