// The settings the user edits. Secrets are never stored inline: `passwordKey` / `tokenKey`
// name an entry of the SecretStore (safeStorage in Electron, env or a 0600 file in the
// browser shell). schema.ts validates and migrates files into this shape.

import type { ScheduleSettings } from '../schedules/types.ts';

export const SETTINGS_VERSION = 1;

export type InstanceAuthSettings =
  | { type: 'none' }
  | { type: 'basic'; username: string; passwordKey: string }
  | { type: 'bearer'; tokenKey: string };

export interface InstanceTlsSettings {
  /** Paths to PEM files (read by the core when connecting). */
  caFile?: string;
  certFile?: string;
  keyFile?: string;
  insecureSkipVerify?: boolean;
}

export interface InstanceSettings {
  id: string;
  name: string;
  url: string;
  auth: InstanceAuthSettings;
  headers: Record<string, string>;
  tls: InstanceTlsSettings;
  /** Seconds; default 15, minimum 2. */
  pollIntervalSec: number;
  /** Seconds; default 10. */
  timeoutSec: number;
  enabled: boolean;
  /** Explicit HA cluster name; peers with the same name are one cluster. */
  cluster?: string;
  /**
   * The Prometheus that fills the history's gaps for this instance (history/backfill/);
   * unset: the servers its alerts' generatorURLs name.
   */
  prometheusUrl?: string;
}

export interface QuietHours {
  enabled: boolean;
  /** "HH:MM" local time; a range may wrap midnight. */
  start: string;
  end: string;
  /** 0 = Sunday … 6 = Saturday; empty means every day. */
  days: number[];
}

export interface NotificationSettings {
  enabled: boolean;
  /** Instance ids with notifications turned off. */
  mutedInstances: string[];
  /** Receiver names with notifications turned off. */
  mutedReceivers: string[];
  /** Minimum severity that notifies; '' = everything (unknown severities always pass). */
  minSeverity: string;
  /** Matcher strings (Alertmanager syntax); an alert must match all include sets if any. */
  include: string[];
  exclude: string[];
  notifyOnResolve: boolean;
  quietHours: QuietHours;
  /** ISO time until which notifications are snoozed; absent = not snoozed. */
  snoozeUntil?: string;
  /** More firing events than this at once become one summary. Default 5. */
  stormThreshold: number;
  /** Minutes before a silence ends to warn. Default 10. */
  expiringWithinMin: number;
  // ---- attention (issue 28): reminders until acknowledged, critical through quiet hours ----
  /**
   * Minutes between reminders of an alert that still fires unacknowledged (not acked, silenced
   * or inhibited), per severity value; 0 or not listed = no reminders. Default critical: 5.
   */
  remindEveryMin: Record<string, number>;
  /** The most severe alerts (severityOrder[0]) notify during quiet hours; a snooze holds. */
  criticalBreaksQuiet: boolean;
  /** The app's own sounds (policy/notification-build.ts decides which notification plays). */
  sound: SoundSettings;
  // ---- pipeline health and team (issue 32): main/core/engine/pipeline-watch.ts ----
  /** Matcher for the always-firing dead-man's-switch alert; '' = not watched. */
  watchdog: string;
  /** 'seen': a cluster is watched once the alert was seen there; 'always': every cluster. */
  watchdogExpect: WatchdogExpect;
  /** Minutes without it on an answering cluster before "pipeline silent". Default 5. */
  watchdogSilentMin: number;
  /** "My team": a matcher over receiver labels (Alertmanager 0.33+), e.g. team="payments". */
  team: string;
  /** Notify only for alerts routed to my team's receivers (where receivers carry labels). */
  teamOnly: boolean;
}

export type WatchdogExpect = 'seen' | 'always';

/** Which sounds play: critical on, warning off by default (defaults.ts says why). */
export interface SoundSettings {
  /** The off switch: no sound at all when false. */
  enabled: boolean;
  critical: boolean;
  warning: boolean;
  /** 0–100. */
  volume: number;
}

export interface SilenceDefaults {
  /** What the last silence created in the window used, offered again next time. */
  last?: { author: string; durationMs: number };
  /** Empty = the OS user name. */
  author: string;
  requireComment: boolean;
  /** Labels dropped from quick-silence matchers because they change between restarts. */
  volatileLabels: string[];
  /**
   * An acknowledgement is a silence this app keeps short (this many minutes) and extends while
   * its alerts fire: if the app stops tending it, it lapses by itself. Default 15.
   */
  ackMinutes: number;
  /** An acknowledgement is never extended past this many hours from its start. Default 24. */
  ackMaxHours: number;
  /** An active silence that silenced no alert for this many minutes needs attention. 60. */
  unusedAfterMin: number;
  /** An active silence set to run longer than this many days needs attention. Default 7. */
  longRunningDays: number;
}

export type Theme = 'system' | 'light' | 'dark';

export interface UiSettings {
  theme: Theme;
  /** Remembered filter bar text and toggles. */
  filter: {
    text: string;
    showActive: boolean;
    showSilenced: boolean;
    showInhibited: boolean;
    showUnprocessed: boolean;
    receivers: string[];
    instances: string[];
    /** Sections by this label (karma's multi-grid); '' = Alertmanager's groups. */
    groupBy: string;
    /** Only alerts routed to my team's receivers (notifications.team, issue 32). */
    myTeam?: boolean;
  };
  launchAtLogin: boolean;
  window?: { x: number; y: number; width: number; height: number };
  /**
   * Label colouring, per label name: an empty map gives every value its own stable colour;
   * a map names the colour of listed values (others stay plain).
   */
  labelColours: Record<string, Record<string, LabelColour>>;
  /**
   * Label names shown first on a row, whole, before any other chip gets room; the rest follow
   * by name, then `labelLast` (volatile ones such as pod). DEFAULT_LABEL_PRIORITY by default.
   */
  labelPriority: string[];
  labelLast: string[];
  /** Links filled from an alert's labels and annotations (`{{ .Labels.x }}`), on rows and detail. */
  linkTemplates: { name: string; url: string }[];
  /** Named filters (top bar › Views); `groupBy` empty = Alertmanager's groups. */
  savedViews: SavedView[];
}

export interface SavedView {
  name: string;
  filter: Omit<UiSettings['filter'], 'groupBy'>;
  groupBy: string;
}

/** Colours a label chip can take: each is readable in light and dark themes. */
export const LABEL_COLOURS = [
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'indigo',
  'purple',
  'pink',
  'brown',
] as const;
export type LabelColour = (typeof LABEL_COLOURS)[number];

export interface Settings {
  version: number;
  instances: InstanceSettings[];
  /** Label that holds severity; default `severity`. */
  severityLabel: string;
  /** Severity values from most to least severe; values not listed rank as unknown. */
  severityOrder: string[];
  notifications: NotificationSettings;
  silences: SilenceDefaults;
  /** Silence templates and recurring silences (main/core/schedules). */
  schedules: ScheduleSettings;
  history: HistorySettings;
  ui: UiSettings;
}

/** The local history of what fired (main/core/history). */
export interface HistorySettings {
  enabled: boolean;
  /** Records older than this are deleted. */
  retentionDays: number;
  /** The history file is kept under this size; the oldest records go first. */
  maxMb: number;
}
