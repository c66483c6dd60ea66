// Where the Electron app finds its own files (the built page and preload, or the dev server,
// and the icons) and who runs it.
import { userInfo } from 'node:os';
import { join } from 'node:path';
import type { AppLocation } from './trusted-sender.ts';

export interface AppFiles {
  location: AppLocation;
  preloadPath: string;
  assetsDir: string;
  iconPath: string;
}

export interface AppFilesOptions {
  /** The app's path (app.getAppPath()). */
  root: string;
  /** VITE_DEV_SERVER_URL, set by `npm run dev`. */
  devServerUrl: string | undefined;
  /** app.isPackaged. */
  packaged: boolean;
  log: (line: string) => void;
}

/**
 * The dev server's origin when it may replace the built page: never in a packaged app (an
 * environment variable must not point an installed app's window, and its bridge, at another
 * origin), and only an http origin on this machine.
 */
export function devServerOrigin(opts: AppFilesOptions): string | undefined {
  const raw = opts.devServerUrl;
  if (!raw) return undefined;
  if (opts.packaged) {
    opts.log('VITE_DEV_SERVER_URL ignored: a packaged app only loads its own page');
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    opts.log('VITE_DEV_SERVER_URL ignored: not a URL');
    return undefined;
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'http:' || !loopback) {
    opts.log('VITE_DEV_SERVER_URL ignored: only http://127.0.0.1 or localhost is accepted');
    return undefined;
  }
  return url.origin;
}

export function appFiles(opts: AppFilesOptions): AppFiles {
  const { root } = opts;
  const assetsDir = join(root, 'assets');
  const dev = devServerOrigin(opts);
  return {
    location: dev
      ? { kind: 'dev', origin: dev }
      : { kind: 'app', root: join(root, 'out', 'renderer') },
    preloadPath: join(root, 'out', 'preload', 'index.cjs'),
    assetsDir,
    iconPath: join(assetsDir, 'icons', '256x256.png'),
  };
}

/** The OS user name (silence author default); the environment's when the OS cannot say. */
export function osUserName(env: NodeJS.ProcessEnv = process.env): string {
  try {
    return userInfo().username;
  } catch {
    return env.USER ?? env.USERNAME ?? '';
  }
}
