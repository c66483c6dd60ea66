// Shows the core's notifications as native ones: mapping from notification-options.ts, a
// click opens the window on the alert or group, the macOS "Silence 1h" action silences
// without opening anything. Notification objects are kept referenced until closed (an
// unreferenced one can be garbage collected and lose its click handler).
import { Notification } from 'electron';
import type { AppNotification } from '../core/model/events.ts';
import type { Core } from '../core/service.ts';
import { planNotification } from './notification-options.ts';
import type { NavigateRequest } from './tray-menu.ts';

export interface NotifierOptions {
  core: Pick<Core, 'onNotification' | 'silences'>;
  platform: NodeJS.Platform;
  iconPath?: string;
  openWindow: (navigate: NavigateRequest) => void;
  log: (line: string) => void;
}

export function startNotifier(opts: NotifierOptions): () => void {
  const live = new Set<Notification>();
  const show = (n: AppNotification) => {
    if (!Notification.isSupported()) return;
    const plan = planNotification(n, opts.platform);
    const notification = new Notification({
      ...plan.options,
      ...(opts.iconPath ? { icon: opts.iconPath } : {}),
    });
    live.add(notification);
    notification.on('click', () => opts.openWindow(plan.onClick));
    notification.on('action', (_event, index) => {
      if (index !== 0 || !plan.silence) return;
      opts.core.silences
        .quick(plan.silence.from, plan.silence.durationMs, 'Silenced for 1h from a notification')
        .catch((err: unknown) => {
          opts.log(`silence from notification failed: ${String(err)}`);
          new Notification({
            title: 'Silence failed',
            body: err instanceof Error ? err.message : String(err),
          }).show();
        });
    });
    notification.on('close', () => live.delete(notification));
    notification.on('failed', (_e, error) => {
      live.delete(notification);
      opts.log(`notification failed: ${error}`);
    });
    notification.show();
  };
  const off = opts.core.onNotification(show);
  return () => {
    off();
    for (const n of live) n.close();
    live.clear();
  };
}
