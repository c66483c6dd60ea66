// Policy: events diffed from consecutive views, and which of them become notifications.
export { EventDiffer, initialClusters } from './differ.ts';
export { NotificationPolicy, type NotificationPolicyOptions } from './notify.ts';
export { quietReason, type LocalTime } from './quiet-hours.ts';
