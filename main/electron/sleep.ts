// Sleep and wake for the Electron shell: polling stops while asleep (power.ts), sleep ends a
// look at the history ("since you last looked" starts there), and waking with something new
// says so once: in the tray menu until the Timeline opens, and as a notification.
import { Notification, powerMonitor } from 'electron';
import type { HistoryService } from '../core/history/history-service.ts';
import type { Core } from '../core/service.ts';
import { wirePower } from './power.ts';
import type { TrayActions } from './tray-actions.ts';
import { awayText, type NavigateRequest } from './tray-menu.ts';

export interface SleepOptions {
  core: Pick<Core, 'setPollingPaused' | 'refresh'>;
  history: Pick<HistoryService, 'markSeen' | 'awaySummary'>;
  tray: Pick<TrayActions, 'setAway'>;
  showWindow: (navigate: NavigateRequest) => void;
  log: (line: string) => void;
}

/** Returns the function that unwires it (at quit). */
export function wireSleep(opts: SleepOptions): () => void {
  return wirePower(powerMonitor, opts.core, opts.log, {
    suspended: () => opts.history.markSeen(),
    woke: () => {
      const summary = opts.history.awaySummary();
      if (!summary || summary.fired + summary.resolved === 0) return;
      const away = { fired: summary.fired, resolved: summary.resolved };
      opts.tray.setAway(away);
      if (!Notification.isSupported()) return;
      const note = new Notification({
        title: awayText(away),
        body: 'Open the Timeline to see what happened.',
      });
      note.on('click', () => opts.showWindow({ view: 'timeline' }));
      note.show();
    },
  });
}
