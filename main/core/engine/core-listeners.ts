// The Core facade's listeners (view, events, notifications, cycle reports). A failing
// listener is logged and never breaks polling or the other listeners.
import type { AppNotification, CoreEvent } from '../model/events.ts';
import type { ViewMessage } from '../model/view.ts';
import type { CycleReport } from '../service.ts';

export class CoreListeners {
  readonly view = new Set<(m: ViewMessage) => void>();
  readonly events = new Set<(e: CoreEvent[]) => void>();
  readonly notifications = new Set<(n: AppNotification) => void>();
  readonly cycles = new Set<(c: CycleReport) => void>();

  /** Adds a listener to a set; returns its removal. */
  static add<T>(set: Set<T>, listener: T): () => void {
    set.add(listener);
    return () => set.delete(listener);
  }

  emitView(message: ViewMessage): void {
    for (const l of this.view) safe(() => l(message));
  }

  /**
   * A decided outcome: its events, then the notifications shown, then (when it has events)
   * the report the history records.
   */
  emitOutcome(report: CycleReport): void {
    const { events, notifications } = report;
    if (events.length > 0) for (const l of this.events) safe(() => l(events));
    for (const n of notifications) for (const l of this.notifications) safe(() => l(n));
    if (events.length > 0) for (const l of this.cycles) safe(() => l(report));
  }
}

function safe(fn: () => void): void {
  try {
    fn();
  } catch (e) {
    // A failing listener must not break polling or other listeners.
    console.error('core listener failed:', e);
  }
}
