// Test-only hook (Playwright evaluates in the main process): the tray menu as data, and
// clicking one of its items by id. Installed only when AMTRAY_E2E=1.
import type { Core } from '../core/service.ts';
import type { TrayController } from './tray.ts';
import type { MenuItemModel, TrayAction } from './tray-menu.ts';

function findAction(items: MenuItemModel[], id: string): TrayAction | undefined {
  for (const item of items) {
    if (item.type !== 'item') continue;
    if (item.id === id) return item.action;
    const inner = item.submenu && findAction(item.submenu, id);
    if (inner) return inner;
  }
  return undefined;
}

export interface E2eHookOptions {
  tray: TrayController;
  run: (action: TrayAction) => Promise<void>;
  core: Pick<Core, 'refresh'>;
}

export function installE2eHook(opts: E2eHookOptions): void {
  (globalThis as Record<string, unknown>).__amtrayE2E = {
    trayModel: () => opts.tray.model(),
    trayClick: async (id: string) => {
      opts.tray.update();
      await new Promise((r) => setImmediate(r));
      const action = findAction(opts.tray.model().items, id);
      if (!action) throw new Error(`no tray item ${id}`);
      await opts.run(action);
    },
    refresh: () => opts.core.refresh(),
  };
}
