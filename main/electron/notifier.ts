// Shows notifications as native ones: the core's (mapped by notification-options.ts) and the
// app's own confirmations. A click opens the window where the plan says; a button runs its
// action (silence 1h, open the runbook, undo a quick silence) without opening anything.
// Notification objects are kept referenced until closed (an unreferenced one can be garbage
// collected and lose its handlers). An alert notification is withdrawn once what it announced
// no longer fires unacknowledged (core/policy/note-settled.ts): acknowledged in the window, the
// tray or elsewhere, it no longer sits in the system's list offering Acknowledge.
import { Notification } from 'electron';
import type { AppNotification } from '../core/model/events.ts';
import { noteSettled } from '../core/policy/note-settled.ts';
import type { Core } from '../core/service.ts';
import {
  planNotification,
  runNotificationAction,
  type NotificationPlan,
} from './notification-options.ts';
import type { NavigateRequest } from './tray-menu.ts';

export interface NotifierOptions {
  core: Pick<Core, 'onNotification' | 'onCycle' | 'silences' | 'snapshot'>;
  platform: NodeJS.Platform;
  iconPath?: string;
  openWindow: (navigate: NavigateRequest) => void;
  /** Opens an http(s) URL in the browser (shell.openExternal). */
  openExternal: (url: string) => Promise<void>;
  log: (line: string) => void;
}

export interface Notifier {
  /** Shows one planned notification (the app's own, e.g. a quick-silence confirmation). */
  show(plan: NotificationPlan): void;
  stop(): void;
}

export function startNotifier(opts: NotifierOptions): Notifier {
  const live = new Set<Notification>();
  /** Shown alert notifications and what they announced, until withdrawn or closed. */
  const about = new Map<Notification, AppNotification>();
  const show = (plan: NotificationPlan, note?: AppNotification) => {
    if (!Notification.isSupported()) return;
    const notification = new Notification({
      ...plan.options,
      ...(opts.iconPath ? { icon: opts.iconPath } : {}),
    });
    live.add(notification);
    if (note?.silenceable) about.set(notification, note);
    notification.on('click', () => opts.openWindow(plan.onClick));
    notification.on('action', (details, index) => {
      const action = plan.actions[details?.actionIndex ?? index];
      if (!action) return;
      runNotificationAction(action, opts).catch((err: unknown) => {
        opts.log(`notification action ${action.kind} failed: ${String(err)}`);
        new Notification({
          title: action.kind === 'runbook' ? 'Could not open the runbook' : 'Action failed',
          body: err instanceof Error ? err.message : String(err),
        }).show();
      });
    });
    notification.on('close', () => {
      live.delete(notification);
      about.delete(notification);
    });
    notification.on('failed', (_e, error) => {
      live.delete(notification);
      about.delete(notification);
      opts.log(`notification failed: ${error}`);
    });
    notification.show();
  };
  const off = opts.core.onNotification((n: AppNotification) =>
    show(planNotification(n, opts.platform), n),
  );
  const offCycle = opts.core.onCycle(() => {
    if (about.size === 0) return;
    const view = opts.core.snapshot();
    for (const [notification, note] of about) {
      if (!noteSettled(note, view)) continue;
      about.delete(notification);
      live.delete(notification);
      notification.close();
    }
  });
  return {
    show: (plan) => show(plan),
    stop() {
      off();
      offCycle();
      for (const n of live) n.close();
      live.clear();
    },
  };
}
