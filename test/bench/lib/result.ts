// The shape of one benchmark measurement, the printed table and bench-results.json.

export interface BenchResult {
  /** Case and measurement, e.g. `2 core cycle 10k x 3 peers`. */
  name: string;
  /** Median over `runs` runs (or the percentile named in `name`). */
  median: number;
  unit: string;
  /** Human readable target, e.g. `<= 20 ms`; '' when the row is informational. */
  target: string;
  /** true/false against the target; null when the row has no target or could not run. */
  pass: boolean | null;
  runs: number;
  notes: string;
}

/** A row that could not be measured (missing module, tool or failure): never a pass. */
export function notRun(name: string, target: string, why: string): BenchResult {
  return {
    name,
    median: Number.NaN,
    unit: '',
    target,
    pass: target ? false : null,
    runs: 0,
    notes: `NOT RUN: ${why}`,
  };
}

export function formatTable(results: readonly BenchResult[]): string {
  const header = ['case', 'median', 'unit', 'target', 'pass', 'runs'];
  const rows = results.map((r) => [
    r.name,
    Number.isNaN(r.median) ? '-' : String(r.median),
    r.unit,
    r.target || '-',
    r.pass === null ? '-' : r.pass ? 'PASS' : 'FAIL',
    String(r.runs),
  ]);
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => (i === 1 || i === 5 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ');
  const out = [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
  const notes = results.filter((r) => r.notes).map((r) => `- ${r.name}: ${r.notes}`);
  return [...out, '', 'Notes:', ...notes].join('\n');
}

/** The same table as Markdown (for docs/performance.md). */
export function formatMarkdown(results: readonly BenchResult[]): string {
  const rows = results.map(
    (r) =>
      `| ${r.name} | ${Number.isNaN(r.median) ? '-' : r.median} | ${r.unit} | ${r.target || '-'} | ${
        r.pass === null ? '-' : r.pass ? 'pass' : '**FAIL**'
      } | ${r.runs} |`,
  );
  return [
    '| Case | Median | Unit | Target | Result | Runs |',
    '|---|---:|---|---|---|---:|',
    ...rows,
  ].join('\n');
}
