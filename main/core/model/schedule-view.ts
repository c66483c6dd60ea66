// Schedules as the window and the tray show them (main/core/schedules/overview.ts makes them).

/** A server's refusal of a schedule's write, shown on the schedule until a round succeeds. */
export interface ScheduleProblem {
  scheduleId: string;
  clusterId?: string;
  message: string;
  at: string;
}

export interface OccurrenceView {
  key: string;
  startsAt: string;
  endsAt: string;
  skipped: boolean;
  /** Live silences written for it (one per target cluster once written). */
  silenceKeys: string[];
}

/** A schedule as the Silences view's "Scheduled" section and the tray show it. */
export interface ScheduleView {
  id: string;
  name: string;
  enabled: boolean;
  timeZone: string;
  next: OccurrenceView[];
  problem?: ScheduleProblem;
}
