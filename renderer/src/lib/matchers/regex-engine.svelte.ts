// Whether the window's RE2 engine has arrived, as state the window can read in a $derived: a
// derived that needs RE2 reads `regexEngine.loaded`, shows what it can until then, and runs
// again when the engine comes (re2-engine-lazy.ts). In Node (unit tests) it is always loaded.
import { loadRegexEngine, regexEngineLoaded } from '$core/matchers/re2-engine.ts';

class RegexEngineState {
  #loaded = $state(regexEngineLoaded());
  #asked = false;

  /** True once RE2 can be used; reading it asks for the engine if nobody has yet. */
  get loaded(): boolean {
    if (!this.#loaded) this.load();
    return this.#loaded;
  }

  /** Starts fetching the engine (once); resolves when it can be used. */
  load(): Promise<void> {
    const done = loadRegexEngine();
    if (!this.#asked) {
      this.#asked = true;
      done.then(
        () => (this.#loaded = true),
        () => (this.#asked = false),
      );
    }
    return done;
  }
}

export const regexEngine = new RegexEngineState();
