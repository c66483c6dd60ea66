import type { BenchContext } from '../lib/context.ts';
import { notRun, type BenchResult } from '../lib/result.ts';

export async function runNotificationLatency(_ctx: BenchContext): Promise<BenchResult[]> {
  return [notRun('5 notification latency p95', '<= interval + 1 s', 'not written yet')];
}
