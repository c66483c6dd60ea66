// The one bridge contract between the renderer and the core, shared by main, preload and
// renderer (type-only for the latter two). Both transports (Electron IPC, browser WebSocket)
// carry exactly these channels. handlers.ts must implement every request channel: the
// `Handlers` type makes a missing one a compile error.
import type { SerializedError } from '../api/errors.ts';
import type { AlertmanagerStatus, Matcher } from '../api/types.ts';
import type { AppNotification } from '../model/events.ts';
import type { ViewStreamMessage } from '../model/view.ts';
import type { ListAnswer, ListQuery } from '../list/list-query.ts';
import type { Facets, FacetsQuery } from '../list/label-facets.ts';
import type { AlertView } from '../model/view.ts';
import type { SelectionItem, SelectionPlan } from '../model/selection-plan.ts';
import type { SilencePrefill } from '../silences/form-prefill.ts';
import type {
  InstanceSecrets,
  PreviewResult,
  TestAlertReport,
  TestAlertRequest,
  SilenceDraft,
  ExtendResult,
  SilenceResult,
  TestConnectionResult,
} from '../service.ts';
import type { InstanceSettings, Settings } from '../settings/types.ts';
import type { SettingsNotice } from '../settings/persist.ts';
import type { HistoryStatus } from '../history/recorder.ts';
import type { ScheduleView } from '../model/schedule-view.ts';
import type { YamlImport } from '../schedules/yaml-file.ts';
import type {
  ExportFormat,
  ExportPage,
  TimelinePage,
  TimelineQuery,
  TimelineSummary,
} from '../history/timeline.ts';

export type QuickFrom = { groupKey: string } | { fingerprint: string; clusterId?: string };

export interface AppInfo {
  shell: 'electron' | 'browser';
  platform: string;
  version: string;
  /** OS user name, the default silence author. */
  user: string;
  /** Where secrets are kept and whether that is really encrypted (Linux basic_text is not). */
  secretBackend: { name: string; encrypted: boolean };
  /**
   * What to say about the settings file: unusable (kept aside, defaults in use), some fields
   * invalid (reset, the rest kept), or written by a newer version (kept whole).
   */
  settingsNotice?: SettingsNotice;
}

/** Request channels: name -> argument tuple and result. */
export interface Requests {
  'app:info': { args: []; result: AppInfo };
  'app:openExternal': { args: [url: string]; result: void };
  'view:refresh': { args: [instanceId?: string]; result: void };
  /** The alert list's rows around the window's pixels, and its counts (list/list-query.ts). */
  'list:query': { args: [query: ListQuery]; result: ListAnswer };
  /** One alert's whole record (a list row's may be cut to row size); null when it is gone. */
  'list:alert': { args: [fingerprint: string]; result: AlertView | null };
  /** Label names, and one name's values by prefix, for autocompletion (list/label-facets.ts). */
  'list:facets': { args: [query: FacetsQuery]; result: Facets };
  /** Which selected items are still in the view (a group there, an alert on that cluster). */
  'list:present': { args: [items: SelectionItem[]]; result: boolean[] };
  /** How many alerts each silence mutes now, by silence key. */
  'silences:affected': { args: []; result: Record<string, number> };
  /** The alerts a silence mutes now (at most 200, by name) and how many in all. */
  'silences:silenced': {
    args: [silenceKey: string];
    result: { alerts: AlertView[]; total: number };
  };
  'instances:status': { args: [instanceId: string]; result: AlertmanagerStatus };
  'instances:test': {
    args: [instance: InstanceSettings, secrets?: InstanceSecrets];
    result: TestConnectionResult;
  };
  'settings:get': { args: []; result: Settings };
  /** Secrets by instance id are stored in the SecretStore, never in the settings file. */
  'settings:update': {
    args: [settings: Settings, secrets?: Record<string, InstanceSecrets>];
    result: Settings;
  };
  'settings:setLaunchAtLogin': { args: [enabled: boolean]; result: boolean };
  'notifications:snooze': { args: [untilIso: string | null]; result: void };
  /**
   * What the silence form starts from for a group or an alert: its matchers and every cluster
   * it is in (silences/form-prefill.ts), so the form can write one silence on each.
   */
  'silences:quickMatchers': { args: [from: QuickFrom]; result: SilencePrefill };
  'silences:preview': { args: [clusterId: string, matchers: Matcher[]]; result: PreviewResult };
  /** One silence per cluster for a multi-selection, with what it matches (selection-plan.ts). */
  'silences:selectionPlan': { args: [items: SelectionItem[]]; result: SelectionPlan };
  'silences:create': { args: [clusterId: string, draft: SilenceDraft]; result: SilenceResult };
  'silences:update': { args: [silenceKey: string, draft: SilenceDraft]; result: SilenceResult };
  'silences:extend': { args: [silenceKey: string, endsAt: string]; result: SilenceResult };
  /** Extend by a duration from the later of its end and now (core.silences.extendBy). */
  'silences:extendBy': { args: [silenceKey: string, byMs: number]; result: ExtendResult };
  'silences:expire': { args: [silenceKey: string]; result: void };
  'silences:recreate': {
    args: [silenceKey: string, durationMs: number, createdBy?: string];
    result: SilenceResult;
  };
  'silences:quick': {
    args: [from: QuickFrom, durationMs: number, comment?: string];
    result: SilenceResult[];
  };
  /** Acknowledge until resolved: a short ack silence this install tends (ack.ts). */
  'silences:acknowledge': { args: [from: QuickFrom, note?: string]; result: SilenceResult[] };
  /** Post a test alert to one instance and report where it landed. */
  'instances:testAlert': {
    args: [instanceId: string, request: TestAlertRequest];
    result: TestAlertReport;
  };
  /** Schedules with their next occurrences (core/schedules). */
  'schedules:overview': { args: []; result: ScheduleView[] };
  'schedules:fromTemplate': {
    args: [templateId: string, clusterId: string];
    result: SilenceResult;
  };
  /** Templates and schedules as one YAML file (core/schedules/yaml-file.ts). */
  'schedules:exportYaml': { args: []; result: string };
  /** Replaces templates and schedules with the file's when it is valid; else its problems. */
  'schedules:importYaml': { args: [text: string]; result: YamlImport };
  'history:page': { args: [query: TimelineQuery]; result: TimelinePage };
  'history:summary': { args: [query: SummaryQuery]; result: TimelineSummary };
  /** One page of an export (bounded messages); ask again with `nextAfterId`. */
  'history:export': {
    args: [query: ExportQuery, format: ExportFormat, afterId?: number];
    result: ExportPage;
  };
  'history:status': { args: []; result: HistoryStatus };
  /** The window is no longer looked at: "since you last looked" starts now. */
  'history:markSeen': { args: []; result: void };
}

export type SummaryQuery = Pick<TimelineQuery, 'fromMs' | 'toMs' | 'filter'>;
export type ExportQuery = Pick<TimelineQuery, 'fromMs' | 'toMs' | 'filter' | 'kinds'>;

/** Subscription channels: name -> message type. Subscribing returns an unsubscribe. */
export interface Subscriptions {
  /** Full snapshot first, then deltas (the whole view: tools, tests, other clients). */
  'view:changes': ViewStreamMessage;
  /**
   * What the window holds of the view: as view:changes without groups and alerts (their
   * snapshot collections stay empty, deltas carry none). The alert list asks list:query.
   */
  'view:window': ViewStreamMessage;
  'notifications:shown': AppNotification;
  /**
   * The list the window shows may have changed (a poll changed groups, alerts or instances):
   * the view's new seq. The window asks again for what it shows (list:query).
   */
  'list:changed': { seq: number };
  /** The shell asks the window to show something (tray item, notification click). */
  'ui:navigate': {
    view: 'alerts' | 'silences' | 'instances' | 'settings' | 'timeline';
    groupKey?: string;
    fingerprint?: string;
    /** An `alertmanager-tray://view?…` link to apply (decoded and checked by the window). */
    viewLink?: string;
  };
}

export type RequestChannel = keyof Requests;
export type SubscriptionChannel = keyof Subscriptions;

/** Runtime list of request channels; `satisfies` + the check below keep it complete. */
export const REQUEST_CHANNELS = [
  'app:info',
  'app:openExternal',
  'view:refresh',
  'list:query',
  'list:alert',
  'list:facets',
  'list:present',
  'silences:affected',
  'silences:silenced',
  'instances:status',
  'instances:test',
  'settings:get',
  'settings:update',
  'settings:setLaunchAtLogin',
  'notifications:snooze',
  'silences:quickMatchers',
  'silences:preview',
  'silences:selectionPlan',
  'silences:create',
  'silences:update',
  'silences:extend',
  'silences:extendBy',
  'silences:expire',
  'silences:recreate',
  'silences:quick',
  'silences:acknowledge',
  'instances:testAlert',
  'schedules:overview',
  'schedules:fromTemplate',
  'schedules:exportYaml',
  'schedules:importYaml',
  'history:page',
  'history:summary',
  'history:export',
  'history:status',
  'history:markSeen',
] as const satisfies readonly RequestChannel[];

export const SUBSCRIPTION_CHANNELS = [
  'view:changes',
  'view:window',
  'list:changed',
  'notifications:shown',
  'ui:navigate',
] as const satisfies readonly SubscriptionChannel[];

// Compile-time: the runtime lists name every channel of the interfaces.
type Missing<All, Listed> = Exclude<All, Listed>;
const _allRequests: Missing<RequestChannel, (typeof REQUEST_CHANNELS)[number]> extends never
  ? true
  : never = true;
const _allSubs: Missing<SubscriptionChannel, (typeof SUBSCRIPTION_CHANNELS)[number]> extends never
  ? true
  : never = true;
void _allRequests;
void _allSubs;

/** Server-side implementation of every request channel. */
export type Handlers = {
  [K in RequestChannel]: (...args: Requests[K]['args']) => Promise<Requests[K]['result']>;
};

/** Errors cross the bridge as data the UI can show. */
export interface BridgeError {
  kind: 'invalid-argument' | 'not-found' | 'forbidden' | 'alertmanager' | 'internal';
  message: string;
  /** Present when an Alertmanager request failed. */
  alertmanager?: SerializedError;
  /** 'invalid-argument': each problem at its field, in plain words (the window shows them there). */
  fields?: FieldProblem[];
}

/** A field's path inside the argument (`comment`, `matchers.0.value`, `silences.unusedAfterMin`). */
export interface FieldProblem {
  path: string;
  message: string;
}

export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: BridgeError };

/**
 * What the renderer sees (window.amtray in Electron, a WebSocket client in the browser):
 * one named method per request channel, and one subscribe method.
 * Methods reject with a BridgeCallError carrying the BridgeError.
 */
export type BridgeApi = {
  [K in RequestChannel]: (...args: Requests[K]['args']) => Promise<Requests[K]['result']>;
} & {
  subscribe<K extends SubscriptionChannel>(
    channel: K,
    listener: (message: Subscriptions[K]) => void,
  ): () => void;
};

/**
 * Browser transport wire format (JSON text frames over a WebSocket at
 * ws://127.0.0.1:<port>/bridge?token=<token>; the page is served at
 * http://127.0.0.1:<port>/?token=<token> and the renderer reads the token from its URL).
 */
export type WireClientMessage =
  | { id: number; type: 'request'; channel: string; args: unknown[] }
  | { id: number; type: 'subscribe'; channel: string }
  | { id: number; type: 'unsubscribe' };

export type WireServerMessage =
  | { id: number; type: 'result'; result: BridgeResult<unknown> }
  | { id: number; type: 'message'; message: unknown }
  | { id: number; type: 'subscribed' }
  | { id: number; type: 'error'; error: BridgeError };

/** Electron transport: ipcMain.handle channel names are `amtray:<channel>`; subscriptions are
 * pushed by webContents.send(`amtray:sub:<channel>`, message) after the renderer invokes
 * `amtray:subscribe` with the channel name, and stopped with `amtray:unsubscribe`. */
export const IPC_PREFIX = 'amtray:';
// Detail of the Electron subscription transport: the preload picks a subscription id and
// invokes `amtray:subscribe` (channel, subscriptionId) -> BridgeResult<void>; every pushed
// message is sent as webContents.send(`amtray:sub:<channel>`, message, subscriptionId), so each
// renderer listener gets its own stream (a second view:changes listener gets its own first
// snapshot, which may arrive before the invoke resolves). `amtray:unsubscribe` takes the id.

/** What BridgeApi methods reject with: an Error carrying the typed BridgeError. */
export class BridgeCallError extends Error {
  readonly error: BridgeError;
  constructor(error: BridgeError) {
    super(error.message);
    this.name = 'BridgeCallError';
    this.error = error;
  }
}

const BRIDGE_ERROR_KINDS: readonly BridgeError['kind'][] = [
  'invalid-argument',
  'not-found',
  'forbidden',
  'alertmanager',
  'internal',
];

/** Structural check for a BridgeError that crossed a process or context boundary as data. */
export function isBridgeError(value: unknown): value is BridgeError {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { kind?: unknown; message?: unknown };
  return (
    typeof v.message === 'string' &&
    typeof v.kind === 'string' &&
    (BRIDGE_ERROR_KINDS as readonly string[]).includes(v.kind)
  );
}

export function isRequestChannel(value: unknown): value is RequestChannel {
  return typeof value === 'string' && (REQUEST_CHANNELS as readonly string[]).includes(value);
}

export function isSubscriptionChannel(value: unknown): value is SubscriptionChannel {
  return typeof value === 'string' && (SUBSCRIPTION_CHANNELS as readonly string[]).includes(value);
}

/** ipcMain.handle channel of a request channel, e.g. `amtray:silences:quick`. */
export function ipcChannel(channel: RequestChannel): string {
  return `${IPC_PREFIX}${channel}`;
}
export const IPC_SUBSCRIBE = `${IPC_PREFIX}subscribe`;
export const IPC_UNSUBSCRIBE = `${IPC_PREFIX}unsubscribe`;
/** webContents.send channel of a subscription channel's messages. */
export function ipcSubscriptionChannel(channel: SubscriptionChannel): string {
  return `${IPC_PREFIX}sub:${channel}`;
}
