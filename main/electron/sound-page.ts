// The hidden audio page's address and the one script the main process runs in it (pure: no
// Electron import, so Node tests check them). The script is built from a closed list of names
// and a clamped whole number: nothing from any server ever reaches it.
import type { SoundName } from '../core/model/events.ts';
import { APP_ORIGIN } from './app-protocol.ts';
import type { AppLocation } from './trusted-sender.ts';

/** The script that plays `name`: only these names, only a whole number 0–100. */
export function playScript(name: SoundName, volume: number): string {
  const names: readonly SoundName[] = ['critical', 'warning'];
  if (!names.includes(name)) throw new Error(`unknown sound ${String(name)}`);
  const v = Number.isFinite(volume) ? Math.round(Math.max(0, Math.min(100, volume))) : 0;
  return `amtrayPlay(${JSON.stringify(name)}, ${v})`;
}

export function soundPageUrl(app: AppLocation): string {
  return `${app.kind === 'dev' ? app.origin : APP_ORIGIN}/sound.html`;
}
