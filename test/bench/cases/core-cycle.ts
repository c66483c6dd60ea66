import type { BenchContext } from '../lib/context.ts';
import { notRun, type BenchResult } from '../lib/result.ts';

export async function runCoreCycle(_ctx: BenchContext): Promise<BenchResult[]> {
  return [notRun('2 core cycle', '<= 20 ms', 'not written yet')];
}
