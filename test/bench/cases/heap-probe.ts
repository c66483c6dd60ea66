// Child process of case 2 (run with --expose-gc): N core cycles at 10k alerts x 3 peers with
// 1 % churn, heapUsed after a full GC before and after, printed as one JSON line.
import { EngineCycle } from '../lib/engine-cycle.ts';
import { EngineFeed } from '../lib/engine-feed.ts';

const cycles = Number(process.argv[2] ?? 1000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

function heapMb(): number {
  gc!();
  gc!();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

const feed = new EngineFeed('cluster3', 10_000);
const cycle = new EngineCycle(feed);
for (let w = 0; w < 20; w++) {
  feed.churn(0.01);
  cycle.run(cycle.prepare());
}
const baselineMb = heapMb();
const samplesMb: number[] = [];
const policy: { episodes: number; current: number }[] = [];
const policyAtBaseline = cycle.policyMemory;
const t0 = process.hrtime.bigint();
for (let c = 1; c <= cycles; c++) {
  feed.churn(0.01);
  cycle.run(cycle.prepare());
  if (c % 100 === 0) {
    samplesMb.push(heapMb());
    policy.push(cycle.policyMemory);
  }
}
const meanCycleMs = Number(process.hrtime.bigint() - t0) / 1e6 / cycles;
const finalMb = heapMb();
process.stdout.write(
  JSON.stringify({
    cycles,
    baselineMb,
    finalMb,
    growthPct: ((finalMb - baselineMb) / baselineMb) * 100,
    samplesMb,
    meanCycleMs,
    policyAtBaseline,
    policy,
  }) + '\n',
);
