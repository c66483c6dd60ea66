// Where the window is: the current view, the open silence dialog, and hand-offs to views that
// show something on request (the alerts view selecting a group or alert, the filter bar
// focusing its input). Hand-offs are method calls, not state used as an event: a view that is
// mounted handles a request at once; one that is not yet gets it when it mounts.
import type { Subscriptions } from '$core/bridge/contract.ts';
import type { AppNotification } from '$core/model/events.ts';
import type { SilenceFormRequest } from './silence-form-request.ts';

/** The views, in the order of the tabs and of the keys 1-5. */
export const VIEW_NAMES = ['alerts', 'silences', 'instances', 'timeline', 'settings'] as const;
export type ViewName = (typeof VIEW_NAMES)[number];

/** What 'ui:navigate' asks the alerts view to show and select. */
type AlertsTarget = Pick<Subscriptions['ui:navigate'], 'groupKey' | 'fingerprint'>;

/** The view named by the URL hash (#/silences), so a reload stays where it was. */
function viewFromHash(): ViewName {
  const name = typeof location === 'undefined' ? '' : location.hash.replace(/^#\/?/, '');
  return (VIEW_NAMES as readonly string[]).includes(name) ? (name as ViewName) : 'alerts';
}

/** A request that waits for its handler to mount. */
class HandOff<T> {
  #handler: ((request: T) => void) | null = null;
  #pending: { request: T } | null = null;

  request(request: T): void {
    if (this.#handler) this.#handler(request);
    else this.#pending = { request };
  }

  /** Handles requests until the returned function is called (one that came first, at once). */
  handle(handler: (request: T) => void): () => void {
    this.#handler = handler;
    const pending = this.#pending;
    this.#pending = null;
    if (pending) queueMicrotask(() => handler(pending.request));
    return () => {
      if (this.#handler === handler) this.#handler = null;
    };
  }
}

export class Navigation {
  #current = $state<ViewName>(viewFromHash());
  #silenceForm = $state.raw<SilenceFormRequest | null>(null);
  readonly #alertsTargets = new HandOff<AlertsTarget>();
  readonly #filterFocus = new HandOff<void>();
  /** Asked before the view changes (Settings with unsaved changes); false stays. */
  #leaveGuard: ((to: ViewName) => boolean) | null = null;
  readonly #viewLinks = new HandOff<string>();
  /** Not state: read only when `/` is pressed. */
  readonly #silenceTargets = new HandOff<string>();
  readonly #instanceTargets = new HandOff<string>();
  readonly #viewFilters: Partial<Record<ViewName, () => void>> = {};
  readonly #templatesFocus = new HandOff<void>();

  get current(): ViewName {
    return this.#current;
  }
  /** The silence dialog's request while it is open. */
  get silenceForm(): SilenceFormRequest | null {
    return this.#silenceForm;
  }

  /** Switches the window to a view (tabs, the URL hash, navigation from notifications). */
  show(view: ViewName): void {
    this.#go(view);
  }

  /** While set, every switch to another view asks `guard` first; returns the unset. */
  guardLeave(guard: (to: ViewName) => boolean): () => void {
    this.#leaveGuard = guard;
    return () => {
      if (this.#leaveGuard === guard) this.#leaveGuard = null;
    };
  }

  /** Switches without asking (the guard's own Save or Discard). */
  leave(view: ViewName): void {
    this.#current = view;
  }

  #go(view: ViewName): boolean {
    if (view !== this.#current && this.#leaveGuard && !this.#leaveGuard(view)) return false;
    this.#current = view;
    return true;
  }

  /** A view, and in the alerts view a group or alert to show and select. */
  navigate(target: Subscriptions['ui:navigate']): void {
    if (!this.#go(target.view)) return;
    if (target.viewLink) this.#viewLinks.request(target.viewLink);
    if (target.view !== 'alerts' || (!target.groupKey && !target.fingerprint)) return;
    this.#alertsTargets.request({
      ...(target.groupKey ? { groupKey: target.groupKey } : {}),
      ...(target.fingerprint ? { fingerprint: target.fingerprint } : {}),
    });
  }

  /** The alerts view shows navigation targets while mounted (one that came first, at once). */
  handleAlertsTargets(show: (target: AlertsTarget) => void): () => void {
    return this.#alertsTargets.handle(show);
  }

  /** Silences, with this silence selected (a Timeline line about it). */
  showSilence(key: string): void {
    if (this.#go('silences')) this.#silenceTargets.request(key);
  }
  handleSilenceTargets(select: (key: string) => void): () => void {
    return this.#silenceTargets.handle(select);
  }

  /** Instances, with this instance selected (a Timeline line about it). */
  showInstance(id: string): void {
    if (this.#go('instances')) this.#instanceTargets.request(id);
  }
  handleInstanceTargets(select: (id: string) => void): () => void {
    return this.#instanceTargets.handle(select);
  }

  /** The saved views apply view links the app was opened with (alertmanager-tray://view?…). */
  handleViewLinks(apply: (link: string) => void): () => void {
    return this.#viewLinks.handle(apply);
  }

  /** `/`: the current view's own search box, else the alerts view with its filter focused. */
  focusFilter(): void {
    const own = this.#viewFilters[this.#current];
    if (own) return own();
    if (!this.#go('alerts')) return;
    this.#filterFocus.request();
  }

  /** A view with its own search box (Silences, Instances, Timeline) takes `/` while mounted. */
  handleViewFilter(view: ViewName, focus: () => void): () => void {
    this.#viewFilters[view] = focus;
    return () => {
      if (this.#viewFilters[view] === focus) delete this.#viewFilters[view];
    };
  }

  /** `t`: Silences' templates bar takes focus (or says there is none), from any view. */
  focusTemplates(): void {
    if (!this.#go('silences')) return;
    this.#templatesFocus.request();
  }

  handleTemplatesFocus(focus: () => void): () => void {
    return this.#templatesFocus.handle(focus);
  }

  /** The filter bar focuses its input on request while mounted. */
  handleFilterFocus(focus: () => void): () => void {
    return this.#filterFocus.handle(focus);
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

  openSilenceForm(request: SilenceFormRequest): void {
    this.#silenceForm = request;
  }

  closeSilenceForm(): void {
    this.#silenceForm = null;
  }
}
