// The Electron app's hidden audio page (sound.html): no preload, no bridge, sandboxed; the main
// process calls `amtrayPlay(name, volume)` with a fixed script (main/electron/sound-player.ts)
// so a page can sound while the app window is hidden or closed.
import type { SoundName } from '$core/model/events.ts';
import { SoundPlayer } from './lib/sound/player.ts';

const player = new SoundPlayer();
const names: readonly SoundName[] = ['critical', 'warning'];

Object.assign(globalThis, {
  amtrayPlay: (name: unknown, volume: unknown): Promise<boolean> =>
    names.includes(name as SoundName) && typeof volume === 'number'
      ? player.play(name as SoundName, volume)
      : Promise.resolve(false),
});
