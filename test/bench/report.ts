// Prints bench-results.json (written by run.ts) as the Markdown table used in docs/performance.md:
// `npx tsx test/bench/report.ts`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib/context.ts';
import { formatMarkdown, type BenchResult } from './lib/result.ts';

interface ResultsFile {
  generatedAt: string;
  totalSeconds: number;
  machine: {
    node: string;
    cpus: number;
    cpuModel?: string;
    loadAverageStart?: number[];
    loadAverageEnd?: number[];
  };
  cases: (Omit<BenchResult, 'median'> & { median: number | null })[];
}

const file = JSON.parse(readFileSync(join(ROOT, 'bench-results.json'), 'utf8')) as ResultsFile;
const results: BenchResult[] = file.cases.map((c) => ({ ...c, median: c.median ?? Number.NaN }));
const load = (l?: number[]): string => (l ? l.map((x) => x.toFixed(2)).join(' / ') : '?');
console.log(
  `Run ${file.generatedAt}, ${file.machine.cpus} cores (${file.machine.cpuModel ?? '?'}), Node ${file.machine.node}, ` +
    `${Math.round(file.totalSeconds)} s; load average (1/5/15 min) ${load(file.machine.loadAverageStart)} at start, ` +
    `${load(file.machine.loadAverageEnd)} at end.\n`,
);
console.log(formatMarkdown(results));
console.log('\nNotes:\n');
for (const r of results) if (r.notes) console.log(`- **${r.name}**: ${r.notes}`);
