// Schedule settings' defaults, free of zod: settings/defaults.ts imports this, and the window
// imports settings/defaults.ts (zod in the window would try eval, which its CSP refuses).
import type { ScheduleSettings } from './types.ts';

export const DEFAULT_SCHEDULE_HORIZON_DAYS = 7;

export function defaultScheduleSettings(): ScheduleSettings {
  return { horizonDays: DEFAULT_SCHEDULE_HORIZON_DAYS, templates: [], list: [] };
}
