// AppNotification (from the core's policy) -> what Electron's Notification is built with,
// plus what a click and the "Silence 1h" action do. Pure: notifier.ts does the Electron part.
import type { QuickFrom } from '../core/bridge/contract.ts';
import type { AppNotification } from '../core/model/events.ts';
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

export interface NotificationPlan {
  options: NotificationOptionsModel;
  /** Where a click takes the window. */
  onClick: NavigateRequest;
  /** Present when the notification has a "Silence 1h" button (its index in actions is 0). */
  silence?: { from: QuickFrom; durationMs: number };
}

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
    silent: n.urgency === 'low',
  };
  // urgency is a Linux (libnotify) hint; critical ones stay until dismissed there.
  if (platform === 'linux') {
    options.urgency = n.urgency;
    if (n.urgency === 'critical') options.timeoutType = 'never';
  }
  const plan: NotificationPlan = { options, onClick: clickTarget(n) };
  const from = silenceFrom(n);
  // Buttons on notifications are a macOS feature of Electron's Notification (Windows needs
  // custom toastXml, Linux has none): the action is offered only there.
  if (from && platform === 'darwin') {
    options.actions = [{ type: 'button', text: 'Silence 1h' }];
    plan.silence = { from, durationMs: NOTIFICATION_SILENCE_MS };
  }
  return plan;
}
