// Tends this install's acknowledgements after each merge (silences/ack.ts decides): extends an
// ack while its alerts fire, expires it once they resolved. Only acks in the install's ledger
// (ack-ledger.ts) are tended, and a renewal's new id replaces the old one there. One round at
// a time; a failed step is retried on the next cycle (the ack's short duration bounds harm).
import type { Clock } from '../service.ts';
import { planAcks } from '../silences/ack.ts';
import type { AckLedger } from '../silences/ack-ledger.ts';
import type { SilenceActions } from '../silences/actions.ts';
import type { SilenceDefaults } from '../settings/types.ts';
import type { MergedView } from './merge.ts';

export interface AckTendingOptions {
  clock: Clock;
  /** The acks this install wrote. */
  ledger: AckLedger;
  actions: Pick<SilenceActions, 'extend' | 'expire'>;
}

export class AckTending {
  readonly #o: AckTendingOptions;
  #tending = false;

  constructor(o: AckTendingOptions) {
    this.#o = o;
  }

  /** Runs the steps the view calls for (none while a previous round still runs). */
  async tend(view: MergedView, s: SilenceDefaults): Promise<void> {
    if (this.#tending) return;
    const { ledger } = this.#o;
    ledger.prune(view);
    const steps = planAcks(view, (key) => ledger.has(key), this.#o.clock.now(), {
      durationMs: s.ackMinutes * 60_000,
      maxMs: s.ackMaxHours * 3_600_000,
    });
    if (steps.length === 0) return;
    this.#tending = true;
    try {
      for (const step of steps) {
        try {
          if (step.kind === 'extend') {
            const { silenceKey, endsAt } = step;
            await ledger.follow(silenceKey, () => this.#o.actions.extend(silenceKey, endsAt));
          } else {
            await this.#o.actions.expire(step.silenceKey);
            await ledger.remove(step.silenceKey);
          }
        } catch (e) {
          // The next cycle tries again; the ack's short duration bounds any harm.
          console.error(`core: ${step.kind} of ack ${step.silenceKey} failed:`, e);
        }
      }
    } finally {
      this.#tending = false;
    }
  }
}
