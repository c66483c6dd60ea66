// Where the reader was in the alert list when they left it for another view (`2` to check a
// silence, then `1`): the cursor row, the groups collapsed and whether the detail pane was
// closed. The list view is made anew on return; it started at the top with every group
// expanded, and the place in a long incident was lost. Kept by the app store for the session.
import type { Collapsed } from '$core/list/list-query.ts';

export interface AlertsPlaceValue {
  key: string | null;
  collapsed: Collapsed;
  paneClosed: boolean;
}

export class AlertsPlace {
  #saved: AlertsPlaceValue | null = null;

  /** Kept when the alert list is left. */
  save(place: AlertsPlaceValue): void {
    this.#saved = place;
  }

  /** The place left, once: the list view that returns takes it. */
  take(): AlertsPlaceValue | null {
    const p = this.#saved;
    this.#saved = null;
    return p;
  }
}
