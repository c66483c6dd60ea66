// Policy: events diffed from consecutive views, and which of them become notifications.
export { EventDiffer, initialClusters, isClusterFresh, type DiffOptions } from './differ.ts';
export { countByName } from './notification-text.ts';
export {
  NotificationPolicy,
  type NotificationPolicyOptions,
  type PolicyContext,
} from './notify.ts';
export {
  inQuietHours,
  isSnoozed,
  quietReason,
  systemLocalTime,
  type LocalTime,
  type QuietReason,
} from './quiet-hours.ts';
export { isTopSeverity, passesMinSeverity, severityRank } from './severity.ts';
