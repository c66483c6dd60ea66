// Command line and environment of the browser shell, parsed into options. Pure.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { baseUrlProblem } from '../core/model/base-url-problem.ts';

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
non-alphanumerics as _), else secrets.json (mode 0600) next to the settings file. A secret is
sent only to the origin it is bound to; AMTRAY_SECRET_<KEY>_ORIGIN (https://host:port) pins an
environment secret's, else it is its instance's origin in the settings file at the first start
that sees it (kept in secrets.json).`;

/** `<XDG_CONFIG_HOME or ~/.config>/alertmanager-tray/settings.json` */
export function defaultConfigPath(env: NodeJS.ProcessEnv, home = homedir()): string {
  const base =
    env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/')
      ? env.XDG_CONFIG_HOME
      : join(home, '.config');
  return join(base, 'alertmanager-tray', 'settings.json');
}

/** An --instance URL, or a clear refusal (which never repeats a password given in it). */
function instanceUrl(v: string): string {
  const problem = baseUrlProblem(v);
  if (!problem) return v;
  if (problem.kind === 'invalid') throw new Error(`--instance: ${problem.message}: ${v}`);
  if (problem.kind === 'credentials') {
    throw new Error(
      "--instance: a user name or password in the URL is not accepted (the URL is shown in the window and in the process list): add the instance in the window's Instances settings and enter them in its basic auth fields",
    );
  }
  throw new Error(`--instance: ${problem.message}`);
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
      case '--instance':
        out.instances.push(instanceUrl(value()));
        break;
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
