// Launch at login: the OS login item on macOS and Windows, an XDG autostart entry on Linux.
// Started that way the app stays in the tray (--hidden / wasOpenedAtLogin).
import { app } from 'electron';
import { HIDDEN_ARG, autostartDir, autostartExec, setLinuxAutostart } from './autostart-linux.ts';

export async function setLaunchAtLogin(enabled: boolean): Promise<boolean> {
  if (process.platform === 'linux') {
    return setLinuxAutostart(enabled, {
      dir: autostartDir(process.env),
      exec: autostartExec(process.env, process.execPath),
      // An unpackaged run (`electron .`) needs the app path as its argument.
      args: app.isPackaged ? [HIDDEN_ARG] : [app.getAppPath(), HIDDEN_ARG],
    });
  }
  app.setLoginItemSettings({ openAtLogin: enabled, args: [HIDDEN_ARG] });
  return app.getLoginItemSettings({ args: [HIDDEN_ARG] }).openAtLogin;
}

/** Started by the session rather than the user: stay in the tray. */
export function startedHidden(argv: string[]): boolean {
  if (argv.includes(HIDDEN_ARG)) return true;
  if (process.platform === 'darwin') return app.getLoginItemSettings().wasOpenedAtLogin === true;
  return false;
}
