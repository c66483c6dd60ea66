// The window's stand-in for $core/matchers/re2-engine.ts (renderer/vite.config.ts puts it in
// that module's place): the same exports, with re2js fetched as a chunk of its own when first
// asked for instead of with the window's code. Opening the window then compiles and evaluates
// only what draws the list (re2js was ~150 kB and ~200 ms of a fresh page's opening, issue 29).
// Whoever needs RE2 before it has arrived gets RegexEngineNotLoaded, never a wrong verdict:
// the window's callers wait for `loadRegexEngine()` (lazy views, the filter's matchers, the
// detail's expired silences: lib/matchers/regex-engine.svelte.ts).
import type * as Re2 from 're2js';
import { RegexEngineNotLoaded } from '$core/matchers/regex-engine-error.ts';

export { RegexEngineNotLoaded };

let engine: typeof Re2 | undefined;
let loading: Promise<void> | undefined;

function loaded(): typeof Re2 {
  if (!engine) throw new RegexEngineNotLoaded();
  return engine;
}

export function regexEngineLoaded(): boolean {
  return engine !== undefined;
}

export function loadRegexEngine(): Promise<void> {
  return (loading ??= import('re2js').then(
    (m) => {
      engine = m;
    },
    (err: unknown) => {
      // A failed fetch (the shell restarted with another build) is tried again next time.
      loading = undefined;
      throw err;
    },
  ));
}

/** RE2JS's static side, as the matcher modules use it (they call only `compile`). */
export const RE2JS = {
  compile(regex: string, flags?: number): Re2.RE2JS {
    return loaded().RE2JS.compile(regex, flags);
  },
};

/** `instanceof RE2JSSyntaxException` answers as re2js's own class does (false until loaded). */
export const RE2JSSyntaxException = {
  [Symbol.hasInstance](value: unknown): boolean {
    return engine !== undefined && value instanceof engine.RE2JSSyntaxException;
  },
};
