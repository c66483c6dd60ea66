import type { BenchContext } from '../lib/context.ts';
import { notRun, type BenchResult } from '../lib/result.ts';

export async function runRenderer(_ctx: BenchContext): Promise<BenchResult[]> {
  return [notRun('4 renderer first render', '<= 300 ms', 'not written yet')];
}
