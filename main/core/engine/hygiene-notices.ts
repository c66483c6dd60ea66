// Stale-silence hygiene in the core: flags from the view the last merge made (a cycle late at
// most: the thresholds are minutes and days), handed to the merger as silence notes, and each
// flag raised for the first time as a `silence-attention` event. The event goes through the
// notification policy like any other (quiet hours, snooze, the Timeline). `memory`: where the
// clocks and announced flags are kept across restarts (the history file while it is on).
import type { CoreEvent } from '../model/events.ts';
import type { SilenceDefaults } from '../settings/types.ts';
import { SilenceHygiene } from '../silences/hygiene.ts';
import type { HygieneMemory } from '../silences/hygiene-memory.ts';
import type { MergedView, SilenceNotes } from './merge.ts';

export class HygieneNotices {
  readonly #hygiene: SilenceHygiene;
  #notes: SilenceNotes;

  constructor(ackOwner: string, memory?: HygieneMemory) {
    this.#hygiene = new SilenceHygiene(memory);
    this.#notes = { ackOwner, attention: new Map() };
  }

  /** What the merger marks on silences: acks' owner and the flags (a new object on change). */
  get silenceNotes(): SilenceNotes {
    return this.#notes;
  }

  /**
   * Flags from `view`; the events of flags just raised. `inUse`: the merger's count of
   * silence use, of its last result (which is `view`).
   */
  observe(
    view: MergedView,
    now: number,
    s: SilenceDefaults,
    inUse: ReadonlyMap<string, unknown>,
  ): CoreEvent[] {
    const { attention, raised } = this.#hygiene.observe(
      view,
      now,
      {
        unusedAfterMs: s.unusedAfterMin * 60_000,
        longRunningMs: s.longRunningDays * 86_400_000,
      },
      inUse,
    );
    if (attention !== this.#notes.attention) this.#notes = { ...this.#notes, attention };
    const events: CoreEvent[] = [];
    for (const r of raised) {
      const silence = view.silences[r.silenceKey];
      if (!silence) continue;
      events.push({
        type: 'silence-attention',
        silenceKey: r.silenceKey,
        clusterId: silence.clusterId,
        attention: r.attention,
      });
    }
    return events;
  }
}
