// The app's info and its settings as stored in the core: loaded at start (and again when the
// core comes back after a failed start), re-read after a failed save, and saved through the
// bridge (the core validates and may normalise: what it returns is what is kept).
import type { AppInfo, BridgeApi } from '$core/bridge/contract.ts';
import type { InstanceSecrets } from '$core/service.ts';
import type { Settings } from '$core/settings/types.ts';
import { errorMessage } from './errors.ts';

/** New settings, or a change made to the settings as stored when the save starts. */
export type SettingsChange = Settings | ((current: Settings) => Settings);

export class AppSettings {
  readonly #bridge: BridgeApi;
  #info = $state.raw<AppInfo | null>(null);
  #settings = $state.raw<Settings | null>(null);
  #loadError = $state<string | null>(null);
  /** The last save queued: the next one starts after it (see `update`). */
  #queue: Promise<unknown> = Promise.resolve();

  readonly #onLoaded: ((settings: Settings) => void) | undefined;

  /**
   * `onLoaded` runs as soon as the settings arrive, before the window renders with them: the
   * window's first list question goes out then and is answered while the shell is drawn.
   */
  constructor(bridge: BridgeApi, onLoaded?: (settings: Settings) => void) {
    this.#bridge = bridge;
    this.#onLoaded = onLoaded;
  }

  get info(): AppInfo | null {
    return this.#info;
  }
  get settings(): Settings | null {
    return this.#settings;
  }
  /** Why the info and settings could not be loaded (the core did not start). */
  get loadError(): string | null {
    return this.#loadError;
  }
  /** Who silences: the configured author, else the user the app runs as. */
  get author(): string {
    return this.#settings?.silences.author || this.#info?.user || '';
  }

  /** App info and settings; called again when the core comes back after a failed start. */
  async load(): Promise<void> {
    try {
      const [info, settings] = await Promise.all([
        this.#bridge['app:info'](),
        this.#bridge['settings:get'](),
      ]);
      this.#info = info;
      this.#settings = settings;
      this.#loadError = null;
    } catch (e) {
      this.#loadError = errorMessage(e);
      return;
    }
    this.#onLoaded?.(this.#settings);
  }

  /** Re-reads settings as stored (after a failed save, so the form shows what is kept). */
  async reload(): Promise<Settings> {
    const stored = await this.#bridge['settings:get']();
    this.#settings = stored;
    return stored;
  }

  /**
   * Save settings; returns the stored settings (the core validates and may normalise).
   * Saves run one at a time, and a change given as a function is applied to the settings as
   * stored by the save before it: two parts of the window saving at once (the remembered
   * filter and a saved view, say) must not overwrite each other with what they read earlier.
   */
  update(next: SettingsChange, secrets?: Record<string, InstanceSecrets>): Promise<Settings> {
    const run = async (): Promise<Settings> => {
      const current = this.#settings;
      let value: Settings;
      if (typeof next === 'function') {
        if (!current) throw new Error('Settings are not loaded yet');
        value = next(current);
      } else value = next;
      // An absent optional argument must stay absent: JSON would turn undefined into null.
      const stored = secrets
        ? await this.#bridge['settings:update'](value, secrets)
        : await this.#bridge['settings:update'](value);
      this.#settings = stored;
      return stored;
    };
    const result = this.#queue.then(run, run);
    this.#queue = result.catch(() => undefined);
    return result;
  }

  /** Remembers the author and duration of a silence just created (best effort). */
  rememberSilenceChoice(author: string, durationMs: number): void {
    const s = this.#settings;
    if (!s || !(durationMs > 0)) return;
    const last = s.silences.last;
    if (last && last.author === author && last.durationMs === durationMs) return;
    void this.update((c) => ({
      ...c,
      silences: { ...c.silences, last: { author, durationMs } },
    })).catch(() => undefined /* the next silence starts from the defaults instead */);
  }
}
