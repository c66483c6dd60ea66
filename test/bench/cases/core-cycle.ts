// Case 2: one core cycle after parsing (merge, diff, serialise the delta) at 1k, 10k and 50k
// alerts for 1 instance, a 3-peer cluster and 10 instances, with 1 % churn per cycle; and the
// heap after 1,000 such cycles at 10k x 3 peers, in a child process started with --expose-gc
// (cases/heap-probe.ts) so the bench's own allocations do not blur it.
import { join } from 'node:path';
import { LineChild } from '../lib/line-child.ts';
import { ROOT, type BenchContext } from '../lib/context.ts';
import { EngineCycle, type CycleResult } from '../lib/engine-cycle.ts';
import { EngineFeed, TOPOLOGY_LABEL, type Topology } from '../lib/engine-feed.ts';
import type { BenchResult } from '../lib/result.ts';
import { median, msSince, percentile, round } from '../lib/stats.ts';

const SIZES = [1_000, 10_000, 50_000];
const TOPOLOGIES: Topology[] = ['single', 'cluster3', 'ten'];
const TARGET_MS = 20;
const HEAP_TARGET_PCT = 5;

export interface HeapReport {
  cycles: number;
  baselineMb: number;
  finalMb: number;
  growthPct: number;
  samplesMb: number[];
  meanCycleMs: number;
  /** What the notification policy remembers at baseline and every 100 cycles. */
  policyAtBaseline: { episodes: number; current: number };
  policy: { episodes: number; current: number }[];
}

/** Why the heap grew, from what the policy reported (no hard-coded verdict). */
function heapDiagnosis(heap: HeapReport): string {
  const last = heap.policy.at(-1);
  if (!last) return 'no policy data';
  const why: string[] = [];
  if (last.episodes > heap.policyAtBaseline.episodes)
    why.push(
      `NotificationPolicy remembers ${last.episodes} firing episodes (every open one, and resolved ones for ` +
        '1 h so a flapping alert does not notify twice; capped at 20,000 small records): the heap fills ' +
        'up to that cap and then stays flat (see the steady-state row)',
    );
  if (last.current > last.episodes)
    why.push(
      `its \`current\` index has ${last.current} entries for ${last.episodes} episodes: entries of episodes ` +
        'evicted at the cap are never removed (policy/notify.ts startEpisode), so it grows without bound',
    );
  return why.length ? why.join('; ') : 'not explained by the policy memory';
}

export async function runCoreCycle(ctx: BenchContext): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const size of SIZES) {
    for (const topology of TOPOLOGIES) {
      const feed = new EngineFeed(topology, size);
      const cycle = new EngineCycle(feed);
      // Warm-up: the first cycle builds every record, the next ones warm the JIT.
      const warmups = size >= 50_000 ? 2 : 3;
      for (let w = 0; w < warmups; w++) {
        feed.churn(0.01);
        cycle.run(cycle.prepare());
      }
      const times: number[] = [];
      const phases: CycleResult['phases'][] = [];
      let bytes = 0;
      const runs = size >= 50_000 ? ctx.runs : Math.max(ctx.runs, 7);
      for (let r = 0; r < runs; r++) {
        feed.churn(0.01);
        const input = cycle.prepare();
        const t0 = process.hrtime.bigint();
        const res = cycle.run(input);
        times.push(msSince(t0));
        bytes = res.deltaBytes;
        phases.push(res.phases);
      }
      const med = median(times);
      const gated = size === 10_000 && topology === 'cluster3';
      const k = `${size / 1000}k`;
      results.push({
        name: `2 core cycle ${k} alerts, ${TOPOLOGY_LABEL[topology]}`,
        median: round(med),
        unit: 'ms',
        target: gated ? `<= ${TARGET_MS} ms` : '',
        pass: gated ? med <= TARGET_MS : null,
        runs,
        notes:
          `1% churn/cycle, p95 ${round(percentile(times, 95))} ms, delta ${round(bytes / 1024, 1)} KiB; ` +
          `median merge ${round(median(phases.map((p) => p.merge)))} / diff ${round(median(phases.map((p) => p.diff)))} / ` +
          `events+policy ${round(median(phases.map((p) => p.policy)))} / serialise ${round(median(phases.map((p) => p.serialise)))} ms` +
          (topology === 'ten' ? `; ${size / 10} alerts per instance` : '') +
          (topology === 'cluster3' ? `; every peer holds all ${size}` : '') +
          (gated && med > TARGET_MS ? `; TARGET MISSED by ${round(med - TARGET_MS)} ms` : ''),
      });
      ctx.log(`  ${k} ${TOPOLOGY_LABEL[topology]}: ${round(med)} ms`);
    }
  }

  ctx.log('  heap: 1,000 cycles at 10k x 3 peers (child process, --expose-gc)');
  const probe = new LineChild(process.execPath, [
    '--expose-gc',
    '--import',
    'tsx',
    join(ROOT, 'test/bench/cases/heap-probe.ts'),
    '1000',
  ]);
  try {
    const heap = await probe.next<HeapReport>(undefined, 480_000);
    results.push({
      name: '2 heap growth 1,000 cycles 10k x 3 peers',
      median: round(heap.growthPct),
      unit: '%',
      target: `< ${HEAP_TARGET_PCT} %`,
      pass: heap.growthPct < HEAP_TARGET_PCT,
      runs: 1,
      notes:
        `heapUsed after gc: ${round(heap.baselineMb, 1)} MB after warm-up -> ${round(heap.finalMb, 1)} MB after ` +
        `${heap.cycles} cycles with 1% churn; every 100 cycles: ${heap.samplesMb.map((m) => round(m, 1)).join(', ')} MB; ` +
        `mean cycle incl. payload copy ${round(heap.meanCycleMs)} ms. Heap includes the generator's own 10k-alert pool. ` +
        `Notification policy memory (episodes/current index): ${heap.policyAtBaseline.episodes}/` +
        `${heap.policyAtBaseline.current} at baseline, then ${heap.policy.map((p) => `${p.episodes}/${p.current}`).join(', ')}` +
        (heap.growthPct < HEAP_TARGET_PCT ? '' : `; TARGET MISSED: ${heapDiagnosis(heap)}`),
    });
    // The same run's second half: bounded caches are full by then, so growth here is a leak.
    const mid = heap.samplesMb[4];
    const end = heap.samplesMb.at(-1);
    if (mid !== undefined && end !== undefined && heap.samplesMb.length >= 10) {
      results.push({
        name: '2 heap growth cycles 500-1,000 (steady state)',
        median: round(((end - mid) / mid) * 100),
        unit: '%',
        target: '',
        pass: null,
        runs: 1,
        notes: `heapUsed after gc ${round(mid, 1)} MB at cycle 500 -> ${round(end, 1)} MB at cycle 1,000 (same run)`,
      });
    }
  } finally {
    await probe.close();
  }
  return results;
}
