// Launch at login on Linux: an XDG autostart entry (~/.config/autostart/<id>.desktop), the
// mechanism every freedesktop session honours. Pure Node (fs injected by path), tested.
import { mkdir, rm, writeFile, readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const AUTOSTART_FILE = 'alertmanager-tray.desktop';
/** Tells the app it was started by the session: stay in the tray, no window. */
export const HIDDEN_ARG = '--hidden';

export function autostartDir(env: NodeJS.ProcessEnv, home = homedir()): string {
  const base =
    env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/')
      ? env.XDG_CONFIG_HOME
      : join(home, '.config');
  return join(base, 'autostart');
}

/**
 * One Exec argument quoted per the Desktop Entry spec: reserved characters need double
 * quotes, and inside them ", `, $ and \ are backslash-escaped; then the whole value is a
 * string value, where \ itself is escaped again.
 */
export function quoteExecArg(arg: string): string {
  if (/[\n\r]/.test(arg)) throw new Error('newline in an Exec argument');
  const reserved = /[\s"'\\><~|&;$*?#()`]/;
  let out = arg.replace(/%/g, '%%');
  if (reserved.test(arg)) out = `"${out.replace(/(["`$\\])/g, '\\$1')}"`;
  return out.replace(/\\/g, '\\\\');
}

export function desktopEntry(opts: {
  exec: string;
  args?: string[];
  name?: string;
  icon?: string;
}): string {
  const exec = [opts.exec, ...(opts.args ?? [HIDDEN_ARG])].map(quoteExecArg).join(' ');
  const lines = [
    '[Desktop Entry]',
    'Type=Application',
    `Name=${opts.name ?? 'Alertmanager Tray'}`,
    'Comment=Watch Prometheus Alertmanagers from the system tray',
    `Exec=${exec}`,
    ...(opts.icon ? [`Icon=${opts.icon}`] : []),
    'Terminal=false',
    'Categories=Network;Monitor;',
    'X-GNOME-Autostart-enabled=true',
    'Hidden=false',
  ];
  return lines.join('\n') + '\n';
}

/** The executable to autostart: the AppImage itself when running from one. */
export function autostartExec(env: NodeJS.ProcessEnv, execPath: string): string {
  return env.APPIMAGE && env.APPIMAGE.startsWith('/') ? env.APPIMAGE : execPath;
}

export async function setLinuxAutostart(
  enabled: boolean,
  opts: { dir: string; exec: string; args?: string[]; icon?: string },
): Promise<boolean> {
  const file = join(opts.dir, AUTOSTART_FILE);
  if (!enabled) {
    await rm(file, { force: true });
    return isLinuxAutostartEnabled(opts.dir);
  }
  await mkdir(opts.dir, { recursive: true });
  const entry = {
    exec: opts.exec,
    ...(opts.args ? { args: opts.args } : {}),
    ...(opts.icon ? { icon: opts.icon } : {}),
  };
  await writeFile(file, desktopEntry(entry), { mode: 0o644 });
  // Read back, as the login item is on macOS and Windows: the state the session will see.
  return isLinuxAutostartEnabled(opts.dir);
}

export async function isLinuxAutostartEnabled(dir: string): Promise<boolean> {
  try {
    const text = await readFile(join(dir, AUTOSTART_FILE), 'utf8');
    return !/^Hidden=true$/m.test(text) && !/^X-GNOME-Autostart-enabled=false$/m.test(text);
  } catch {
    return false;
  }
}
