// Stale-silence hygiene in the core: flags from the view the last merge made (a cycle late at
// most: the thresholds are minutes and days), handed to the merger with the silence notes, and each
// flag raised for the first time as a `silence-attention` event. The event goes through the
// notification policy like any other (quiet hours, snooze, the Timeline). `memory`: where the
// clocks and announced flags are kept across restarts (the history file while it is on).
import type { CoreEvent } from '../model/events.ts';
import type { SilenceDefaults } from '../settings/types.ts';
import { SilenceHygiene } from '../silences/hygiene.ts';
import type { HygieneMemory } from '../silences/hygiene-memory.ts';
import type { SilenceAttention } from '../model/view.ts';
import type { MergedView } from './merge.ts';

export class HygieneNotices {
  readonly #hygiene: SilenceHygiene;
  #attention: ReadonlyMap<string, SilenceAttention> = new Map();

  constructor(memory?: HygieneMemory) {
    this.#hygiene = new SilenceHygiene(memory);
  }

  /** The flags the merger marks on silences (a new object on change). */
  get attention(): ReadonlyMap<string, SilenceAttention> {
    return this.#attention;
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
    this.#attention = attention;
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
