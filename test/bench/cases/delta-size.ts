import type { BenchContext } from '../lib/context.ts';
import { notRun, type BenchResult } from '../lib/result.ts';

export async function runDeltaSize(_ctx: BenchContext): Promise<BenchResult[]> {
  return [notRun('3 delta size', '0 B', 'not written yet')];
}
