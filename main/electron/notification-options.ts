// AppNotification (from the core's policy) -> what Electron's Notification is built with,
// plus what a click and the action buttons do. Pure: notifier.ts does the Electron part.
// Buttons ("Silence 1h", "Open runbook", "Undo") exist where Electron's Notification supports
// them: macOS and Windows. Linux (libnotify through Electron) has none: the runbook link goes
// in the body and Undo in the tray menu.
import type { QuickFrom } from '../core/bridge/contract.ts';
import type { AppNotification } from '../core/model/events.ts';
import type { Core } from '../core/service.ts';
import type { NavigateRequest } from './tray-menu.ts';

/** The subset of Electron's NotificationConstructorOptions we set. */
export interface NotificationOptionsModel {
  title: string;
  body: string;
  silent: boolean;
  urgency?: 'normal' | 'critical' | 'low';
  timeoutType?: 'default' | 'never';
  actions?: { type: 'button'; text: string }[];
}

export type NotificationAction =
  | { kind: 'silence'; from: QuickFrom; durationMs: number }
  | { kind: 'ack'; from: QuickFrom }
  | { kind: 'expire'; silenceKey: string }
  | { kind: 'extend'; silenceKey: string; byMs: number }
  | { kind: 'runbook'; url: string }
  | { kind: 'undo'; silenceKeys: string[] };

export interface NotificationPlan {
  options: NotificationOptionsModel;
  /** Where a click takes the window. */
  onClick: NavigateRequest;
  /** What each button does, in the order of options.actions. */
  actions: NotificationAction[];
}

/** Platforms where Electron's Notification shows action buttons. */
export function supportsActions(platform: NodeJS.Platform): boolean {
  return platform === 'darwin' || platform === 'win32';
}

const ACTION_TEXT: Record<NotificationAction['kind'] | 'unack', string> = {
  silence: 'Silence 1h',
  ack: 'Acknowledge',
  expire: 'Expire',
  extend: 'Extend 1d',
  runbook: 'Open runbook',
  undo: 'Undo',
  unack: 'Un-acknowledge',
};

export const NOTIFICATION_SILENCE_MS = 3_600_000;
const MAX_TITLE = 64;
const MAX_BODY = 200;

function clip(text: string, max: number): string {
  const t = text.trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

export function clickTarget(n: AppNotification): NavigateRequest {
  const t = n.target ?? {};
  if (t.groupKey) return { view: 'alerts', groupKey: t.groupKey };
  if (t.fingerprint) return { view: 'alerts', fingerprint: t.fingerprint };
  if (t.silenceKey) return { view: 'silences' };
  if (t.instanceId) return { view: 'instances' };
  return { view: 'alerts' };
}

export function silenceFrom(n: AppNotification): QuickFrom | undefined {
  if (!n.silenceable) return undefined;
  const t = n.target ?? {};
  if (t.groupKey) return { groupKey: t.groupKey };
  if (t.fingerprint) {
    return t.clusterId
      ? { fingerprint: t.fingerprint, clusterId: t.clusterId }
      : { fingerprint: t.fingerprint };
  }
  return undefined;
}

export function planNotification(n: AppNotification, platform: NodeJS.Platform): NotificationPlan {
  const options: NotificationOptionsModel = {
    title: clip(n.title, MAX_TITLE),
    body: clip(n.body, MAX_BODY),
    // Silent too when the app plays its own sound (sound-player.ts): one sound, not two.
    silent: n.urgency === 'low' || n.sound !== undefined,
  };
  // urgency is a Linux (libnotify) hint; critical ones stay until dismissed there.
  if (platform === 'linux') {
    options.urgency = n.urgency;
    if (n.urgency === 'critical') options.timeoutType = 'never';
  }
  const plan: NotificationPlan = { options, onClick: clickTarget(n), actions: [] };
  const from = silenceFrom(n);
  if (supportsActions(platform)) {
    if (from) plan.actions.push({ kind: 'silence', from, durationMs: NOTIFICATION_SILENCE_MS });
    if (from) plan.actions.push({ kind: 'ack', from });
    const key = n.silenceActions ? n.target?.silenceKey : undefined;
    if (key) {
      plan.actions.push({ kind: 'expire', silenceKey: key });
      plan.actions.push({ kind: 'extend', silenceKey: key, byMs: 86_400_000 });
    }
    if (n.runbookUrl) plan.actions.push({ kind: 'runbook', url: n.runbookUrl });
    if (plan.actions.length > 0) {
      options.actions = plan.actions.map((a) => ({ type: 'button', text: ACTION_TEXT[a.kind] }));
    }
  } else if (n.runbookUrl) {
    // No buttons here: the link itself, on its own line (notification daemons link it).
    options.body = clip(`${clip(n.body, MAX_BODY - 60)}\nRunbook: ${n.runbookUrl}`, MAX_BODY + 200);
  }
  return plan;
}

/**
 * The confirmation of a quick silence (tray menu): what was silenced and for how long, with
 * Undo on the notification where buttons exist, else a pointer to the tray menu's Undo.
 */
export function planSilencedNotice(
  what: string,
  durationLabel: string,
  silenceKeys: string[],
  platform: NodeJS.Platform,
): NotificationPlan {
  const buttons = supportsActions(platform);
  const options: NotificationOptionsModel = {
    title: clip(`Silenced for ${durationLabel}`, MAX_TITLE),
    body: clip(buttons ? what : `${what}\nUndo it from the tray menu.`, MAX_BODY),
    silent: true,
  };
  const plan: NotificationPlan = { options, onClick: { view: 'silences' }, actions: [] };
  if (buttons) {
    plan.actions.push({ kind: 'undo', silenceKeys });
    options.actions = [{ type: 'button', text: ACTION_TEXT.undo }];
  }
  return plan;
}

/**
 * The confirmation of an acknowledgement (tray menu), with Un-acknowledge on the notification
 * where buttons exist (it expires the acks just made: this install's own), else the tray menu's.
 */
export function planAckedNotice(
  what: string,
  silenceKeys: string[],
  platform: NodeJS.Platform,
): NotificationPlan {
  const buttons = supportsActions(platform);
  const options: NotificationOptionsModel = {
    title: 'Acknowledged',
    body: clip(
      buttons
        ? `${what}: silenced until it resolves.`
        : `${what}: silenced until it resolves.\nUn-acknowledge from the tray menu.`,
      MAX_BODY,
    ),
    silent: true,
  };
  const plan: NotificationPlan = { options, onClick: { view: 'silences' }, actions: [] };
  if (buttons && silenceKeys.length > 0) {
    plan.actions.push({ kind: 'undo', silenceKeys });
    options.actions = [{ type: 'button', text: ACTION_TEXT.unack }];
  }
  return plan;
}

/** What a button does (pure given its dependencies: tested with a fake core). */
export async function runNotificationAction(
  action: NotificationAction,
  deps: {
    core: Pick<Core, 'silences'>;
    openExternal: (url: string) => Promise<void>;
  },
): Promise<void> {
  switch (action.kind) {
    case 'ack':
      await deps.core.silences.acknowledge(action.from, 'Acknowledged from a notification');
      return;
    case 'expire':
      await deps.core.silences.expire(action.silenceKey);
      return;
    case 'extend':
      await deps.core.silences.extendBy(action.silenceKey, action.byMs);
      return;
    case 'silence':
      await deps.core.silences.quick(
        action.from,
        action.durationMs,
        'Silenced for 1h from a notification',
      );
      return;
    case 'runbook':
      await deps.openExternal(action.url);
      return;
    case 'undo':
      await deps.core.silences.undo(action.silenceKeys);
      return;
  }
}
