// The parts of the window not drawn when it opens, as chunks of their own (issue 29: opening the
// window compiles and evaluates only the shell and the alert list; the whole bundle took ~70 ms
// to evaluate on a fresh page, the shell and list alone ~35). Each loader is memoised, so
// `{#await}` gets the same promise every time, and `warmViews` loads them all once the window
// has drawn its list, so the first switch to another view does not wait for a fetch. A view
// that cannot be loaded says so (App.svelte) instead of leaving the window blank. The RE2
// engine is warmed with them (every view but the shortcuts waits for it).

import { regexEngine } from '../matchers/regex-engine.svelte.ts';
import { warmTimeFormats } from '../format/time.ts';

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | undefined;
  return () =>
    (promise ??= load().catch((err: unknown) => {
      // A failed fetch (the shell restarted with another build) is tried again next time.
      promise = undefined;
      throw err;
    }));
}

/**
 * The view, once the RE2 engine is there too: silences, settings and the timeline read
 * matchers as they draw (the engine is fetched late, lib/matchers/re2-engine-lazy.ts).
 */
function withRegex<T>(view: Promise<T>): Promise<T> {
  return Promise.all([view, regexEngine.load()]).then(([v]) => v);
}

export const lazyViews = {
  silences: once(() => withRegex(import('../../views/silences/SilencesView.svelte'))),
  instances: once(() => withRegex(import('../../views/instances/InstancesView.svelte'))),
  timeline: once(() => withRegex(import('../../views/timeline/TimelineView.svelte'))),
  settings: once(() => withRegex(import('../../views/settings/SettingsView.svelte'))),
  setup: once(() => withRegex(import('../../views/settings/SetupScreen.svelte'))),
  silenceDialog: once(() => withRegex(import('../../views/silences/SilenceDialog.svelte'))),
  shortcuts: once(() => import('../../views/shell/ShortcutsSheet.svelte')),
};

/**
 * Loads every lazy view in the background (idle time, a second after the window opened), and
 * sets up the time formatters the first detail would (lib/format/time.ts).
 */
export function warmViews(): () => void {
  const warm = (): void => {
    for (const load of Object.values(lazyViews)) void load();
    warmTimeFormats();
  };
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(warm, { timeout: 2000 });
    else warm();
  }, 1000);
  return () => clearTimeout(timer);
}
