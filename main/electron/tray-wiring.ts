// The tray icon wired to the app: its menu follows the view and the state TrayActions holds,
// a click runs the action, and a failed action says so as a notification (the tray has no
// other place to show an error).
import { Notification } from 'electron';
import { quietText } from '../core/model/quiet-hours.ts';
import type { Core } from '../core/service.ts';
import { nextScheduleLine } from '../core/schedules/overview.ts';
import { createTray, type TrayController } from './tray.ts';
import type { TrayActions } from './tray-actions.ts';

export interface TrayWiringOptions {
  core: Pick<Core, 'snapshot' | 'getSettings' | 'subscribe' | 'schedules'>;
  actions: TrayActions;
  assetsDir: string;
  /** Left click on the icon. */
  showWindow: () => void;
  log: (line: string) => void;
}

function notifyFailure(what: string, err: unknown, log: (line: string) => void): void {
  const message = err instanceof Error ? err.message : String(err);
  log(`${what}: ${message}`);
  if (Notification.isSupported()) new Notification({ title: what, body: message }).show();
}

export function wireTray(opts: TrayWiringOptions): TrayController {
  const { core, actions } = opts;
  const tray = createTray({
    assetsDir: opts.assetsDir,
    platform: process.platform,
    snapshot: () => core.snapshot(),
    snoozeUntil: () => core.getSettings().notifications.snoozeUntil,
    severityOrder: () => core.getSettings().severityOrder,
    watchdog: () => core.getSettings().notifications.watchdog,
    quiet: () => quietText(core.getSettings().notifications, Date.now()),
    undo: () => actions.undo(),
    away: () => actions.away(),
    nextSchedule: () => nextScheduleLine(core.schedules.overview()),
    templates: () =>
      core.getSettings().schedules.templates.map((t) => ({ id: t.id, name: t.name })),
    onAction: (action) => {
      actions.run(action).catch((err: unknown) => {
        const what = action.type === 'silence-group' ? 'Silence failed' : 'Action failed';
        notifyFailure(what, err, opts.log);
      });
    },
    onClick: opts.showWindow,
  });
  core.subscribe(() => tray.update());
  return tray;
}
