// The window's composition root: one instance, created in App.svelte and passed down through
// context. It wires one store per concern and holds only what spans them (the bridge
// subscriptions, the ticking clock, refresh, click-to-filter):
//   (private)     AppSettings       app info, settings as stored, loading and saving them
//   navigation    Navigation        current view, silence dialog, hand-offs to views
//   notifications Notifications     the core's notifications and the toasts
//   filterSaving  FilterPersistence the shared alert filter and its debounced saving
//   silences      SilenceActions    acknowledge, expire, extend (with a toast each)
// The settings getters and methods below delegate to AppSettings; `navigate` and
// `openSilenceForm` to Navigation (the silence views call them on the store).
import { Facets } from '../alerts/facets.svelte.ts';
import { ListWindow } from '../alerts/list-window.svelte.ts';
import { AlertsPlace } from '../alerts/alerts-place.ts';
import { listParams, NOTHING_COLLAPSED } from '../alerts/list-params.ts';
import { warmSilences } from '../silences/silence-list.ts';
import { clusterNameFromSettings } from '../view/cluster-names.ts';
import { createContext } from 'svelte';
import type { AppInfo, BridgeApi, Subscriptions } from '$core/bridge/contract.ts';
import type { InstanceSecrets } from '$core/service.ts';
import type { Settings } from '$core/settings/types.ts';
import { NotificationSounds } from '../sound/notification-sounds.ts';
import { SoundPlayer } from '../sound/player.ts';
import { ViewStore } from '../view/view-store.svelte.ts';
import type { FilterState } from '../alerts/filter-state.svelte.ts';
import { errorMessage } from './errors.ts';
import { openLink, type LinkOpened } from '../links/open-link.ts';
import { AppSettings, type SettingsChange } from './app-settings.svelte.ts';
import { FilterPersistence } from './filter-persistence.svelte.ts';
import { Navigation } from './navigation.svelte.ts';
import type { SilenceFormRequest } from './silence-form-request.ts';
import { Notifications } from './notifications.svelte.ts';
import { SilenceActions } from './silence-actions.ts';
import { UnsentComments } from '../silences/unsent-comments.ts';

export { VIEW_NAMES, type ViewName } from './navigation.svelte.ts';
export type { SilenceFormRequest } from './silence-form-request.ts';

export class AppStore {
  readonly bridge: BridgeApi;
  readonly view = new ViewStore();
  readonly #appSettings: AppSettings;
  readonly navigation = new Navigation();
  readonly notifications: Notifications;
  readonly filterSaving: FilterPersistence;
  readonly silences: SilenceActions;
  /** Comments of silence forms closed without a silence, given back when one reopens. */
  readonly unsentComments = new UnsentComments();
  /** The bundled sounds (Settings' Test buttons; notifications in the browser shell). */
  readonly sound = new SoundPlayer();
  /** Label names and values for autocompletion, asked of the core (the window holds no alerts). */
  readonly facets: Facets;
  /**
   * The alert list as the window holds it (the core's answers). The store's, not the alerts
   * view's: its first question goes out the moment the settings (the remembered filter)
   * arrive, so the core answers while the shell is being drawn.
   */
  readonly list: ListWindow;
  /** Where the reader was in the alert list when they went to another view. */
  readonly alertsPlace = new AlertsPlace();
  readonly #sounds: NotificationSounds;
  /** Ticks every few seconds so ages ("firing 12m") stay live. */
  #now = $state(Date.now());
  #refreshing = $state(false);
  #cleanup: (() => void)[] = [];

  constructor(bridge: BridgeApi) {
    this.bridge = bridge;
    this.facets = new Facets(bridge);
    this.list = new ListWindow(bridge);
    const settings = (this.#appSettings = new AppSettings(bridge, (loaded) => {
      if (this.navigation.current === 'alerts' && loaded.instances.length > 0)
        this.list.show(listParams(this.filter, NOTHING_COLLAPSED));
    }));
    this.notifications = new Notifications({
      inBrowser: () => settings.info?.shell === 'browser',
      open: (n) => this.navigation.openNotification(n),
    });
    this.#sounds = new NotificationSounds({
      player: this.sound,
      inBrowser: () => settings.info?.shell === 'browser',
      volume: () => settings.settings?.notifications.sound.volume ?? 0,
    });
    this.filterSaving = new FilterPersistence({
      settings: () => settings.settings,
      save: (next) => settings.update(next),
    });
    this.silences = new SilenceActions({
      bridge,
      settings: () => settings.settings,
      flash: (message) => this.notifications.flash(message),
      clusterLabel: (id) => this.view.clusterLabel(id),
      settled: (from) => this.notifications.settle(from),
      ended: (key) => this.notifications.settleSilence(key),
    });
    this.view.useEarlyNames((id) => clusterNameFromSettings(id, settings.settings));
  }

  get now(): number {
    return this.#now;
  }
  get refreshing(): boolean {
    return this.#refreshing;
  }
  /** The alert filter, shared by the filter bar and every click-to-filter (needs settings). */
  get filter(): FilterState {
    return this.filterSaving.filter;
  }

  get info(): AppInfo | null {
    return this.#appSettings.info;
  }
  get settings(): Settings | null {
    return this.#appSettings.settings;
  }
  get loadError(): string | null {
    return this.#appSettings.loadError;
  }
  get author(): string {
    return this.#appSettings.author;
  }
  loadBasics(): Promise<void> {
    return this.#appSettings.load();
  }
  reloadSettings(): Promise<Settings> {
    return this.#appSettings.reload();
  }
  updateSettings(
    next: SettingsChange,
    secrets?: Record<string, InstanceSecrets>,
  ): Promise<Settings> {
    return this.#appSettings.update(next, secrets);
  }
  rememberSilenceChoice(author: string, durationMs: number): void {
    this.#appSettings.rememberSilenceChoice(author, durationMs);
  }
  navigate(target: Subscriptions['ui:navigate']): void {
    this.navigation.navigate(target);
  }
  openSilenceForm(request: SilenceFormRequest): void {
    this.navigation.openSilenceForm(request);
  }

  async init(): Promise<void> {
    this.#cleanup.push(this.view.connect(this.bridge));
    this.#cleanup.push(
      this.bridge.subscribe('notifications:shown', (n) => this.notifications.receive(n)),
      this.bridge.subscribe('notifications:shown', (n) => this.#sounds.notified(n)),
    );
    this.#cleanup.push(this.bridge.subscribe('ui:navigate', (t) => this.navigation.navigate(t)));
    this.#cleanup.push(this.bridge.subscribe('list:changed', () => this.facets.stale()));
    // Sort keys and search text of every silence, made in the background as silences change:
    // a server may hold 100,000, and opening the Silences view must not make them all at once.
    this.#cleanup.push(
      $effect.root(() => {
        $effect(() => warmSilences(this.view.silenceList));
      }),
    );
    const timer = setInterval(() => (this.#now = Date.now()), 5000);
    this.#cleanup.push(() => clearInterval(timer));
    // A look at the window ends when it is hidden or closed: the Timeline's "since you last
    // looked" starts there next time (best effort: the history may be off). A filter change
    // still waiting for its save's pause is saved then too: closing the window within the
    // pause lost it.
    if (typeof document !== 'undefined') {
      const seen = () => {
        if (document.visibilityState !== 'hidden') return;
        this.markSeen();
        void this.filterSaving.flush();
      };
      const leaving = () => {
        this.markSeen();
        void this.filterSaving.flush();
      };
      document.addEventListener('visibilitychange', seen);
      window.addEventListener('pagehide', leaving);
      this.#cleanup.push(() => {
        document.removeEventListener('visibilitychange', seen);
        window.removeEventListener('pagehide', leaving);
      });
    }
    await this.#appSettings.load();
  }

  destroy(): void {
    for (const fn of this.#cleanup.splice(0)) fn();
  }

  /** Adds `name="value"` (`!=` with negate) to the alert filter and shows the alerts. */
  filterBy(name: string, value: string, negate = false): void {
    this.filter.addMatcher(name, value, negate);
    this.navigation.show('alerts');
  }

  async refresh(): Promise<void> {
    if (this.#refreshing) return;
    this.#refreshing = true;
    try {
      await this.bridge['view:refresh']();
    } finally {
      this.#refreshing = false;
    }
  }

  /** Tells the history that this look at the window ended now. */
  markSeen(): void {
    void this.bridge['history:markSeen']().catch(() => undefined /* history off */);
  }

  /**
   * Opens an http(s) link (lib/links/open-link.ts): in the system browser (Electron) or a new
   * tab (browser shell). Where it went, or null after saying why it did not open.
   */
  async openExternal(url: string): Promise<LinkOpened | null> {
    try {
      const inBrowser = this.#appSettings.info?.shell === 'browser';
      return await openLink(url, {
        ...(inBrowser ? {} : { shell: (u: string) => this.bridge['app:openExternal'](u) }),
        tab: (u) => void window.open(u, '_blank', 'noopener,noreferrer'),
      });
    } catch (e) {
      // Refused (not http(s)) or no browser to hand it to: never a silent nothing.
      this.notifications.flash({ title: 'Link not opened', body: errorMessage(e) });
      return null;
    }
  }
}

// Svelte's typed context pair: the window's one store, set by App and read by every view.
const [getStore, setStore] = createContext<AppStore>();

export function setAppStore(store: AppStore): void {
  setStore(store);
}

export function getAppStore(): AppStore {
  return getStore();
}
