// Child process of case 2 (run with --expose-gc): N core cycles at 10k alerts x 3 peers with
// 1 % churn, heapUsed after a full GC at baseline, every 10 cycles and at the end; then the
// size of the notification policy's episode ledger at its cap; printed as one JSON line.
import { EngineCycle } from '../lib/engine-cycle.ts';
import { EngineFeed } from '../lib/engine-feed.ts';

const cycles = Number(process.argv[2] ?? 1000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
const EVERY = 10;

function heapMb(): number {
  gc!();
  gc!();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

const feed = new EngineFeed('cluster3', 10_000);
let cycle = new EngineCycle(feed);
for (let w = 0; w < 20; w++) {
  feed.churn(0.01);
  cycle.run(cycle.prepare());
}
const baselineMb = heapMb();
/** heapUsed after GC at cycles EVERY, 2 x EVERY, ... */
const samplesMb: number[] = [];
const policy: { episodes: number; current: number }[] = [];
const policyAtBaseline = cycle.policyMemory;
const t0 = process.hrtime.bigint();
for (let c = 1; c <= cycles; c++) {
  feed.churn(0.01);
  cycle.run(cycle.prepare());
  if (c % EVERY === 0) {
    samplesMb.push(heapMb());
    policy.push(cycle.policyMemory);
  }
}
const meanCycleMs = Number(process.hrtime.bigint() - t0) / 1e6 / cycles;
const finalMb = heapMb();
const atCap = cycle.policyMemory;

// The ledger at its cap: the same engine state (feed, view, differ, reminders) with a new
// pipeline, whose ledger holds only the episodes of one cycle's new alerts. The difference
// in heap is what the full ledger holds (the first cycle of a new EngineCycle only merges;
// the second diffs and decides, as every later one).
cycle = new EngineCycle(feed);
for (let w = 0; w < 2; w++) {
  feed.churn(0.01);
  cycle.run(cycle.prepare());
}
const freshLedger = cycle.policyMemory;
const freshMb = heapMb();

process.stdout.write(
  JSON.stringify({
    cycles,
    every: EVERY,
    baselineMb,
    finalMb,
    growthPct: ((finalMb - baselineMb) / baselineMb) * 100,
    samplesMb,
    meanCycleMs,
    policyAtBaseline,
    policy,
    ledger: {
      atCap,
      fresh: freshLedger,
      heapWithFullMb: finalMb,
      heapWithFreshMb: freshMb,
    },
  }) + '\n',
);
