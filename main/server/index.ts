// Entry of the browser shell (built to out/main/serve.js; `npm run serve`). Runs the core in
// Node and serves the app to a local browser at the printed URL.
import { readFileSync } from 'node:fs';
import { createCore } from '../core/engine/create-core.ts';
import { USAGE, parseServeArgs } from './args.ts';
import { startBrowserShell } from './start.ts';

function packageVersion(): string {
  try {
    // out/main/serve.js and main/server/index.ts are both two levels below the root.
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

async function main(): Promise<void> {
  let args;
  try {
    args = parseServeArgs(process.argv.slice(2), process.env);
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
    process.exit(2);
  }
  if (args.help) {
    console.log(USAGE);
    return;
  }
  const shell = await startBrowserShell({
    createCore,
    configPath: args.configPath,
    port: args.port,
    instances: args.instances,
    version: packageVersion(),
    log: (line) => console.error(line),
  });
  console.log(`Alertmanager Tray (browser shell) at ${shell.url}`);
  console.error(`settings: ${args.configPath}`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.error(`${signal}: stopping`);
    shell.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
