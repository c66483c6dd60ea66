// Plays the app's bundled sounds (public/sounds/<name>.wav, made by main/tools/make-sounds.ts)
// through Web Audio: fetched from our own origin (connect-src 'self', no media-src needed),
// decoded once, then each play is a buffer source through a gain node. Used by the window
// (browser shell, and every shell's Test buttons) and by Electron's hidden audio page
// (sound-page.ts), so both play the same way.
import type { SoundName } from '$core/model/events.ts';

/** Plays of one sound closer together than this are one (a burst of pages, one call). */
const MIN_GAP_MS = 1_000;

export class SoundPlayer {
  #context: AudioContext | undefined;
  readonly #buffers = new Map<SoundName, Promise<AudioBuffer>>();
  readonly #lastStart = new Map<SoundName, number>();
  readonly #base: string;

  /** `base`: where the sounds are, relative to the page. */
  constructor(base = './sounds/') {
    this.#base = base;
  }

  /**
   * Starts `name` at `volume` (0–100); resolves once it started (false: skipped, as the same
   * sound started less than a second ago, or it could not be loaded).
   */
  async play(name: SoundName, volume: number): Promise<boolean> {
    const now = performance.now();
    const last = this.#lastStart.get(name);
    if (last !== undefined && now - last < MIN_GAP_MS) return false;
    this.#lastStart.set(name, now);
    const context = this.#ensureContext();
    try {
      const buffer = await this.#load(context, name);
      const gain = context.createGain();
      // Loudness is heard roughly logarithmically: a squared slider feels even across its range.
      gain.gain.value = (Math.max(0, Math.min(100, volume)) / 100) ** 2;
      const source = context.createBufferSource();
      source.buffer = buffer;
      source.connect(gain).connect(context.destination);
      source.start();
      return true;
    } catch {
      this.#buffers.delete(name);
      return false;
    }
  }

  /**
   * Made at the first play, never on a click: making it opens the audio output (85–140 ms in
   * one task), which must not be added to the click that opens an alert. Browsers let audio
   * run only once the page was used (autoplay policy), but that use is sticky: a context made
   * later, with nobody at the keyboard, runs.
   */
  #ensureContext(): AudioContext {
    this.#context ??= new AudioContext();
    // Not awaited: never used yet, resume() waits for a gesture (the source still starts).
    if (this.#context.state === 'suspended') void this.#context.resume();
    return this.#context;
  }

  #load(context: AudioContext, name: SoundName): Promise<AudioBuffer> {
    let buffer = this.#buffers.get(name);
    if (!buffer) {
      buffer = fetch(`${this.#base}${name}.wav`)
        .then((r) => {
          if (!r.ok) throw new Error(`${name}.wav: HTTP ${r.status}`);
          return r.arrayBuffer();
        })
        .then((bytes) => context.decodeAudioData(bytes));
      this.#buffers.set(name, buffer);
    }
    return buffer;
  }
}
