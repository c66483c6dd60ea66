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

/** `root` is the app's path (app.getAppPath()); a dev server URL replaces the built page. */
export function appFiles(root: string, devUrl: string | undefined): AppFiles {
  const assetsDir = join(root, 'assets');
  return {
    location: devUrl
      ? { kind: 'dev', origin: new URL(devUrl).origin }
      : { kind: 'file', indexPath: join(root, 'out', 'renderer', 'index.html') },
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
