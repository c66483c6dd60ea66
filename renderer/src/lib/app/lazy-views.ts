// The parts of the window not drawn when it opens, as chunks of their own (issue 29: opening the
// window compiles and evaluates only the shell and the alert list; the whole bundle took ~70 ms
// to evaluate on a fresh page, the shell and list alone ~35). Each loader is memoised, so
// `{#await}` gets the same promise every time, and `warmViews` loads them all once the window
// has drawn its list, so the first switch to another view does not wait for a fetch. A view
// that cannot be loaded says so (App.svelte) instead of leaving the window blank.

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | undefined;
  return () =>
    (promise ??= load().catch((err: unknown) => {
      // A failed fetch (the shell restarted with another build) is tried again next time.
      promise = undefined;
      throw err;
    }));
}

export const lazyViews = {
  silences: once(() => import('../../views/silences/SilencesView.svelte')),
  instances: once(() => import('../../views/instances/InstancesView.svelte')),
  timeline: once(() => import('../../views/timeline/TimelineView.svelte')),
  settings: once(() => import('../../views/settings/SettingsView.svelte')),
  setup: once(() => import('../../views/settings/SetupScreen.svelte')),
  silenceDialog: once(() => import('../../views/silences/SilenceDialog.svelte')),
  shortcuts: once(() => import('../../views/shell/ShortcutsSheet.svelte')),
};

/** Loads every lazy view in the background (idle time, a second after the window opened). */
export function warmViews(): () => void {
  const warm = (): void => {
    for (const load of Object.values(lazyViews)) void load();
  };
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(warm, { timeout: 2000 });
    else warm();
  }, 1000);
  return () => clearTimeout(timer);
}
