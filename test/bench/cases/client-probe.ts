// Child process for case 1: holds one AlertmanagerClient (as the app's poller does) and, for
// each line read on stdin (`groups` or `alerts`), does one fetch+parse and prints a JSON line
// with its wall time and this process's CPU time (user+sys, all threads) for that call.
// Running in its own process keeps the bench harness's own work out of the CPU numbers.
import { createInterface } from 'node:readline';
import type { ConnectionOptions } from '../../../main/core/api/connection.ts';

const url = process.argv[2];
if (!url) throw new Error('usage: client-probe.ts <alertmanager url>');

// Loaded through a variable so this file typechecks before engineer A's client lands.
interface ClientLike {
  getAlertGroups(): Promise<{ alerts: unknown[] }[]>;
  getAlerts(): Promise<unknown[]>;
  close(): Promise<void>;
}
const clientModule = '../../../main/core/api/client.ts';
const { AlertmanagerClient } = (await import(clientModule)) as {
  AlertmanagerClient: new (o: ConnectionOptions) => ClientLike;
};
const client = new AlertmanagerClient({ baseUrl: url, timeoutMs: 60_000 });

async function once(kind: string): Promise<Record<string, unknown>> {
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  let count: number;
  if (kind === 'groups') {
    const groups = await client.getAlertGroups();
    count = groups.reduce((n, g) => n + g.alerts.length, 0);
  } else {
    count = (await client.getAlerts()).length;
  }
  const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const cpu = process.cpuUsage(cpu0);
  return {
    kind,
    wallMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    count,
    rssMb: process.memoryUsage().rss / 2 ** 20,
  };
}

const rl = createInterface({ input: process.stdin });
process.stdout.write(JSON.stringify({ ready: true }) + '\n');
for await (const line of rl) {
  const kind = line.trim();
  if (kind === 'quit') break;
  try {
    process.stdout.write(JSON.stringify(await once(kind)) + '\n');
  } catch (err) {
    process.stdout.write(
      JSON.stringify({ error: err instanceof Error ? err.message : String(err) }) + '\n',
    );
  }
}
await client.close();
