// The tray icon and its menu, rebuilt from the pure model (tray-menu.ts) whenever the view or
// the pause state changes. Actions run without opening the window (silence from the tray).
import { Menu, Tray, nativeImage, nativeTheme, type MenuItemConstructorOptions } from 'electron';
import { join } from 'node:path';
import type { ViewSnapshot } from '../core/model/view.ts';
import {
  buildTrayMenu,
  type MenuItemModel,
  type MenuModel,
  type TrayAction,
  type TrayIconState,
} from './tray-menu.ts';

export interface TrayOptions {
  assetsDir: string;
  platform: NodeJS.Platform;
  snapshot: () => ViewSnapshot;
  snoozeUntil: () => string | undefined;
  severityOrder: () => readonly string[];
  /** The dead-man's-switch matcher (settings.notifications.watchdog). */
  watchdog?: () => string;
  /** Quiet hours or notifications off, said in the tooltip and the menu (quietText). */
  quiet?: () => string | null;
  /** The last quick silence, while it can still be undone from the menu. */
  undo?: () => { label: string; silenceKeys: string[] } | undefined;
  /** "While you were away" after waking, until the Timeline has been opened. */
  away?: () => { fired: number; resolved: number } | undefined;
  /** "next: DB maintenance Tue 02:00" (core/schedules/overview.ts). */
  nextSchedule?: () => string | undefined;
  /** Silence templates offered under "Start from template". */
  templates?: () => readonly { id: string; name: string }[];
  onAction: (action: TrayAction) => void;
  /** Left click on the icon (Windows, macOS, some Linux panels). */
  onClick: () => void;
}

export interface TrayController {
  /** Rebuild now (coalesced with other updates in the same tick). */
  update(): void;
  model(): MenuModel;
  destroy(): void;
}

function iconFile(assetsDir: string, state: TrayIconState, platform: NodeJS.Platform): string {
  if (platform === 'darwin') return join(assetsDir, 'tray', `${state}Template.png`);
  // Glyph colour is the state; the rim contrasts with the panel.
  const variant = nativeTheme.shouldUseDarkColors ? 'dark' : 'light';
  return join(assetsDir, 'tray', `${state}-${variant}.png`);
}

function toTemplate(
  items: MenuItemModel[],
  onAction: (a: TrayAction) => void,
): MenuItemConstructorOptions[] {
  return items.map((item): MenuItemConstructorOptions => {
    if (item.type === 'separator') return { type: 'separator' };
    const action = item.action;
    return {
      id: item.id,
      label: item.label,
      enabled: item.enabled ?? true,
      ...(item.submenu ? { submenu: toTemplate(item.submenu, onAction) } : {}),
      ...(action ? { click: () => onAction(action) } : {}),
    };
  });
}

export function createTray(opts: TrayOptions): TrayController {
  const build = () => {
    const undo = opts.undo?.();
    const away = opts.away?.();
    const nextSchedule = opts.nextSchedule?.();
    const templates = opts.templates?.() ?? [];
    return buildTrayMenu(opts.snapshot(), {
      now: Date.now(),
      snoozeUntil: opts.snoozeUntil(),
      severityOrder: opts.severityOrder(),
      watchdog: opts.watchdog?.() ?? '',
      quiet: opts.quiet?.() ?? null,
      ...(undo ? { undo } : {}),
      ...(away ? { away } : {}),
      ...(nextSchedule ? { nextSchedule } : {}),
      templates,
    });
  };
  let current = build();
  const tray = new Tray(
    nativeImage.createFromPath(iconFile(opts.assetsDir, current.icon, opts.platform)),
  );
  let shownIcon = current.icon;
  let shownMenu = '';

  const apply = (reloadIcon = false) => {
    current = build();
    if (reloadIcon || current.icon !== shownIcon) {
      tray.setImage(
        nativeImage.createFromPath(iconFile(opts.assetsDir, current.icon, opts.platform)),
      );
      shownIcon = current.icon;
    }
    tray.setToolTip(current.tooltip);
    // Rebuilding a native menu while it is open closes it on some platforms: only on change.
    const key = JSON.stringify(current.items);
    if (key !== shownMenu) {
      shownMenu = key;
      tray.setContextMenu(Menu.buildFromTemplate(toTemplate(current.items, opts.onAction)));
    }
  };
  apply();
  tray.on('click', opts.onClick);
  // The panel went light/dark: the rim variant changes even if the state did not.
  const onTheme = () => apply(true);
  nativeTheme.on('updated', onTheme);

  let scheduled = false;
  // A pause ends on its own: refresh the menu at least every 30 s for the "until" state.
  const ticker = setInterval(() => controller.update(), 30_000);
  const controller: TrayController = {
    update() {
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        if (!tray.isDestroyed()) apply();
      });
    },
    model: () => current,
    destroy() {
      clearInterval(ticker);
      nativeTheme.removeListener('updated', onTheme);
      tray.destroy();
    },
  };
  return controller;
}
