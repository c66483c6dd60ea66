// What run.ts hands every case: run count, the repository root, and lazily started shared
// resources (one 10k-alert server for the cases that read one).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FleetServer } from './fleet-server.ts';

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface BenchContext {
  /** Minimum runs per measurement (median over these). */
  runs: number;
  /** The shared 10,000-alert / 1,000-group server (started on first use). */
  fleet(): Promise<FleetServer>;
  log(message: string): void;
}

/** True when a module of another engineer has landed (cases report NOT RUN otherwise). */
export function moduleExists(relativePath: string): boolean {
  return existsSync(join(ROOT, relativePath));
}
