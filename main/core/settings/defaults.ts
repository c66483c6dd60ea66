// Default settings. Everything a fresh install or a missing/corrupt settings file starts from.
import { defaultScheduleSettings } from '../schedules/defaults.ts';
import {
  SETTINGS_VERSION,
  type HistorySettings,
  type InstanceSettings,
  type NotificationSettings,
  type Settings,
  type SilenceDefaults,
  type SoundSettings,
  type UiSettings,
} from './types.ts';

/** Where an alert fires, in the order an on-call engineer reads it (Settings › Severity and labels). */
export const DEFAULT_LABEL_PRIORITY = ['cluster', 'namespace', 'service', 'instance', 'job'];
/** Volatile labels: a new value with every restart, the least telling on a row. */
export const DEFAULT_LABEL_LAST = ['pod', 'container', 'endpoint', 'uid'];

export const DEFAULT_POLL_INTERVAL_SEC = 15;
/** Polling faster than this hammers the server (every poll transfers the whole state). */
export const MIN_POLL_INTERVAL_SEC = 2;
export const DEFAULT_TIMEOUT_SEC = 10;
export const DEFAULT_SEVERITY_LABEL = 'severity';
export const DEFAULT_SEVERITY_ORDER: readonly string[] = ['critical', 'error', 'warning', 'info'];
export const DEFAULT_STORM_THRESHOLD = 5;
export const DEFAULT_EXPIRING_WITHIN_MIN = 10;

/**
 * Labels whose values change when the thing that fires the alert is restarted or rescheduled
 * (a new pod name, container id, revision hash...). A quick silence keyed on them would stop
 * matching after the next restart, so quick-silence matchers drop them.
 */
export const DEFAULT_VOLATILE_LABELS: readonly string[] = [
  'pod',
  'pod_name',
  'pod_ip',
  'pod_uid',
  'uid',
  'container_id',
  'image_id',
  'pod_template_hash',
  'controller_revision_hash',
  'pod_template_generation',
  'instance_id',
  'job_id',
];

export function defaultNotificationSettings(): NotificationSettings {
  return {
    enabled: true,
    mutedInstances: [],
    mutedReceivers: [],
    minSeverity: '',
    include: [],
    exclude: [],
    notifyOnResolve: false,
    quietHours: { enabled: false, start: '22:00', end: '07:00', days: [] },
    stormThreshold: DEFAULT_STORM_THRESHOLD,
    expiringWithinMin: DEFAULT_EXPIRING_WITHIN_MIN,
    sound: defaultSoundSettings(),
    // ---- attention (issue 28) ----
    remindEveryMin: defaultRemindEveryMin(),
    criticalBreaksQuiet: false,
    // ---- pipeline health and team (issue 32) ----
    watchdog: DEFAULT_WATCHDOG,
    watchdogExpect: 'seen',
    watchdogSilentMin: DEFAULT_WATCHDOG_SILENT_MIN,
    team: '',
    teamOnly: false,
  };
}

/** kube-prometheus' dead-man's switch; karma's healthcheck uses the same alert. */
export const DEFAULT_WATCHDOG = 'alertname="Watchdog"';
export const DEFAULT_WATCHDOG_SILENT_MIN = 5;

/**
 * Critical sounds, warning does not: a critical is a page (someone must act now, perhaps with
 * the window hidden), a warning waits for working hours and fires far more often; a sound for
 * each teaches people to turn all sound off, the critical one with it. Warning is one click on.
 */
function defaultSoundSettings(): SoundSettings {
  return { enabled: true, critical: true, warning: false, volume: DEFAULT_SOUND_VOLUME };
}

export const DEFAULT_SOUND_VOLUME = 70;

/** Reminders of unacknowledged alerts: critical every 5 minutes, other severities never. */
export function defaultRemindEveryMin(): Record<string, number> {
  return { critical: 5 };
}

export const DEFAULT_ACK_MINUTES = 15;
export const DEFAULT_ACK_MAX_HOURS = 24;
export const DEFAULT_UNUSED_AFTER_MIN = 60;
export const DEFAULT_LONG_RUNNING_DAYS = 7;

export function defaultSilenceDefaults(): SilenceDefaults {
  return {
    author: '',
    requireComment: true,
    volatileLabels: [...DEFAULT_VOLATILE_LABELS],
    ackMinutes: DEFAULT_ACK_MINUTES,
    ackMaxHours: DEFAULT_ACK_MAX_HOURS,
    unusedAfterMin: DEFAULT_UNUSED_AFTER_MIN,
    longRunningDays: DEFAULT_LONG_RUNNING_DAYS,
  };
}

export function defaultUiSettings(): UiSettings {
  return {
    theme: 'system',
    filter: {
      text: '',
      showActive: true,
      showSilenced: false,
      showInhibited: false,
      showUnprocessed: true,
      receivers: [],
      instances: [],
      groupBy: '',
    },
    launchAtLogin: false,
    // Plain chips until the user colours a label (Settings › Label colours).
    labelColours: {},
    labelPriority: [...DEFAULT_LABEL_PRIORITY],
    labelLast: [...DEFAULT_LABEL_LAST],
    linkTemplates: [],
    savedViews: [],
  };
}

/** A fresh settings object (new arrays/objects every call: safe to mutate). */
export function defaultSettings(): Settings {
  return {
    version: SETTINGS_VERSION,
    instances: [],
    severityLabel: DEFAULT_SEVERITY_LABEL,
    severityOrder: [...DEFAULT_SEVERITY_ORDER],
    notifications: defaultNotificationSettings(),
    silences: defaultSilenceDefaults(),
    schedules: defaultScheduleSettings(),
    history: defaultHistorySettings(),
    ui: defaultUiSettings(),
  };
}

export const DEFAULT_HISTORY_RETENTION_DAYS = 30;
export const DEFAULT_HISTORY_MAX_MB = 200;

export function defaultHistorySettings(): HistorySettings {
  return {
    enabled: true,
    retentionDays: DEFAULT_HISTORY_RETENTION_DAYS,
    maxMb: DEFAULT_HISTORY_MAX_MB,
  };
}

let idCounter = 0;
function newInstanceId(): string {
  // crypto.randomUUID exists in Node 20 and in Chromium; the counter only disambiguates.
  const g = globalThis as { crypto?: { randomUUID?: () => string } };
  return (
    g.crypto?.randomUUID?.() ?? `inst-${Date.now().toString(36)}-${(idCounter++).toString(36)}`
  );
}

/**
 * An instance with every field filled: `partial` wins, missing fields get defaults. A missing
 * id gets a fresh random one; the poll interval is clamped to the minimum.
 */
export function defaultInstance(partial: Partial<InstanceSettings> = {}): InstanceSettings {
  const instance: InstanceSettings = {
    id: partial.id ?? newInstanceId(),
    name: partial.name ?? '',
    url: partial.url ?? '',
    auth: partial.auth ?? { type: 'none' },
    headers: { ...(partial.headers ?? {}) },
    tls: { ...(partial.tls ?? {}) },
    pollIntervalSec: Math.max(
      MIN_POLL_INTERVAL_SEC,
      partial.pollIntervalSec ?? DEFAULT_POLL_INTERVAL_SEC,
    ),
    timeoutSec: partial.timeoutSec ?? DEFAULT_TIMEOUT_SEC,
    enabled: partial.enabled ?? true,
  };
  if (partial.cluster !== undefined && partial.cluster !== '') instance.cluster = partial.cluster;
  if (partial.prometheusUrl) instance.prometheusUrl = partial.prometheusUrl;
  if (instance.name === '' && instance.url !== '') instance.name = hostOf(instance.url);
  return instance;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}
