// The stand-in's Tray and Menu: what the app shows in the tray is reported to the test, and
// the test clicks an item of the latest menu by id.
import { EventEmitter } from 'node:events';

/** @param {(msg: object) => void} report */
export function createTray(report) {
  let lastMenu;
  const Menu = { buildFromTemplate: (template) => ({ template }) };

  function serializeMenu(items) {
    return items.map((i) => ({
      id: i.id,
      type: i.type,
      label: i.label,
      enabled: i.enabled,
      ...(i.submenu ? { submenu: serializeMenu(i.submenu) } : {}),
    }));
  }

  function findItem(items, id) {
    for (const item of items) {
      if (item.id === id) return item;
      const inner = item.submenu && findItem(item.submenu, id);
      if (inner) return inner;
    }
    return undefined;
  }

  class Tray extends EventEmitter {
    constructor(image) {
      super();
      report({ type: 'tray-image', path: image.path });
    }
    setImage(image) {
      report({ type: 'tray-image', path: image.path });
    }
    setToolTip(text) {
      report({ type: 'tray-tooltip', text });
    }
    setContextMenu(menu) {
      lastMenu = menu;
      report({ type: 'menu', items: serializeMenu(menu.template) });
    }
    isDestroyed() {
      return false;
    }
    destroy() {}
  }

  /** The clickable item `id` of the latest menu, if any. */
  const menuItem = (id) => (lastMenu ? findItem(lastMenu.template, id) : undefined);
  return { Tray, Menu, menuItem };
}
