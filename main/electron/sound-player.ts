// Plays the core's notification sounds in the Electron app, with the window shown, hidden or
// closed: OS notifications have no per-severity sound on Linux (and a different one per OS),
// so the app plays its own bundled sound through a hidden page. That page (sound.html) is
// sandboxed, has no preload and no bridge, loads from app:// under the window's CSP and
// session rules, and is created on first need. The main process asks it to play with a fixed
// script: the sound's name from a closed list and a number, nothing from any server.
import { BrowserWindow, session } from 'electron';
import type { AppNotification, SoundName } from '../core/model/events.ts';
import type { Core } from '../core/service.ts';
import { playScript, soundPageUrl } from './sound-page.ts';
import type { AppLocation } from './trusted-sender.ts';
import { hardenSession } from './window.ts';

export interface SoundPlayerOptions {
  core: Pick<Core, 'onNotification' | 'getSettings'>;
  app: AppLocation;
  log: (line: string) => void;
}

export interface AppSoundPlayer {
  stop(): void;
}

export function startSoundPlayer(opts: SoundPlayerOptions): AppSoundPlayer {
  let win: BrowserWindow | undefined;
  let loaded: Promise<void> | undefined;

  const page = (): { win: BrowserWindow; loaded: Promise<void> } => {
    if (!win || win.isDestroyed() || !loaded) {
      hardenSession(session.defaultSession, opts.app, opts.log);
      const created = new BrowserWindow({
        show: false,
        width: 1,
        height: 1,
        skipTaskbar: true,
        focusable: false,
        webPreferences: {
          contextIsolation: true,
          sandbox: true,
          nodeIntegration: false,
          webSecurity: true,
          webviewTag: false,
          spellcheck: false,
          // No one clicks this page: its sounds must play without a gesture, and on time
          // while it stays hidden.
          autoplayPolicy: 'no-user-gesture-required',
          backgroundThrottling: false,
        },
      });
      win = created;
      loaded = created.loadURL(soundPageUrl(opts.app));
    }
    return { win, loaded };
  };

  const play = async (name: SoundName) => {
    const volume = opts.core.getSettings().notifications.sound.volume;
    const script = playScript(name, volume);
    const p = page();
    try {
      await p.loaded;
      await p.win.webContents.executeJavaScript(script);
    } catch (err) {
      opts.log(`sound ${name} failed: ${err instanceof Error ? err.message : String(err)}`);
      // Loaded anew next time (a crashed or failed page is not reused).
      if (!p.win.isDestroyed()) p.win.destroy();
      win = undefined;
      loaded = undefined;
    }
  };

  const off = opts.core.onNotification((n: AppNotification) => {
    if (n.sound) void play(n.sound);
  });
  return {
    stop() {
      off();
      if (win && !win.isDestroyed()) win.destroy();
      win = undefined;
    },
  };
}
