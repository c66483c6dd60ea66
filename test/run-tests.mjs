#!/usr/bin/env node
// Runs every test file (test/**/*.test.ts) in one node:test run, so CI reads one summary.
// Usage: node test/run-tests.mjs [substring filters...]
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const filters = process.argv.slice(2);

function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else if (name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

const files = walk(join(root, 'test'))
  .map((f) => relative(root, f))
  .filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)))
  .sort();
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
const concurrency = process.env.TEST_CONCURRENCY ?? '3';
const result = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '--test',
    `--test-concurrency=${concurrency}`,
    '--test-timeout=180000',
    ...files,
  ],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
