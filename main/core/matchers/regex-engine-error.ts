// The error of asking for RE2 before the window's lazy engine has arrived (re2-engine.ts). A
// module of its own, without re2js, so the window's stand-in can share the class.

/**
 * Thrown by the window's lazy engine when asked before re2js has arrived. Code that catches
 * regex errors rethrows it (and never caches it): it is not a verdict on any pattern.
 */
export class RegexEngineNotLoaded extends Error {
  constructor() {
    super('the regular expression engine is still loading');
    this.name = 'RegexEngineNotLoaded';
  }
}
