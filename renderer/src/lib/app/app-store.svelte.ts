// Window-wide state: app info, settings, the current view, the open silence dialog, in-page
// notifications and a ticking clock for live ages. One instance, created in App.svelte and
// passed down through context.
import { createContext } from 'svelte';
import type { AppInfo, BridgeApi, QuickFrom, Subscriptions } from '$core/bridge/contract.ts';
import type { AppNotification } from '$core/model/events.ts';
import type { SilenceView } from '$core/model/view.ts';
import type { InstanceSecrets } from '$core/service.ts';
import type { Settings, UiSettings } from '$core/settings/types.ts';
import { errorMessage } from './errors.ts';
import { ViewStore } from '../view/view-store.svelte.ts';
import { FilterState } from '../alerts/filter-state.svelte.ts';
import { defaultUiSettings } from '$core/settings/defaults.ts';

export type ViewName = 'alerts' | 'silences' | 'instances' | 'timeline' | 'settings';

export type SilenceFormRequest =
  | { mode: 'create'; from?: QuickFrom; clusterId?: string; title?: string }
  | {
      mode: 'edit';
      silence: SilenceView;
      /** Called with the key the server now holds: a matcher change makes a NEW silence. */
      onsaved?: (silenceKey: string) => void;
    };

/** What 'ui:navigate' asks the alerts view to show and select. */
export type AlertsTarget = Pick<Subscriptions['ui:navigate'], 'groupKey' | 'fingerprint'>;

const MAX_NOTIFICATIONS = 50;

export const VIEW_NAMES: readonly ViewName[] = [
  'alerts',
  'silences',
  'instances',
  'timeline',
  'settings',
];

/** The view named by the URL hash (#/silences), so a reload stays where it was. */
export function viewFromHash(): ViewName {
  const name = typeof location === 'undefined' ? '' : location.hash.replace(/^#\/?/, '');
  return (VIEW_NAMES as readonly string[]).includes(name) ? (name as ViewName) : 'alerts';
}

export class AppStore {
  readonly bridge: BridgeApi;
  readonly view = new ViewStore();
  // Components read these through getters and change them through methods only, so every
  // write goes through one place (the view switch, the silence form, settings reloads).
  #info = $state.raw<AppInfo | null>(null);
  #settings = $state.raw<Settings | null>(null);
  #loadError = $state<string | null>(null);
  #current = $state<ViewName>(viewFromHash());
  /** Ticks every few seconds so ages ("firing 12m") stay live. */
  #now = $state(Date.now());
  #notifications = $state.raw<AppNotification[]>([]);
  /**
   * Set while a change is in effect in this window but could not be saved (the filter bar's
   * remembered filter): the window says so, with a retry, instead of pretending it was saved.
   */
  #unsaved = $state<string | null>(null);
  /** Unread toasts (ids) shown in the corner. */
  #toasts = $state.raw<AppNotification[]>([]);
  #silenceForm = $state.raw<SilenceFormRequest | null>(null);
  #refreshing = $state(false);

  get info(): AppInfo | null {
    return this.#info;
  }
  get settings(): Settings | null {
    return this.#settings;
  }
  get loadError(): string | null {
    return this.#loadError;
  }
  get current(): ViewName {
    return this.#current;
  }
  get now(): number {
    return this.#now;
  }
  get notifications(): readonly AppNotification[] {
    return this.#notifications;
  }
  get unsaved(): string | null {
    return this.#unsaved;
  }
  get toasts(): readonly AppNotification[] {
    return this.#toasts;
  }
  get silenceForm(): SilenceFormRequest | null {
    return this.#silenceForm;
  }
  get refreshing(): boolean {
    return this.#refreshing;
  }

  /** Switches the window to a view (tabs, the URL hash, navigation from notifications). */
  show(view: ViewName): void {
    this.#current = view;
  }

  /** Re-reads settings as stored (after a failed save, so the form shows what is kept). */
  async reloadSettings(): Promise<Settings> {
    const stored = await this.bridge['settings:get']();
    this.#settings = stored;
    return stored;
  }

  #filter: FilterState | null = null;
  // Hand-offs to views, by method call rather than state used as an event: a view that is
  // mounted handles a request at once; one that is not yet gets it when it mounts.
  #showInAlerts: ((target: AlertsTarget) => void) | null = null;
  #pendingAlertsTarget: AlertsTarget | null = null;
  #focusFilterInput: (() => void) | null = null;
  #pendingFilterFocus = false;
  #filterTimer: ReturnType<typeof setTimeout> | undefined;
  #pendingFilter: UiSettings['filter'] | null = null;
  #savingFilter: Promise<void> | null = null;
  #cleanup: (() => void)[] = [];

  constructor(bridge: BridgeApi) {
    this.bridge = bridge;
  }

  /** The alert filter, shared by the filter bar and every click-to-filter (needs settings). */
  get filter(): FilterState {
    this.#filter ??= new FilterState(this.settings?.ui.filter ?? defaultUiSettings().filter);
    return this.#filter;
  }

  /** Remembers the author and duration of a silence just created (best effort). */
  rememberSilenceChoice(author: string, durationMs: number): void {
    const s = this.settings;
    if (!s || !(durationMs > 0)) return;
    const last = s.silences.last;
    if (last && last.author === author && last.durationMs === durationMs) return;
    void this.updateSettings({
      ...s,
      silences: { ...s.silences, last: { author, durationMs } },
    }).catch(() => undefined /* the next silence starts from the defaults instead */);
  }

  /** Adds `name="value"` (`!=` with negate) to the alert filter and shows the alerts. */
  filterBy(name: string, value: string, negate = false): void {
    this.filter.addMatcher(name, value, negate);
    this.#current = 'alerts';
  }

  get author(): string {
    return this.settings?.silences.author || this.info?.user || '';
  }

  async init(): Promise<void> {
    this.#cleanup.push(this.view.connect(this.bridge));
    this.#cleanup.push(
      this.bridge.subscribe('notifications:shown', (n) => this.#onNotification(n)),
    );
    this.#cleanup.push(this.bridge.subscribe('ui:navigate', (t) => this.navigate(t)));
    const timer = setInterval(() => (this.#now = Date.now()), 5000);
    this.#cleanup.push(() => clearInterval(timer));
    // A look at the window ends when it is hidden or closed: the Timeline's "since you last
    // looked" starts there next time (best effort: the history may be off).
    if (typeof document !== 'undefined') {
      const seen = () => {
        if (document.visibilityState === 'hidden') this.markSeen();
      };
      const leaving = () => this.markSeen();
      document.addEventListener('visibilitychange', seen);
      window.addEventListener('pagehide', leaving);
      this.#cleanup.push(() => {
        document.removeEventListener('visibilitychange', seen);
        window.removeEventListener('pagehide', leaving);
      });
    }
    await this.loadBasics();
  }

  /** App info and settings; called again when the core comes back after a failed start. */
  async loadBasics(): Promise<void> {
    try {
      const [info, settings] = await Promise.all([
        this.bridge['app:info'](),
        this.bridge['settings:get'](),
      ]);
      this.#info = info;
      this.#settings = settings;
      this.#loadError = null;
    } catch (e) {
      this.#loadError = errorMessage(e);
    }
  }

  destroy(): void {
    for (const fn of this.#cleanup.splice(0)) fn();
  }

  navigate(target: Subscriptions['ui:navigate']): void {
    this.#current = target.view;
    if (target.view !== 'alerts' || (!target.groupKey && !target.fingerprint)) return;
    const wanted: AlertsTarget = {
      ...(target.groupKey ? { groupKey: target.groupKey } : {}),
      ...(target.fingerprint ? { fingerprint: target.fingerprint } : {}),
    };
    if (this.#showInAlerts) this.#showInAlerts(wanted);
    else this.#pendingAlertsTarget = wanted;
  }

  /** The alerts view shows navigation targets while mounted (one that came first, at once). */
  handleAlertsTargets(show: (target: AlertsTarget) => void): () => void {
    this.#showInAlerts = show;
    const pending = this.#pendingAlertsTarget;
    this.#pendingAlertsTarget = null;
    if (pending) queueMicrotask(() => show(pending));
    return () => {
      if (this.#showInAlerts === show) this.#showInAlerts = null;
    };
  }

  /** `/`: the alerts view, with its filter input focused. */
  focusFilter(): void {
    this.#current = 'alerts';
    if (this.#focusFilterInput) this.#focusFilterInput();
    else this.#pendingFilterFocus = true;
  }

  /** The filter bar focuses its input on request while mounted. */
  handleFilterFocus(focus: () => void): () => void {
    this.#focusFilterInput = focus;
    if (this.#pendingFilterFocus) {
      this.#pendingFilterFocus = false;
      queueMicrotask(focus);
    }
    return () => {
      if (this.#focusFilterInput === focus) this.#focusFilterInput = null;
    };
  }

  /** Save settings; returns the stored settings (the core validates and may normalise). */
  async updateSettings(
    next: Settings,
    secrets?: Record<string, InstanceSecrets>,
  ): Promise<Settings> {
    // An absent optional argument must stay absent: JSON would turn undefined into null.
    const stored = secrets
      ? await this.bridge['settings:update'](next, secrets)
      : await this.bridge['settings:update'](next);
    this.#settings = stored;
    return stored;
  }

  /**
   * Remember the filter bar (debounced). Saves never overlap and the newest value always
   * wins; comparing with the settings as stored avoids writing what is already there.
   */
  rememberFilter(filter: UiSettings['filter'], delayMs = 600): void {
    this.#pendingFilter = filter;
    clearTimeout(this.#filterTimer);
    this.#filterTimer = setTimeout(() => void this.flushFilter(), delayMs);
  }

  async flushFilter(): Promise<void> {
    clearTimeout(this.#filterTimer);
    if (this.#savingFilter) {
      await this.#savingFilter;
    }
    const filter = this.#pendingFilter;
    const settings = this.settings;
    if (!filter || !settings) return;
    this.#pendingFilter = null;
    if (JSON.stringify(settings.ui.filter) === JSON.stringify(filter)) return;
    this.#savingFilter = this.updateSettings({ ...settings, ui: { ...settings.ui, filter } })
      .then(() => {
        this.#unsaved = null;
      })
      .catch((e: unknown) => {
        // The filter stays in effect here; say that it was not remembered, and keep it to retry.
        this.#pendingFilter ??= filter;
        this.#unsaved = `The filter is in effect but was not saved: ${errorMessage(e)}`;
      })
      .finally(() => (this.#savingFilter = null));
    await this.#savingFilter;
    // A newer value may have arrived while saving (not after a failure: that waits for Retry).
    if (this.#pendingFilter && this.unsaved === null) await this.flushFilter();
  }

  /** Tries the failed save again (the banner's Retry). */
  async retrySave(): Promise<void> {
    this.#unsaved = null;
    await this.flushFilter();
  }

  async refresh(): Promise<void> {
    if (this.refreshing) return;
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

  openExternal(url: string): void {
    void this.bridge['app:openExternal'](url).catch(() => {
      /* the shell refuses non-http(s) URLs; nothing else to do */
    });
  }

  openSilenceForm(request: SilenceFormRequest): void {
    this.#silenceForm = request;
  }

  closeSilenceForm(): void {
    this.#silenceForm = null;
  }

  /** Shows what a notification is about: its silence, its instance, or its group/alert. */
  openNotification(n: AppNotification): void {
    const t = n.target;
    if (t?.silenceKey) this.navigate({ view: 'silences' });
    else if (t?.instanceId && !t.groupKey && !t.fingerprint) this.navigate({ view: 'instances' });
    else
      this.navigate({
        view: 'alerts',
        ...(t?.groupKey ? { groupKey: t.groupKey } : {}),
        ...(t?.fingerprint ? { fingerprint: t.fingerprint } : {}),
      });
  }

  /**
   * Acknowledge a group or an alert until it resolves (a short ack silence the core tends).
   * Says what happened in a toast; failures too, nothing is lost.
   */
  async acknowledge(from: QuickFrom, what: string): Promise<void> {
    try {
      const results = await this.bridge['silences:acknowledge'](from);
      const mins = this.settings?.silences.ackMinutes ?? 15;
      this.#flash(
        'Acknowledged',
        `${what}: silenced until it resolves (renewed every ${mins} min while this app runs).`,
        results[0]?.silenceKey,
      );
    } catch (e) {
      this.#flash('Acknowledge failed', `${what}: ${errorMessage(e)}`);
    }
  }

  /** Expire or extend a silence from a notification (stale-silence hygiene). */
  async expireSilence(key: string): Promise<void> {
    try {
      await this.bridge['silences:expire'](key);
      this.#flash('Silence expired', 'It no longer silences anything.', key);
    } catch (e) {
      this.#flash('Expire failed', errorMessage(e), key);
    }
  }

  async extendSilence(key: string, ms: number): Promise<void> {
    const s = this.view.silences[key];
    const endsAt = isoAt(Math.max(s ? Date.parse(s.endsAt) : 0, Date.now()) + ms);
    try {
      await this.bridge['silences:extend'](key, endsAt);
      this.#flash('Silence extended', `Now ends ${endsAt}.`, key);
    } catch (e) {
      this.#flash('Extend failed', errorMessage(e), key);
    }
  }

  #flashes = 0;
  #flash(title: string, body: string, silenceKey?: string): void {
    const n: AppNotification = {
      id: `local-${++this.#flashes}`,
      title,
      body,
      urgency: 'low',
      at: isoAt(Date.now()),
      events: [],
      ...(silenceKey ? { target: { silenceKey } } : {}),
    };
    this.#toasts = [n, ...this.toasts].slice(0, 4);
    setTimeout(() => this.dismissToast(n.id), 8_000);
  }

  dismissToast(id: string): void {
    this.#toasts = this.toasts.filter((t) => t.id !== id);
  }

  #onNotification(n: AppNotification): void {
    this.#notifications = [n, ...this.notifications].slice(0, MAX_NOTIFICATIONS);
    this.#toasts = [n, ...this.toasts].slice(0, 4);
    const id = n.id;
    setTimeout(() => this.dismissToast(id), n.urgency === 'critical' ? 30_000 : 10_000);
    // The Electron shell shows OS notifications itself; the browser shell uses the web API.
    if (this.info?.shell === 'browser' && typeof Notification !== 'undefined') {
      if (Notification.permission === 'granted') {
        const shown = new Notification(n.title, { body: n.body, tag: n.id });
        shown.onclick = () => {
          window.focus();
          this.openNotification(n);
        };
      }
    }
  }
}

/** An ISO time (a value, not reactive state). */
function isoAt(ms: number): string {
  return new Date(ms).toISOString();
}

// Svelte's typed context pair: the window's one store, set by App and read by every view.
const [getStore, setStore] = createContext<AppStore>();

export function setAppStore(store: AppStore): void {
  setStore(store);
}

export function getAppStore(): AppStore {
  return getStore();
}
