// Command line and environment of the browser shell, parsed into options. Pure.
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface ServeArgs {
  configPath: string;
  port: number;
  /** Alertmanager URLs added for this run (not written to the settings file). */
  instances: string[];
  help: boolean;
}

export const USAGE = `Usage: node out/main/serve.js [--config <settings.json>] [--port <n>] [--instance <url>]...

  --config <path>    settings file (default $XDG_CONFIG_HOME/alertmanager-tray/settings.json,
                     or the AMTRAY_CONFIG environment variable)
  --port <n>         port on 127.0.0.1 (default 0: a free port)
  --instance <url>   watch this Alertmanager too (repeatable; not saved)

Secrets: AMTRAY_SECRET_<KEY> environment variables (KEY = the secret key upper-cased with
non-alphanumerics as _), else secrets.json (mode 0600) next to the settings file.`;

/** `<XDG_CONFIG_HOME or ~/.config>/alertmanager-tray/settings.json` */
export function defaultConfigPath(env: NodeJS.ProcessEnv, home = homedir()): string {
  const base =
    env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/')
      ? env.XDG_CONFIG_HOME
      : join(home, '.config');
  return join(base, 'alertmanager-tray', 'settings.json');
}

export function parseServeArgs(argv: string[], env: NodeJS.ProcessEnv, home?: string): ServeArgs {
  const out: ServeArgs = {
    configPath: env.AMTRAY_CONFIG || defaultConfigPath(env, home),
    port: 0,
    instances: [],
    help: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new Error(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--config':
        out.configPath = value();
        break;
      case '--port': {
        const v = value();
        const port = Number(v);
        if (!/^\d+$/.test(v) || port > 65535) throw new Error(`--port: not a port number: ${v}`);
        out.port = port;
        break;
      }
      case '--instance': {
        const v = value();
        let url: URL;
        try {
          url = new URL(v);
        } catch {
          throw new Error(`--instance: not a URL: ${v}`);
        }
        if (url.protocol !== 'http:' && url.protocol !== 'https:') {
          throw new Error(`--instance: expected an http(s) URL: ${v}`);
        }
        out.instances.push(v);
        break;
      }
      case '-h':
      case '--help':
        out.help = true;
        break;
      default:
        throw new Error(`unknown argument: ${arg}`);
    }
  }
  return out;
}
