// Case 3: bytes of JSON sent to the renderer per cycle with 10,000 alerts on one instance,
// at 0 %, 1 % and 100 % churn (churn: that fraction of alerts resolves and as many new ones
// fire). Measured on the engine's own merge + diff (see lib/engine-cycle.ts).
import type { BenchContext } from '../lib/context.ts';
import { EngineCycle } from '../lib/engine-cycle.ts';
import { EngineFeed } from '../lib/engine-feed.ts';
import type { BenchResult } from '../lib/result.ts';
import { median, round } from '../lib/stats.ts';

const ALERTS = 10_000;

export async function runDeltaSize(ctx: BenchContext): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const churn of [0, 0.01, 1]) {
    const feed = new EngineFeed('single', ALERTS);
    const cycle = new EngineCycle(feed);
    cycle.run(cycle.prepare()); // first cycle: the full view exists, later cycles send deltas
    const bytes: number[] = [];
    let last = { upserts: 0, removes: 0 };
    for (let r = 0; r < ctx.runs; r++) {
      feed.churn(churn);
      const res = cycle.run(cycle.prepare());
      bytes.push(res.deltaBytes);
      last = res;
    }
    const pct = `${churn * 100}%`;
    const med = median(bytes);
    const isZero = churn === 0;
    results.push({
      name: `3 delta bytes 10k alerts, ${pct} churn`,
      median: med,
      unit: 'bytes',
      target: isZero ? '0' : '',
      pass: isZero ? med === 0 : null,
      runs: bytes.length,
      notes:
        (isZero
          ? med === 0
            ? 'no delta message at all when nothing changed'
            : `a delta was sent although nothing changed (${last.upserts} upserts)`
          : `${last.upserts} records upserted, ${last.removes} removed per cycle; ` +
            `${round(med / 1024, 1)} KiB`) +
        (churn === 1
          ? `; full snapshot message is ${round(cycle.snapshotBytes() / 1024, 1)} KiB`
          : ''),
    });
    ctx.log(`  ${pct} churn: ${med} bytes`);
  }
  return results;
}
