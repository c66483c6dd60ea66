// Late copies of this app's own silence writes (silences/actions.ts, TwinWatch): after each
// merge, while a write is watched, the silences the view now holds are swept; each copy found
// and expired becomes a `silence-duplicate-expired` event, raised through the notification
// policy (quiet hours, snooze, the Timeline) like any other.
import type { CoreEvent } from '../model/events.ts';
import type { SilenceView } from '../model/view.ts';
import type { DuplicateNotice, SilenceActions } from '../silences/actions.ts';

/** The event a duplicate notice becomes. */
export function duplicateEvent(n: DuplicateNotice): CoreEvent {
  return {
    type: 'silence-duplicate-expired',
    silenceKey: n.keptKey,
    clusterId: n.clusterId,
    expiredKey: n.expiredKey,
    lateInstanceIds: n.lateInstanceIds,
    matchers: n.matchers,
  };
}

export class DuplicateWatch {
  readonly #raise: (events: CoreEvent[]) => void;
  #actions: Pick<SilenceActions, 'watchingForTwins' | 'sweepTwins'> | undefined;

  constructor(raise: (events: CoreEvent[]) => void) {
    this.#raise = raise;
  }

  /** SilenceActions' onDuplicateExpired: a copy was found and expired. */
  readonly expired = (n: DuplicateNotice): void => this.#raise([duplicateEvent(n)]);

  /** The writer whose writes are watched. */
  watch(actions: Pick<SilenceActions, 'watchingForTwins' | 'sweepTwins'>): void {
    this.#actions = actions;
  }

  /** After a merge: late copies show up in polls (the sweep runs in the background). */
  merged(silences: Readonly<Record<string, SilenceView>>): void {
    if (this.#actions?.watchingForTwins) void this.#actions.sweepTwins(silences);
  }
}
