// A child process spoken to one line at a time: write a command, read one JSON line back.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface, type Interface } from 'node:readline';

export class LineChild {
  readonly #child: ChildProcessWithoutNullStreams;
  readonly #lines: Interface;
  readonly #queue: ((line: string) => void)[] = [];
  #stderr = '';
  #exited = false;

  constructor(cmd: string, args: string[], env?: NodeJS.ProcessEnv) {
    this.#child = spawn(cmd, args, { stdio: 'pipe', env: env ?? process.env });
    this.#child.stderr.on('data', (d: Buffer) => {
      this.#stderr = (this.#stderr + d.toString()).slice(-4000);
    });
    this.#lines = createInterface({ input: this.#child.stdout });
    this.#lines.on('line', (line) => this.#queue.shift()?.(line));
    this.#child.once('exit', () => {
      this.#exited = true;
      for (const waiter of this.#queue.splice(0)) waiter('');
    });
  }

  /** Next JSON line (optionally after sending a command); rejects when the child died. */
  async next<T>(command?: string, timeoutMs = 120_000): Promise<T> {
    if (this.#exited) throw new Error(`child exited: ${this.#stderr}`);
    const line = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`child did not answer in ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.#queue.push((l) => {
        clearTimeout(timer);
        resolve(l);
      });
      if (command !== undefined) this.#child.stdin.write(command + '\n');
    });
    if (line === '') throw new Error(`child exited: ${this.#stderr}`);
    return JSON.parse(line) as T;
  }

  async close(): Promise<void> {
    if (this.#exited) return;
    const done = new Promise<void>((r) => this.#child.once('exit', () => r()));
    this.#child.stdin.end('quit\n');
    const timer = setTimeout(() => this.#child.kill('SIGKILL'), 5000);
    await done;
    clearTimeout(timer);
  }
}
