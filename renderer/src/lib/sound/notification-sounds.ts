// The window's part of the sound: in the browser shell, a notification the policy gave a sound
// (AppNotification.sound) plays it while the page is open. The Electron window stays quiet:
// there the main process plays it through its hidden audio page (main/electron/sound-player.ts),
// which works with the window hidden or closed, and two players would sound twice.
import type { AppNotification } from '$core/model/events.ts';
import type { SoundPlayer } from './player.ts';

export interface NotificationSoundsOptions {
  player: SoundPlayer;
  /** Whether this window is the browser shell's. */
  inBrowser: () => boolean;
  /** The volume setting (0–100) as stored now. */
  volume: () => number;
}

export class NotificationSounds {
  readonly #o: NotificationSoundsOptions;

  constructor(options: NotificationSoundsOptions) {
    this.#o = options;
  }

  /** One the core raised ('notifications:shown'). */
  notified(n: AppNotification): void {
    if (n.sound && this.#o.inBrowser()) void this.#o.player.play(n.sound, this.#o.volume());
  }
}
