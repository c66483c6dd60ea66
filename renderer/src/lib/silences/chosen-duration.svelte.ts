// The duration the user chose in the silence form (a preset, or typed as Alertmanager writes
// it: `2h`, `1d4h`, `90m`, `1w`), kept exact. The inputs hold local minutes; a chosen
// duration is sent to the millisecond: start (now, when the shown start has passed) plus the
// duration. Editing the end by hand drops it (the end is then what the input says).
// The field always shows the duration that will be used, written as it is read back
// (writeDuration): an empty field while a default applied left the user guessing what is sent.
import { parseDuration, writeDuration } from '$core/model/duration.ts';
import { exactRange } from './time-range.ts';

export class ChosenDuration {
  #text = $state('');
  #ms = $state<number | null>(null);
  #error = $state<string | null>(null);
  /** The end input the duration produced: while the input still says it, the duration holds. */
  #endInput = '';

  get text(): string {
    return this.#text;
  }
  get error(): string | null {
    return this.#error;
  }
  get ms(): number | null {
    return this.#ms;
  }

  /**
   * Reads typed text: the duration in ms to apply, or null (empty, or an error to show at
   * the field).
   */
  read(text: string): number | null {
    this.#text = text;
    if (text.trim() === '') {
      this.#error = null;
      return null;
    }
    const ms = parseDuration(text);
    if (ms === null || ms <= 0) {
      this.#error =
        ms === 0
          ? 'A silence must last longer than 0.'
          : `"${text.trim().slice(0, 40)}" is not a duration: write it as 2h, 1d4h, 90m or 1w.`;
      return null;
    }
    this.#error = null;
    return ms;
  }

  /**
   * A duration was applied and produced this end input. The field shows `text` (a preset's
   * label), else what was typed when it still reads as this duration, else the duration
   * written out (a default or a remembered one, never an empty field).
   */
  chose(ms: number, endInput: string, text?: string): void {
    this.#ms = ms;
    this.#endInput = endInput;
    if (text !== undefined || parseDuration(this.#text) !== ms) {
      this.#text = text ?? writeDuration(ms);
      this.#error = null;
    }
  }

  /**
   * The end was edited by hand: no duration holds any more, and the field shows the range the
   * end now makes (`rangeMs`, empty while it is not one) rather than a duration not sent.
   */
  showRange(rangeMs: number | null): void {
    this.#ms = null;
    this.#text = rangeMs === null ? '' : writeDuration(rangeMs);
    this.#error = null;
  }

  /**
   * The field lost focus: left empty, it shows again the duration still in use (`fallbackMs`
   * when none was chosen), so an empty field never hides what will be sent.
   */
  settle(fallbackMs: number | null = null): void {
    const ms = this.#ms ?? fallbackMs;
    if (this.#text.trim() === '' && ms !== null) this.#text = writeDuration(ms);
  }

  /** Whether a duration holds: one was chosen and the end input still says its end. */
  holds(endInput: string): boolean {
    return this.#ms !== null && endInput === this.#endInput;
  }

  /**
   * The exact instants to send when a duration holds and the end input is still its own:
   * the start as shown, or now when that has passed (the server would move it to now), plus
   * the duration to the millisecond. Null otherwise.
   */
  exact(
    startsAt: string | null,
    endInput: string,
    now: number,
  ): { startsAt: string; endsAt: string } | null {
    if (this.#ms === null || !this.holds(endInput)) return null;
    return exactRange(startsAt, this.#ms, now);
  }
}
