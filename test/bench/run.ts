// `npm run bench`: runs every benchmark case in turn, prints a table and writes
// bench-results.json at the repository root. `npm run bench -- --only 1,3` runs some cases.
// Cases whose modules have not landed, or that fail, are reported NOT RUN (never a pass).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, type BenchContext } from './lib/context.ts';
import { startFleetServer, type FleetServer } from './lib/fleet-server.ts';
import { formatTable, notRun, type BenchResult } from './lib/result.ts';
import { runClientVsAmtool } from './cases/client-vs-amtool.ts';
import { runCoreCycle } from './cases/core-cycle.ts';
import { runDeltaSize } from './cases/delta-size.ts';
import { runRenderer } from './cases/renderer.ts';
import { runNotificationLatency } from './cases/notification-latency.ts';
import { runScale } from './cases/scale.ts';
import { runHistory } from './cases/history.ts';

interface CaseDef {
  id: string;
  title: string;
  target: string;
  run: (ctx: BenchContext) => Promise<BenchResult[]>;
}

const CASES: CaseDef[] = [
  { id: '1', title: '1 client vs amtool', target: '<= 0.3', run: runClientVsAmtool },
  { id: '2', title: '2 core cycle', target: '<= 20 ms', run: runCoreCycle },
  { id: '3', title: '3 delta size', target: '0 B unchanged', run: runDeltaSize },
  { id: '4', title: '4 renderer', target: 'complete <= 300 ms', run: runRenderer },
  {
    id: '5',
    title: '5 notification latency',
    target: '<= interval + 1 s',
    run: runNotificationLatency,
  },
  {
    id: '6',
    title: '6 scale (1x10k, 3 peers x10k, 20x5k)',
    target: '100k: complete <= 1 s, CPU <= 10 %',
    run: runScale,
  },
  {
    id: '7',
    title: '7 history (1,000,000 events)',
    target: 'cycle with recording <= 1.10 x',
    run: runHistory,
  },
];

function parseOnly(argv: string[]): Set<string> | undefined {
  const i = argv.indexOf('--only');
  const value = i >= 0 ? argv[i + 1] : argv.find((a) => a.startsWith('--only='))?.slice(7);
  return value ? new Set(value.split(',').map((s) => s.trim())) : undefined;
}

async function main(): Promise<void> {
  const only = parseOnly(process.argv.slice(2));
  const started = Date.now();
  let fleet: Promise<FleetServer> | undefined;
  const ctx: BenchContext = {
    runs: Math.max(5, Number(process.env.BENCH_RUNS ?? 5)),
    fleet: () => (fleet ??= startFleetServer({ alerts: 10_000, alertnames: 1_000 })),
    log: (m) => console.log(m),
  };
  const results: BenchResult[] = [];
  let crashed = false;
  const { loadavg, cpus } = await import('node:os');
  const loadStart = loadavg();
  console.log(
    `load average at start: ${loadStart.map((l) => l.toFixed(2)).join(' ')} (${cpus().length} cores)`,
  );
  try {
    for (const c of CASES) {
      if (only && !only.has(c.id)) continue;
      console.log(`\n== case ${c.title}`);
      const t0 = Date.now();
      try {
        results.push(...(await c.run(ctx)));
      } catch (err) {
        crashed = true;
        const why = err instanceof Error ? (err.stack ?? err.message) : String(err);
        console.error(why);
        results.push(notRun(c.title, c.target, `failed: ${why.split('\n')[0]}`));
      }
      console.log(`   (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    }
  } finally {
    if (fleet) await (await fleet.catch(() => undefined))?.am.stop();
  }
  const totalSec = (Date.now() - started) / 1000;
  console.log('\n' + formatTable(results));
  const loadEnd = loadavg();
  console.log(
    `\nTotal ${totalSec.toFixed(1)} s; load average at end: ${loadEnd.map((l) => l.toFixed(2)).join(' ')}`,
  );
  const out = {
    generatedAt: new Date().toISOString(),
    machine: {
      node: process.version,
      platform: process.platform,
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? '',
      loadAverageStart: loadStart,
      loadAverageEnd: loadEnd,
    },
    totalSeconds: totalSec,
    cases: results.map((r) => ({ ...r, median: Number.isNaN(r.median) ? null : r.median })),
  };
  writeFileSync(join(ROOT, 'bench-results.json'), JSON.stringify(out, null, 2) + '\n');
  console.log(`wrote ${join(ROOT, 'bench-results.json')}`);
  process.exitCode = crashed ? 1 : 0;
}

await main();
