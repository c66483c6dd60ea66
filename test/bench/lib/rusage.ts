// CPU time of a child process, precisely. Node's process.resourceUsage() covers only this
// process, and /proc/self/stat's cutime has 10 ms ticks; a tiny Python wrapper runs the
// command and reports getrusage(RUSAGE_CHILDREN), which the kernel fills from the reaped
// child's exact runtime (all its threads: Go's GC and runtime threads count too).
import { spawn } from 'node:child_process';

const WRAPPER = `
import json, resource, subprocess, sys, time
before = resource.getrusage(resource.RUSAGE_CHILDREN)
t0 = time.perf_counter()
p = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
wall = time.perf_counter() - t0
after = resource.getrusage(resource.RUSAGE_CHILDREN)
items = -1
try:
    items = len(json.loads(p.stdout))
except Exception:
    pass
print(json.dumps({
    "code": p.returncode,
    "wallMs": wall * 1000,
    "userMs": (after.ru_utime - before.ru_utime) * 1000,
    "sysMs": (after.ru_stime - before.ru_stime) * 1000,
    "maxRssKb": after.ru_maxrss,
    "stdoutBytes": len(p.stdout),
    "items": items,
    "stderr": p.stderr.decode("utf-8", "replace")[-500:],
}))
`;

export interface ChildUsage {
  code: number;
  wallMs: number;
  userMs: number;
  sysMs: number;
  maxRssKb: number;
  stdoutBytes: number;
  /** Length of the JSON array the command printed, -1 when not JSON. */
  items: number;
  stderr: string;
}

export function pythonAvailable(): Promise<boolean> {
  return new Promise((resolve) => {
    const p = spawn('python3', ['-c', 'import resource'], { stdio: 'ignore' });
    p.once('error', () => resolve(false));
    p.once('exit', (code) => resolve(code === 0));
  });
}

/** Runs `cmd args` to completion and returns its wall time and CPU (user+sys) time. */
export function runWithRusage(cmd: string, args: string[]): Promise<ChildUsage> {
  return new Promise((resolve, reject) => {
    const p = spawn('python3', ['-c', WRAPPER, cmd, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.stderr.on('data', (d: Buffer) => (err += d.toString()));
    p.once('error', reject);
    p.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`rusage wrapper exited ${code}: ${err.slice(-500)}`));
      try {
        resolve(JSON.parse(out) as ChildUsage);
      } catch (e) {
        reject(new Error(`rusage wrapper printed ${out.slice(0, 200)}`, { cause: e }));
      }
    });
  });
}
