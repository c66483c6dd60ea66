// The RE2 engine (re2js), behind the one module every matcher file takes it from. In Node (the
// core, the tests) it is loaded with the module, so it is always there. The window's build
// replaces this module with renderer/src/lib/matchers/re2-engine-lazy.ts (same exports), which
// fetches re2js after the window has drawn its list: re2js is ~150 kB of the window's code and
// took ~200 ms of a fresh page's ~1 s opening (issue 29), while the window needs it only to
// read filter matchers and silences, never to draw the list (the core filters).
export { RE2JS, RE2JSSyntaxException } from 're2js';

export { RegexEngineNotLoaded } from './regex-engine-error.ts';

/** Whether RE2 can be used synchronously now (always, here). */
export function regexEngineLoaded(): boolean {
  return true;
}

/** Resolves once RE2 can be used (at once, here). */
export function loadRegexEngine(): Promise<void> {
  return Promise.resolve();
}
