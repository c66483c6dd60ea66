// The browser shell's SecretStore: environment variables first (AMTRAY_SECRET_<KEY>, for
// containers and CI), then a secrets.json kept apart from settings.json and written with
// mode 0600 atomically. There is no OS keyring in plain Node: app:info says so.
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { SecretStore } from '../core/service.ts';

/** `instance/abc-1/password` -> `AMTRAY_SECRET_INSTANCE_ABC_1_PASSWORD` */
export function secretEnvName(key: string): string {
  return `AMTRAY_SECRET_${key.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

export class FileSecretStore implements SecretStore {
  readonly #path: string;
  readonly #env: NodeJS.ProcessEnv;
  /** Serialises writes so two concurrent sets never lose one another. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(path: string, env: NodeJS.ProcessEnv = process.env) {
    this.#path = path;
    this.#env = env;
  }

  get path(): string {
    return this.#path;
  }

  async get(key: string): Promise<string | undefined> {
    const fromEnv = this.#env[secretEnvName(key)];
    if (fromEnv !== undefined) return fromEnv;
    const all = await this.#read();
    return all[key];
  }

  set(key: string, value: string): Promise<void> {
    return this.#update((all) => {
      all[key] = value;
    });
  }

  delete(key: string): Promise<void> {
    return this.#update((all) => {
      delete all[key];
    });
  }

  async #read(): Promise<Record<string, string>> {
    let text: string;
    try {
      text = await readFile(this.#path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw err;
    }
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new Error(`${this.#path}: expected a JSON object of strings`);
    }
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(parsed)) if (typeof v === 'string') out[k] = v;
    return out;
  }

  #update(change: (all: Record<string, string>) => void): Promise<void> {
    const run = async (): Promise<void> => {
      const all = await this.#read();
      change(all);
      await mkdir(dirname(this.#path), { recursive: true, mode: 0o700 });
      const tmp = `${this.#path}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
      try {
        await writeFile(tmp, JSON.stringify(all, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
        await chmod(tmp, 0o600);
        await rename(tmp, this.#path);
      } catch (err) {
        await unlink(tmp).catch(() => undefined);
        throw err;
      }
    };
    const next = this.#queue.then(run, run);
    this.#queue = next.catch(() => undefined);
    return next;
  }
}
