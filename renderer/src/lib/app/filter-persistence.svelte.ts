// The alert filter is remembered in settings: this owns the window's one FilterState and saves
// each change (debounced). Saves never overlap and the newest value always wins; a failed save
// leaves the filter in effect and says so (with a retry) instead of pretending it was saved.
import type { Settings } from '$core/settings/types.ts';
import { defaultUiSettings } from '$core/settings/defaults.ts';
import { FilterState, type FilterValue } from '../alerts/filter-state.svelte.ts';
import { errorMessage } from './errors.ts';

interface FilterPersistenceOptions {
  /** The settings as stored (null until loaded). */
  settings: () => Settings | null;
  /** Saves a change to the settings as stored; resolves with what was stored. */
  save: (change: (current: Settings) => Settings) => Promise<Settings>;
  /** How long a change waits for the next one before it is saved. */
  delayMs?: number;
}

export class FilterPersistence {
  readonly #options: FilterPersistenceOptions;
  #filter: FilterState | null = null;
  #unsaved = $state<string | null>(null);
  #timer: ReturnType<typeof setTimeout> | undefined;
  #pending: FilterValue | null = null;
  #saving: Promise<void> | null = null;

  constructor(options: FilterPersistenceOptions) {
    this.#options = options;
  }

  /**
   * The alert filter, shared by the filter bar and every click-to-filter. Made on first use
   * from what settings remember (they are loaded by then: the views wait for them).
   */
  get filter(): FilterState {
    this.#filter ??= new FilterState({
      saved: this.#options.settings()?.ui.filter ?? defaultUiSettings().filter,
      onchange: (value) => this.remember(value),
    });
    return this.#filter;
  }

  /** Set while the filter is in effect in this window but could not be saved. */
  get unsaved(): string | null {
    return this.#unsaved;
  }

  /** Saves the filter after a pause (a newer value replaces one still waiting). */
  remember(filter: FilterValue): void {
    this.#pending = filter;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.flush(), this.#options.delayMs ?? 600);
  }

  /** Saves what is waiting now (leaving the alerts view must not drop it). */
  async flush(): Promise<void> {
    clearTimeout(this.#timer);
    if (this.#saving) {
      await this.#saving;
    }
    const filter = this.#pending;
    const settings = this.#options.settings();
    if (!filter || !settings) return;
    this.#pending = null;
    // Comparing with the settings as stored avoids writing what is already there.
    if (JSON.stringify(settings.ui.filter) === JSON.stringify(filter)) return;
    this.#saving = this.#options
      .save((c) => ({ ...c, ui: { ...c.ui, filter } }))
      .then(() => {
        this.#unsaved = null;
      })
      .catch((e: unknown) => {
        // The filter stays in effect here; say that it was not remembered, and keep it to retry.
        this.#pending ??= filter;
        this.#unsaved = `The filter is in effect but was not saved: ${errorMessage(e)}`;
      })
      .finally(() => (this.#saving = null));
    await this.#saving;
    // A newer value may have arrived while saving (not after a failure: that waits for Retry).
    if (this.#pending && this.#unsaved === null) await this.flush();
  }

  /** Tries the failed save again (the banner's Retry). */
  async retry(): Promise<void> {
    this.#unsaved = null;
    await this.flush();
  }
}
