// The window's size and position are a setting (settings.ui.window) like any other: saved
// first, applied to the running app only once saved (the rule of bridge/handlers.ts), so a
// failed save leaves the app as the file is. Electron-free: Node tests drive it.
import type { Core } from '../core/service.ts';
import type { Settings } from '../core/settings/types.ts';
import { sameBounds, type Rect } from './window-bounds.ts';

export interface SavedBoundsOptions {
  core: Pick<Core, 'getSettings' | 'updateSettings'>;
  /** Saves settings to the file (throws when it cannot). */
  persist: (settings: Settings) => Promise<void>;
  log: (line: string) => void;
}

export class SavedBounds {
  readonly #opts: SavedBoundsOptions;
  /** Being saved now: the same bounds again need no second save. */
  #pending: Rect | undefined;

  constructor(opts: SavedBoundsOptions) {
    this.#opts = opts;
  }

  /** Where a new window goes: the bounds as saved. */
  current(): Rect | undefined {
    return this.#opts.core.getSettings().ui.window;
  }

  /** The window moved or was resized: save, then apply. Failures are logged, never thrown. */
  async changed(bounds: Rect): Promise<void> {
    const { core, persist, log } = this.#opts;
    if (sameBounds(bounds, this.#pending ?? this.current())) return;
    this.#pending = bounds;
    try {
      const s = core.getSettings();
      const next: Settings = { ...s, ui: { ...s.ui, window: bounds } };
      await persist(next);
      core.updateSettings(next);
    } catch (err) {
      log(`saving window bounds failed: ${String(err)}`);
    } finally {
      if (this.#pending === bounds) this.#pending = undefined;
    }
  }
}
