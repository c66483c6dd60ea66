// What a click in the tray menu does, and the two bits of state the menu shows besides the
// view: the last quick silence (undoable for a few minutes) and "while you were away" after
// waking. Electron-free (the window, the notifier and the settings save come in), so Node
// tests drive it with a fake core.
import type { Core } from '../core/service.ts';
import {
  planAckedNotice,
  planSilencedNotice,
  type NotificationPlan,
} from './notification-options.ts';
import {
  SILENCE_DURATIONS,
  groupName,
  type NavigateRequest,
  type TrayAction,
} from './tray-menu.ts';

/** How long the tray menu offers to undo a quick silence. */
export const UNDO_MS = 5 * 60_000;

interface AwaySummary {
  fired: number;
  resolved: number;
}

export interface TrayActionsOptions {
  core: Pick<Core, 'snapshot' | 'silences' | 'refresh' | 'schedules' | 'getSettings'>;
  /**
   * Pauses notifications until the time given (null resumes): saved first, applied only when
   * saved (the bridge's `notifications:snooze`, as the window's own pause button).
   */
  snooze: (untilIso: string | null) => Promise<void>;
  showWindow: (navigate?: NavigateRequest) => void;
  /** Shows one of the app's own notifications (a confirmation). */
  notify: (plan: NotificationPlan) => void;
  /** The menu shows state held here: rebuild it. */
  refreshTray: () => void;
  quit: () => void;
  platform: NodeJS.Platform;
  now?: () => number;
}

export class TrayActions {
  readonly #opts: TrayActionsOptions;
  readonly #now: () => number;
  /** The last quick silence from the tray, undoable from the menu until `until`. */
  #lastQuick: { label: string; silenceKeys: string[]; until: number } | undefined;
  /** Set on waking from sleep with what happened meanwhile; cleared when the Timeline opens. */
  #away: AwaySummary | undefined;

  constructor(opts: TrayActionsOptions) {
    this.#opts = opts;
    this.#now = opts.now ?? Date.now;
  }

  /** The quick silence the menu offers to undo, while it still can. */
  undo(): { label: string; silenceKeys: string[] } | undefined {
    const last = this.#lastQuick;
    return last && last.until > this.#now()
      ? { label: last.label, silenceKeys: last.silenceKeys }
      : undefined;
  }

  away(): AwaySummary | undefined {
    return this.#away;
  }

  setAway(away: AwaySummary): void {
    this.#away = away;
    this.#opts.refreshTray();
  }

  async run(action: TrayAction): Promise<void> {
    const { core } = this.#opts;
    switch (action.type) {
      case 'open-window':
        if (action.navigate?.view === 'timeline' && this.#away) {
          this.#away = undefined;
          this.#opts.refreshTray();
        }
        this.#opts.showWindow(action.navigate);
        return;
      case 'silence-group':
        return this.#silenceGroup(action.groupKey, action.durationMs);
      case 'ack-group': {
        const group = core.snapshot().groups[action.groupKey];
        const results = await core.silences.acknowledge(
          { groupKey: action.groupKey },
          'Acknowledged from the Alertmanager Tray menu',
        );
        this.#opts.notify(
          planAckedNotice(
            group ? groupName(group) : action.groupKey,
            results.map((r) => r.silenceKey),
            this.#opts.platform,
          ),
        );
        return;
      }
      case 'unack-group': {
        const group = core.snapshot().groups[action.groupKey];
        // Only this install's acks come here (the menu offers no one else's).
        await core.silences.undo(action.silenceKeys);
        this.#opts.notify({
          options: {
            title: 'Acknowledgement ended',
            body: `${group ? groupName(group) : action.groupKey}: its alerts notify again.`,
            silent: true,
          },
          onClick: { view: 'alerts', groupKey: action.groupKey },
          actions: [],
        });
        return;
      }
      case 'extend-silence':
        await core.silences.extendBy(action.silenceKey, action.durationMs);
        return;
      case 'undo-silence':
        await core.silences.undo(action.silenceKeys);
        this.#lastQuick = undefined;
        this.#opts.refreshTray();
        return;
      case 'snooze':
        await this.#opts.snooze(action.untilIso);
        this.#opts.refreshTray();
        return;
      case 'start-template': {
        await core.schedules.fromTemplate(action.templateId, action.clusterId);
        const t = core.getSettings().schedules.templates.find((x) => x.id === action.templateId);
        this.#opts.notify({
          options: {
            title: 'Silence started',
            body: `From the template ${t?.name ?? action.templateId}.`,
            silent: true,
          },
          onClick: { view: 'silences' },
          actions: [],
        });
        return;
      }
      case 'refresh':
        await core.refresh();
        return;
      case 'quit':
        this.#opts.quit();
        return;
    }
  }

  async #silenceGroup(groupKey: string, durationMs: number): Promise<void> {
    const { core } = this.#opts;
    const group = core.snapshot().groups[groupKey];
    const what = group ? groupName(group) : groupKey;
    const results = await core.silences.quick(
      { groupKey },
      durationMs,
      'Silenced from the Alertmanager Tray menu',
    );
    const silenceKeys = results.map((r) => r.silenceKey);
    // Undo from the menu for a few minutes, and from the confirmation where it has buttons.
    this.#lastQuick = { label: `silence of ${what}`, silenceKeys, until: this.#now() + UNDO_MS };
    this.#opts.refreshTray();
    const duration = SILENCE_DURATIONS.find((d) => d.ms === durationMs)?.label ?? 'a while';
    this.#opts.notify(planSilencedNotice(what, duration, silenceKeys, this.#opts.platform));
  }
}
